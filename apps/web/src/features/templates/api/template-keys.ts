/** Query keys of the templates feature; a category's list is its own entry ('' = every category). */
export const templateKeys = {
  all: ['templates'] as const,
  lists: () => ['templates', 'list'] as const,
  list: (category?: string) => ['templates', 'list', category?.trim() ?? ''] as const,
  categories: () => ['templates', 'categories'] as const,
};

/** Templates change only when an admin edits them: a visit keeps what it loaded for 10 minutes. */
export const TEMPLATES_STALE_TIME = 10 * 60_000;
