import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** Below the mobile field after a 409: the way to the contact that already has this number. */
export function DuplicateNotice({ existingId }: { existingId: string }) {
  const { t } = useTranslation('contacts');
  return (
    <Link
      to={paths.app.editContact.getHref(existingId)}
      className="inline-flex min-h-11 items-center gap-2 self-start rounded-xl px-1 font-semibold text-primary underline underline-offset-4 hover:text-primary-hover"
    >
      <ExternalLink className="size-5" aria-hidden="true" />
      {t('form.openExisting')}
    </Link>
  );
}
