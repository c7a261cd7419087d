import { ContactsPage } from '@/features/contacts/components/contacts-page';

/** /contacts: the business's customer list. */
export function Component() {
  return <ContactsPage />;
}
