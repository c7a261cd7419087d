import { ContactActions } from '@/features/pages/components/contact-actions';
import { SitePageView } from '@/features/pages/components/site-page-view';

/** /contact-us: Contact Us, with big email / call / WhatsApp buttons for what the page lists. */
export function Component() {
  return <SitePageView slug="contact-us" extra={(page) => <ContactActions body={page.body} />} />;
}
