import type { HidePostRequest } from '@aaspaas/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';
import { refetchAfterChange } from '@/lib/query-client';

/** The admin's actions on one post; each answers 204 and writes one audit row on the server. */
export type PostModeration =
  | { id: string; action: 'hide'; input: HidePostRequest }
  | { id: string; action: 'unhide' | 'dismiss-reports' | 'delete'; note?: string };

export function moderatePost(m: PostModeration): Promise<unknown> {
  const base = `/api/admin/posts/${encodeURIComponent(m.id)}`;
  if (m.action === 'hide') return api.post(`${base}/hide`, m.input);
  if (m.action === 'delete') return api.delete(base);
  return api.post(`${base}/${m.action}`, m.note ? { note: m.note } : {});
}

export function useModeratePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderatePost,
    onSuccess: () => refetchAfterChange(queryClient, adminKeys.all),
  });
}
