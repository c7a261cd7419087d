import { matchPath } from 'react-router';

/** The admin pages later issues build, by route pattern (docs/product.md §2), for their "coming soon" state. */
const LATER_ADMIN_PAGES = [
  { path: '/admin/sms-history', key: 'smsHistory' },
  { path: '/admin/campaigns', key: 'campaigns' },
] as const;

export type LaterAdminPageKey = (typeof LATER_ADMIN_PAGES)[number]['key'];
export const LATER_ADMIN_PATHS: readonly string[] = LATER_ADMIN_PAGES.map((page) => page.path);

/** '/admin/templates/edit/7' → 'templatesEdit'; null for a path that is not a later admin page. */
export function laterAdminPageFor(pathname: string): LaterAdminPageKey | null {
  return LATER_ADMIN_PAGES.find((page) => matchPath({ path: page.path, end: true }, pathname))?.key ?? null;
}
