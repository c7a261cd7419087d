import { AddCustomerContactPage } from '@/features/contacts/components/add-customer-contact-page';
import { useSession } from '@/lib/session';

/** /add-customer-contact: the counter form and the business's QR code. */
export function Component() {
  const { user } = useSession();
  // The auth guard renders this page only with a signed-in user.
  if (!user) return null;
  return <AddCustomerContactPage userId={user.id} businessName={user.businessName} />;
}
