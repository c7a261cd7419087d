import { PRODUCT_NAME } from '@aaspaas/domain/rules';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { joinUrlFor } from '../utils/contact-links';
import { JoinQrCard } from './join-qr-card';
import { PageHeader } from '@/components/layouts/page-header';
import { paths } from '@/config/paths';
import { QuickAddForm } from './quick-add-form';

/** /add-customer-contact: add the customer at the counter, or let them scan the business's QR code. */
export function AddCustomerContactPage({ userId, businessName }: { userId: string; businessName: string }) {
  const { t } = useTranslation('contacts');
  useDocumentTitle(`${t('counter.title')} · ${PRODUCT_NAME}`);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5 px-4 py-5">
      <PageHeader
        back={{ to: paths.app.contacts.getHref(), label: t('backToList') }}
        title={t('counter.title')}
        intro={t('counter.intro')}
      />
      <div className="grid gap-5 lg:grid-cols-2 lg:items-start">
        <QuickAddForm businessName={businessName} />
        <JoinQrCard joinUrl={joinUrlFor(userId)} businessName={businessName} />
      </div>
    </div>
  );
}
