import { MailWarning } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { useResendVerification } from '../api/resend-verification';
import { PendingButton } from './pending-button';

/**
 * Shown in the business app while the owner's address is unconfirmed: the app works meanwhile,
 * but a password reset (and, for the admin address, admin rights) needs it. The server rations
 * Resend (one mail per 2 minutes, five a day) and says so.
 */
export function VerifyEmailBanner({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const resend = useResendVerification();
  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: (res) => void notify(t('verify.resent'), 'success', res.message),
      onError: (error) => void notify(t('verify.resendFailed'), 'error', error.message),
    });

  return (
    <section
      role="region"
      aria-label={t('verify.bannerTitle')}
      className="mx-3 mt-3 flex flex-col gap-3 rounded-2xl border border-primary/30 bg-primary-soft p-4 sm:flex-row sm:items-center"
    >
      <MailWarning className="size-6 shrink-0 text-primary" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{t('verify.bannerTitle')}</p>
        <p className="text-sm break-words text-muted-foreground">{t('verify.bannerBody', { email })}</p>
      </div>
      <PendingButton
        type="button"
        variant="secondary"
        onClick={onResend}
        pending={resend.isPending}
        pendingText={t('verify.resendPending')}
      >
        {t('verify.resend')}
      </PendingButton>
    </section>
  );
}
