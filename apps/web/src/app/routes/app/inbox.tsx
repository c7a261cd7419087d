import { InboxPage } from '@/features/whatsapp/components/inbox-page';

/** /inbox: customers' WhatsApp enquiries, one conversation per customer, and the replies. */
export function Component() {
  return <InboxPage />;
}
