import type { CategoryKind, SitePageSlug } from '@aaspaas/domain';

/** Query keys of the admin's content pages. */
export const adminContentKeys = {
  all: ['admin-content'] as const,
  page: (slug: SitePageSlug) => ['admin-content', 'page', slug] as const,
  versions: (slug: SitePageSlug) => ['admin-content', 'versions', slug] as const,
  cards: (q: string, page: number, featured = false) => ['admin-content', 'cards', q, page, featured] as const,
  cardsAll: ['admin-content', 'cards'] as const,
  templates: (q: string, page: number) => ['admin-content', 'templates', q, page] as const,
  templatesAll: ['admin-content', 'templates'] as const,
  template: (id: string) => ['admin-content', 'template', id] as const,
  categories: (kind: CategoryKind) => ['admin-content', 'categories', kind] as const,
};
