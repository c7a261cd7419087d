import { paths } from '@/config/paths';

type From = { pathname?: unknown; search?: unknown; hash?: unknown };

const ADMIN_ROOT = paths.admin.dashboard.path;
const isAdminPath = (path: string) => path === ADMIN_ROOT || path.startsWith(`${ADMIN_ROOT}/`);
const OPEN_PAGES: string[] = [
  paths.auth.path,
  paths.login.path,
  paths.resetPassword.path,
  paths.admin.login.path,
  paths.admin.createUser.path,
];

/**
 * Where to go after signing in: back to the page the guard sent the user away from (its
 * `state.from`), when that page is of the right area; else the area's home. Only paths of this
 * site are accepted, never another origin.
 */
export function redirectTarget(state: unknown, area: 'app' | 'admin'): string {
  const home = area === 'admin' ? paths.admin.dashboard.getHref() : paths.app.root.getHref();
  const from = (state as { from?: From } | null | undefined)?.from;
  const pathname = from?.pathname;
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) return home;
  if (OPEN_PAGES.includes(pathname) || isAdminPath(pathname) !== (area === 'admin')) return home;
  const search = typeof from?.search === 'string' ? from.search : '';
  const hash = typeof from?.hash === 'string' ? from.hash : '';
  return `${pathname}${search}${hash}`;
}
