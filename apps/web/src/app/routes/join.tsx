import { useParams } from 'react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { JoinPage } from '@/features/contacts/components/join-page';

/** /join/{businessId}: public, no account; a customer joins a business's list or opts out. */
export function Component() {
  const { businessId = '' } = useParams();
  return (
    <PublicLayout mainClassName="pb-16">
      <JoinPage key={businessId} businessId={businessId} />
    </PublicLayout>
  );
}
