import { PRODUCT_NAME } from '@aaspaas/domain/rules';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ContactForm } from './contact-form';
import { PageHeader } from '@/components/layouts/page-header';

/** /add-contact: every field of a new contact; back to the list once saved. */
export function AddContactPage() {
  const { t } = useTranslation('contacts');
  const navigate = useNavigate();
  useDocumentTitle(`${t('add.title')} · ${PRODUCT_NAME}`);
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5 px-4 py-5">
      <PageHeader
        back={{ to: paths.app.contacts.getHref(), label: t('backToList') }}
        title={t('add.title')}
        intro={t('add.intro')}
      />
      <ContactForm onSaved={() => void navigate(paths.app.contacts.getHref())} />
    </div>
  );
}
