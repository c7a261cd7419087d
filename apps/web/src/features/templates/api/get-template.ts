import type { Template } from '@aaspaas/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { templatesQueryOptions } from './get-templates';
import { templateKeys } from './template-keys';

/** A template the browser already has, from any list it loaded (the category the owner browsed). */
function cachedTemplate(lists: ReadonlyArray<readonly [unknown, Template[] | undefined]>, id: string): Template | undefined {
  for (const [, list] of lists) {
    const found = list?.find((t) => t.id === id);
    if (found) return found;
  }
  return undefined;
}

/**
 * One template by id. The API has no single-template route: it is looked up in the full list
 * (cached with /add-templates'), and shown at once from a category's list when that is cached.
 * `data` is null when no template has this id (removed, or a wrong link).
 */
export function useTemplate(id: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...templatesQueryOptions(),
    select: (list: Template[]) => list.find((t) => t.id === id) ?? null,
  });
  const early =
    query.data === undefined
      ? cachedTemplate(queryClient.getQueriesData<Template[]>({ queryKey: templateKeys.lists() }), id)
      : undefined;
  return { ...query, data: query.data !== undefined ? query.data : early };
}
