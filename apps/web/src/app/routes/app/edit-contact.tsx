import { useParams } from 'react-router';
import { EditContactPage } from '@/features/contacts/components/edit-contact-page';

/** /edit-contact/{id}: one contact's form, consent record and delete. */
export function Component() {
  const { id = '' } = useParams();
  // A new id is a new page: no state carries over from the previous contact.
  return <EditContactPage key={id} id={id} />;
}
