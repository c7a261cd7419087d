import { PRODUCT_NAME } from '@aaspaas/domain/rules';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { AuthShell } from '@/features/auth/components/auth-shell';
import { ResetPasswordForm, type ResetOutcome } from '@/features/auth/components/reset-password-form';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { clearToken } from '@/lib/auth';

const REQUEST_NEW_LINK = `${paths.login.getHref()}?forgot=1`;

function Notice({ tone, title, children }: { tone: 'success' | 'danger'; title: string; children: ReactNode }) {
  const Icon = tone === 'success' ? CircleCheck : TriangleAlert;
  return (
    <section
      role={tone === 'danger' ? 'alert' : 'status'}
      className="rounded-2xl border border-border bg-surface p-6 text-center"
    >
      <Icon className={tone === 'success' ? 'mx-auto size-10 text-success' : 'mx-auto size-10 text-danger'} aria-hidden="true" />
      <h1 className="mt-3 text-xl font-bold">{title}</h1>
      {children}
    </section>
  );
}

/** /reset-password?token=… : the page of the emailed link. */
export function Component() {
  const { t } = useTranslation('auth');
  useDocumentTitle(`${t('reset.pageTitle')} · ${PRODUCT_NAME}`);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const [outcome, setOutcome] = useState<ResetOutcome | null>(null);

  const onDone = (result: ResetOutcome) => {
    // Every session of the account was revoked: a token kept here would only fail.
    if (result.kind === 'done') clearToken();
    setOutcome(result);
  };

  let body: ReactNode;
  if (!token) {
    body = (
      <Notice tone="danger" title={t('reset.noTokenTitle')}>
        <p className="mt-2 text-muted-foreground">{t('reset.noTokenBody')}</p>
        <Link to={REQUEST_NEW_LINK} className={buttonVariants({ size: 'lg', className: 'mt-5 w-full' })}>
          {t('reset.requestNew')}
        </Link>
      </Notice>
    );
  } else if (outcome?.kind === 'done') {
    body = (
      <Notice tone="success" title={t('reset.doneTitle')}>
        <p className="mt-2 text-muted-foreground">{outcome.message}</p>
        <Link to={paths.login.getHref()} className={buttonVariants({ size: 'lg', className: 'mt-5 w-full' })}>
          {t('reset.toLogin')}
        </Link>
        {/* The admin account's first password is set through this same emailed link. */}
        <p className="mt-3 text-sm text-muted-foreground">
          {t('reset.adminPrompt')}{' '}
          <Link
            to={paths.admin.login.getHref()}
            className="inline-flex min-h-11 items-center px-1 font-semibold text-primary underline-offset-4 hover:underline"
          >
            {t('reset.adminLogin')}
          </Link>
        </p>
      </Notice>
    );
  } else if (outcome?.kind === 'invalid') {
    body = (
      <Notice tone="danger" title={t('reset.invalidTitle')}>
        <p className="mt-2 text-muted-foreground">{outcome.message}</p>
        <Link to={REQUEST_NEW_LINK} className={buttonVariants({ size: 'lg', className: 'mt-5 w-full' })}>
          {t('reset.requestNew')}
        </Link>
      </Notice>
    );
  } else {
    body = (
      <section className="rounded-2xl border border-border bg-surface p-5 shadow-sm sm:p-6">
        <h1 className="text-2xl font-extrabold tracking-tight">{t('reset.title')}</h1>
        <p className="mt-1 mb-5 text-muted-foreground">{t('reset.intro')}</p>
        <ResetPasswordForm token={token} onDone={onDone} />
      </section>
    );
  }
  return <AuthShell>{body}</AuthShell>;
}
