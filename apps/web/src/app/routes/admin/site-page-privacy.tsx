import { paths } from '@/config/paths';
import { SitePageEditor } from '@/features/admin-content/components/site-page-editor';

/** /admin/privacy-terms: the admin's editor of the 'privacy' landing page. */
export function Component() {
  return <SitePageEditor slug="privacy" publicHref={paths.privacy.getHref()} />;
}
