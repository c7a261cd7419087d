import { AddContactPage } from '@/features/contacts/components/add-contact-page';

/** /add-contact: a new contact with every field. */
export function Component() {
  return <AddContactPage />;
}
