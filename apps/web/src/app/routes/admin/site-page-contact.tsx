import { paths } from '@/config/paths';
import { SitePageEditor } from '@/features/admin-content/components/site-page-editor';

/** /admin/contact-us: the admin's editor of the 'contact-us' landing page. */
export function Component() {
  return <SitePageEditor slug="contact-us" publicHref={paths.contactUs.getHref()} />;
}
