import { PRODUCT_NAME } from '@aaspaas/domain/rules';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { NAVIGATE_AFTER_GOOGLE_MS } from '@/config/auth-timings';
import { AuthCard } from '@/features/auth/components/auth-card';
import { AuthShell } from '@/features/auth/components/auth-shell';
import { MarketingPanel } from '@/features/auth/components/marketing-panel';
import { useGoogleSignIn } from '@/features/auth/hooks/use-google-sign-in';
import { redirectTarget } from '@/features/auth/utils/redirect-target';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session';

/** /auth and /login (docs/product.md §2): login and register; a signed-in visitor goes on to /app. */
export function Component() {
  const { t } = useTranslation('auth');
  useDocumentTitle(`${t('pageTitle')} · ${PRODUCT_NAME}`);
  const { status } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const target = redirectTarget(location.state, 'app');

  const goOn = useCallback(() => void navigate(target, { replace: true }), [navigate, target]);
  const onGoogleSignedIn = useCallback(() => {
    void notify(t('toast.googleSuccess'), 'success');
    setTimeout(goOn, NAVIGATE_AFTER_GOOGLE_MS);
  }, [goOn, t]);
  const google = useGoogleSignIn({ intent: 'business', failureTitle: t('toast.googleFailed'), onSignedIn: onGoogleSignedIn });

  // A Google sign-in finishing here navigates itself, after its toast and delay.
  if (status === 'signed-in' && !google.busy) return <Navigate to={target} replace />;

  return (
    <AuthShell aside={<MarketingPanel />}>
      <AuthCard google={google} onSignedIn={goOn} forgotInitiallyOpen={searchParams.get('forgot') === '1'} />
    </AuthShell>
  );
}
