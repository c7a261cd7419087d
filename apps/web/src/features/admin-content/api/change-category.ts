import type { AdminCategory, CategoryKind } from '@aaspaas/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminContentKeys } from './admin-content-keys';
import { refetchAfterChange } from '@/lib/query-client';

/** The category list's changes: add, rename/retire, reorder, merge (four endpoints of one list, one cache to refresh). */
export type CategoryChange =
  | { type: 'create'; name: string; nameHi?: string }
  | { type: 'update'; id: string; name?: string; nameHi?: string; retired?: boolean }
  | { type: 'reorder'; ids: string[] }
  | { type: 'merge'; id: string; intoId: string };

export function changeCategory(kind: CategoryKind, change: CategoryChange): Promise<AdminCategory | AdminCategory[]> {
  const base = `/api/admin/categories/${kind}`;
  switch (change.type) {
    case 'create':
      return api.post<AdminCategory>(base, { name: change.name, nameHi: change.nameHi });
    case 'update':
      return api.put<AdminCategory>(`${base}/${change.id}`, {
        name: change.name,
        nameHi: change.nameHi,
        retired: change.retired,
      });
    case 'reorder':
      return api.post<AdminCategory[]>(`${base}/reorder`, { ids: change.ids });
    case 'merge':
      return api.post<AdminCategory>(`${base}/${change.id}/merge`, { intoId: change.intoId });
  }
}

export function useChangeCategory(kind: CategoryKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: CategoryChange) => changeCategory(kind, change),
    onSettled: () => refetchAfterChange(queryClient, adminContentKeys.categories(kind)),
  });
}
