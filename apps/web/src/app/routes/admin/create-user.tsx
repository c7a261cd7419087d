import { PRODUCT_NAME } from '@aaspaas/domain/rules';
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { AuthShell } from '@/features/auth/components/auth-shell';
import { CreateAdminForm } from '@/features/auth/components/create-admin-form';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /admin/create-user (docs/product.md §2, §5): creates the admin account, only for the configured email. */
export function Component() {
  const { t } = useTranslation('auth');
  useDocumentTitle(`${t('admin.createTitle')} · ${PRODUCT_NAME}`);
  const [created, setCreated] = useState<string | null>(null);

  return (
    <AuthShell>
      {created !== null ? (
        <section role="status" className="rounded-2xl border border-border bg-surface p-6 text-center">
          <CircleCheck className="mx-auto size-10 text-success" aria-hidden="true" />
          <h1 className="mt-3 text-xl font-bold">{t('admin.created')}</h1>
          <p className="mt-2 text-muted-foreground">{created || t('admin.createdBody')}</p>
          <Link to={paths.admin.login.getHref()} className={buttonVariants({ size: 'lg', className: 'mt-5 w-full' })}>
            {t('admin.toLogin')}
          </Link>
        </section>
      ) : (
        <section className="rounded-2xl border border-border bg-surface p-5 shadow-sm sm:p-6">
          <h1 className="text-2xl font-extrabold tracking-tight">{t('admin.createTitle')}</h1>
          <p className="mt-1 mb-5 text-muted-foreground">{t('admin.createIntro')}</p>
          <CreateAdminForm onCreated={setCreated} />
          <p className="mt-5 text-center text-sm text-muted-foreground">
            {t('admin.loginPrompt')}{' '}
            <Link
              to={paths.admin.login.getHref()}
              className="inline-flex min-h-11 items-center px-1 font-semibold text-primary underline-offset-4 hover:underline"
            >
              {t('admin.loginLink')}
            </Link>
          </p>
        </section>
      )}
    </AuthShell>
  );
}
