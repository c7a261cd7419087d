import { PRODUCT_NAME, type Contact } from '@aaspaas/domain';
import { SearchX, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ErrorCard } from '@/components/errors/error-card';
import { buttonVariants } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isNetworkError, isNotFoundError } from '@/lib/not-found';
import { notify } from '@/lib/notify';
import { isAuthError } from '@/lib/query-client';
import { useDeleteContact } from '../api/delete-contact';
import { useContact } from '../api/get-contact';
import { useAuthExpiredNotice } from '../hooks/use-auth-expired-notice';
import { notifyFailure } from '../utils/notify-failure';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { ContactForm } from './contact-form';
import { PageHeader } from '@/components/layouts/page-header';

function DeleteContact({ contact }: { contact: Contact }) {
  const { t } = useTranslation('contacts');
  const navigate = useNavigate();
  const remove = useDeleteContact();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setError(null);
    try {
      await remove.mutateAsync(contact.id);
      setOpen(false);
      void notify(t('toast.deleted', { count: 1 }), 'success');
      void navigate(paths.app.contacts.getHref(), { replace: true });
    } catch (e) {
      setError(isNetworkError(e) ? t('errors.offline') : (e as Error).message);
      notifyFailure(t, t('toast.deleteFailed'), e, true);
    }
  }

  return (
    <section className="flex flex-col gap-2 border-t border-border pt-5">
      <h2 className="text-lg font-bold">{t('edit.deleteTitle')}</h2>
      <p className="text-muted-foreground">{t('edit.deleteHint')}</p>
      <button
        type="button"
        className={buttonVariants({ variant: 'danger', size: 'lg', className: 'self-start' })}
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
      >
        <Trash2 className="size-5" aria-hidden="true" />
        {t('edit.delete')}
      </button>
      <ConfirmDeleteDialog
        open={open}
        onOpenChange={setOpen}
        count={1}
        name={contact.name}
        onConfirm={() => void confirm()}
        pending={remove.isPending}
        error={error}
      />
    </section>
  );
}

function EditSkeleton() {
  return (
    <div className="flex flex-col gap-4" data-testid="contact-loading">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex flex-col gap-2">
          <Skeleton className="h-5 w-28" />
          <Skeleton className="h-11 w-full" />
        </div>
      ))}
    </div>
  );
}

function ContactNotFound() {
  const { t } = useTranslation('contacts');
  return (
    <section role="alert" className="rounded-2xl border border-border bg-surface p-6 text-center">
      <SearchX className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
      <h2 className="mt-3 text-lg font-bold">{t('edit.notFoundTitle')}</h2>
      <p className="mt-1 text-muted-foreground">{t('edit.notFoundBody')}</p>
      <Link to={paths.app.contacts.getHref()} className={buttonVariants({ size: 'lg', className: 'mt-5' })}>
        {t('backToList')}
      </Link>
    </section>
  );
}

/** /edit-contact/{id}: the contact's form, its consent record, and delete with confirmation. */
export function EditContactPage({ id }: { id: string }) {
  const { t } = useTranslation('contacts');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const contact = useContact(id);
  const notFound = contact.isError && isNotFoundError(contact.error);
  useDocumentTitle(`${contact.data?.name ?? t('edit.title')} · ${PRODUCT_NAME}`);
  useAuthExpiredNotice(contact.error);

  // docs/product.md §8: 'Failed to get contact' (a missing contact, or another business's, gets the same answer).
  const failure = contact.isError && !isAuthError(contact.error) ? contact.error : null;
  useEffect(() => {
    if (failure) void notify(t('toast.getFailed'), 'error', failure.message);
  }, [failure, t]);

  let body;
  if (contact.data) {
    body = (
      <>
        <ContactForm key={contact.data.id} contact={contact.data} onSaved={() => void navigate(paths.app.contacts.getHref())} />
        <DeleteContact contact={contact.data} />
      </>
    );
  } else if (notFound) body = <ContactNotFound />;
  else if (contact.isError) {
    body = (
      <ErrorCard
        title={t('toast.getFailed')}
        message={isNetworkError(contact.error) ? t('errors.offline') : contact.error.message}
        onRetry={() => void contact.refetch()}
        retrying={contact.isFetching}
        retryLabel={tCommon('retry')}
      />
    );
  } else body = <EditSkeleton />;

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5 px-4 py-5">
      <PageHeader back={{ to: paths.app.contacts.getHref(), label: t('backToList') }} title={t('edit.title')} />
      {body}
    </div>
  );
}
