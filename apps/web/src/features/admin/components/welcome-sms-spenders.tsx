import { formatRupees, WELCOME_SMS_WINDOW_MIN } from '@aaspaas/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorCard } from '@/components/errors/error-card';
import { paths } from '@/config/paths';
import { formatIndiaDate } from '@/lib/format';
import { isNetworkError } from '@/lib/not-found';
import { useWelcomeSmsSpenders } from '../api/get-welcome-sms-spenders';

/**
 * New accounts that paid for SMS within the hour of signing up, before adding money
 * (docs/product.md §10): the shape of a throwaway account spending its welcome credit on messages.
 * Shown for the admin to look at; nobody is blocked by it.
 */
export function WelcomeSmsSpenders() {
  const { t } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const spenders = useWelcomeSmsSpenders();

  return (
    <section aria-labelledby="welcome-sms-title" className="flex flex-col gap-2">
      <h2 id="welcome-sms-title" className="text-lg font-bold">
        {t('welcomeSms.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('welcomeSms.intro', { minutes: WELCOME_SMS_WINDOW_MIN })}</p>
      {spenders.isError && !spenders.data ? (
        <ErrorCard
          title={t('welcomeSms.error')}
          message={isNetworkError(spenders.error) ? tCommon('errors.offline') : spenders.error.message}
          onRetry={() => void spenders.refetch()}
          retrying={spenders.isFetching}
          retryLabel={tCommon('retry')}
        />
      ) : spenders.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('welcomeSms.loading')}
        </p>
      ) : spenders.data.length === 0 ? (
        <p className="rounded-md border p-4 text-sm">{t('welcomeSms.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y rounded-md border" data-testid="welcome-sms-spenders">
          {spenders.data.map((s) => (
            <li key={s.userId} className="flex flex-col gap-1 p-3">
              <Link
                to={`${paths.admin.users.getHref()}?q=${encodeURIComponent(s.email)}`}
                className="font-semibold break-words underline-offset-4 hover:underline"
              >
                {s.businessName}
              </Link>
              <span className="text-sm break-words">{s.email}</span>
              <span className="text-sm text-muted-foreground">
                {t('welcomeSms.line', {
                  count: s.campaigns,
                  amount: formatRupees(s.chargedPaise),
                  date: formatIndiaDate(s.createdAt),
                })}
                {' · '}
                {s.emailVerified ? t('welcomeSms.verified') : t('welcomeSms.unverified')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
