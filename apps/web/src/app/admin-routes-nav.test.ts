import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ADMIN_NAV_ITEMS, isAdminNavItemActive } from '@/components/layouts/admin-layout/admin-nav-items';
import { paths } from '@/config/paths';
import { otherRoutes } from './route-table';

/** The routes drawn inside the admin layout: the children of the route whose children hold the dashboard. */
function adminLayoutPaths(routes: RouteObject[]): string[] {
  for (const route of routes) {
    const children = route.children ?? [];
    if (children.some((child) => child.path === paths.admin.dashboard.path)) {
      return children.flatMap((child) => (child.path ? [child.path] : []));
    }
    const found = adminLayoutPaths(children);
    if (found.length > 0) return found;
  }
  return [];
}

/** A URL of a route pattern: every `:param` filled in. */
const urlOf = (pattern: string) => pattern.replace(/:[^/]+/g, 'x');

describe('the admin menu and the router', () => {
  const routes = adminLayoutPaths(otherRoutes);

  it('finds the admin pages in the route table', () => {
    expect(routes).toContain(paths.admin.dashboard.path);
    expect(routes).toContain(paths.admin.contactUs.path);
  });

  it('reaches every admin page from the sidebar and the phone menu (a page without an entry fails here)', () => {
    const unreachable = routes.filter((route) => !ADMIN_NAV_ITEMS.some((item) => isAdminNavItemActive(item, urlOf(route))));
    expect(unreachable).toEqual([]);
  });

  it('links only pages the router draws in the admin layout', () => {
    const dangling = ADMIN_NAV_ITEMS.filter((item) => !routes.includes(item.href)).map((item) => item.href);
    expect(dangling).toEqual([]);
  });
});
