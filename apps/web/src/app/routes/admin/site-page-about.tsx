import { paths } from '@/config/paths';
import { SitePageEditor } from '@/features/admin-content/components/site-page-editor';

/** /admin/about-us: the admin's editor of the 'about-us' landing page. */
export function Component() {
  return <SitePageEditor slug="about-us" publicHref={paths.aboutUs.getHref()} />;
}
