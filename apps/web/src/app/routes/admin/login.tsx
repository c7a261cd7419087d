import { AUTH_MESSAGES, PRODUCT_NAME, type AppUser } from '@aaspaas/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { AdminLoginForm } from '@/features/auth/components/admin-login-form';
import { AuthShell } from '@/features/auth/components/auth-shell';
import { GoogleButton } from '@/features/auth/components/google-button';
import { OrDivider } from '@/features/auth/components/or-divider';
import { useGoogleSignIn } from '@/features/auth/hooks/use-google-sign-in';
import { redirectTarget } from '@/features/auth/utils/redirect-target';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { notify } from '@/lib/notify';
import { discardSession, useSession } from '@/lib/session';

/** /admin/login (docs/product.md §2, §5): email/password or Google, only for the configured admin email. */
export function Component() {
  const { t } = useTranslation('auth');
  useDocumentTitle(`${t('admin.loginTitle')} · ${PRODUCT_NAME}`);
  const { status, isAdmin } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const target = redirectTarget(location.state, 'admin');
  const goOn = useCallback(() => void navigate(target, { replace: true }), [navigate, target]);

  const onGoogleSignedIn = useCallback(
    (user: AppUser) => {
      if (!user.isAdmin) {
        // docs/product.md §5: a Google account that is not the admin's is told so, then signed out.
        void discardSession().then(() => notify(t('admin.loginFailed'), 'error', AUTH_MESSAGES.notAdminGoogle));
        return false;
      }
      void notify(t('admin.loginSuccess'), 'success', t('admin.loginSuccessBody'));
      goOn();
      return true;
    },
    [goOn, t],
  );
  const google = useGoogleSignIn({ intent: 'admin', failureTitle: t('admin.loginFailed'), onSignedIn: onGoogleSignedIn });

  if (status === 'signed-in' && isAdmin && !google.busy) return <Navigate to={target} replace />;

  return (
    <AuthShell>
      <section className="rounded-2xl border border-border bg-surface p-5 shadow-sm sm:p-6">
        <h1 className="text-2xl font-extrabold tracking-tight">{t('admin.loginTitle')}</h1>
        <p className="mt-1 mb-5 text-muted-foreground">{t('admin.loginIntro')}</p>
        <GoogleButton
          label={t('admin.google')}
          pendingLabel={t('admin.googlePending')}
          pending={google.busy}
          onClick={google.start}
        />
        <OrDivider label={t('or')} />
        <AdminLoginForm onSignedIn={goOn} busy={google.busy} />
        <p className="mt-5 text-center text-sm text-muted-foreground">
          {t('admin.createPrompt')}{' '}
          <Link
            to={paths.admin.createUser.getHref()}
            className="inline-flex min-h-11 items-center px-1 font-semibold text-primary underline-offset-4 hover:underline"
          >
            {t('admin.createLink')}
          </Link>
        </p>
      </section>
    </AuthShell>
  );
}
