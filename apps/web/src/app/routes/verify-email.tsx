import { PRODUCT_NAME, type VerifyEmailResponse } from '@aaspaas/domain';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { verifyEmail } from '@/features/auth/api/verify-email';
import { AuthShell } from '@/features/auth/components/auth-shell';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApiError } from '@/lib/api-client';
import { getToken } from '@/lib/auth';
import { USER_QUERY_KEY } from '@/lib/session';

type Outcome =
  { kind: 'pending' } | { kind: 'done'; result: VerifyEmailResponse } | { kind: 'expired' | 'invalid'; message: string };

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

/** Where to go next: the app when this browser is signed in, else the login page. */
function WayBack() {
  const { t } = useTranslation('auth');
  const signedIn = Boolean(getToken());
  return (
    <Link
      to={signedIn ? paths.app.root.getHref() : paths.login.getHref()}
      className={buttonVariants({ size: 'lg', className: 'mt-5 w-full' })}
    >
      {signedIn ? t('verify.toApp') : t('verify.toLogin')}
    </Link>
  );
}

/** /verify-email?token=… : the page of the emailed verification link. */
export function Component() {
  const { t } = useTranslation('auth');
  useDocumentTitle(`${t('verify.pageTitle')} · ${PRODUCT_NAME}`);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'pending' });
  const queryClient = useQueryClient();
  // One request per token, even when React runs the effect twice: a second call would answer "already used".
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    verifyEmail({ token })
      .then((result) => {
        setOutcome({ kind: 'done', result });
        // A signed-in tab shows the banner from the cached user: fetch it again.
        void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      })
      .catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        setOutcome({ kind: error instanceof ApiError && error.status === 410 ? 'expired' : 'invalid', message });
      });
  }, [token, queryClient]);

  let body: ReactNode;
  if (!token) {
    body = (
      <Notice tone="danger" title={t('verify.noTokenTitle')}>
        <p className="mt-2 text-muted-foreground">{t('verify.noTokenBody')}</p>
        <WayBack />
      </Notice>
    );
  } else if (outcome.kind === 'pending') {
    body = (
      <section role="status" className="flex items-center justify-center gap-3 rounded-2xl border border-border bg-surface p-6">
        <Spinner />
        {t('verify.checking')}
      </section>
    );
  } else if (outcome.kind === 'done') {
    const used = outcome.result.status === 'already-used';
    body = (
      <Notice tone="success" title={used ? t('verify.usedTitle') : t('verify.doneTitle')}>
        <p className="mt-2 break-words text-muted-foreground">
          {used ? t('verify.usedBody') : t('verify.doneBody', { email: outcome.result.email })}
        </p>
        <WayBack />
      </Notice>
    );
  } else {
    body = (
      <Notice tone="danger" title={outcome.kind === 'expired' ? t('verify.expiredTitle') : t('verify.invalidTitle')}>
        <p className="mt-2 text-muted-foreground">{outcome.message}</p>
        <p className="mt-2 text-muted-foreground">{t('verify.askNew')}</p>
        <WayBack />
      </Notice>
    );
  }
  return <AuthShell>{body}</AuthShell>;
}
