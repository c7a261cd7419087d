import { paths } from '@/config/paths';
import { SitePageEditor } from '@/features/admin-content/components/site-page-editor';

/** /admin/terms-conditions: the admin's editor of the 'terms' landing page. */
export function Component() {
  return <SitePageEditor slug="terms" publicHref={paths.terms.getHref()} />;
}
