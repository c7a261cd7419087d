import { profileCompleteness, type AppUser } from '@aaspaas/domain';
import { ChevronRight, CircleCheck, MapPin } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

export type CompletenessUser = Pick<
  AppUser,
  'businessName' | 'businessPhone' | 'businessCategories' | 'businessAddress' | 'lat' | 'lon' | 'profileImageUrl' | 'city'
>;

/**
 * How much of the business profile is filled in, and each missing step in plain words with a
 * link to the field on /edit-profile (the path to finish onboarding).
 */
export function ProfileCompletenessCard({ user }: { user: CompletenessUser }) {
  const { t } = useTranslation('app');
  const headingId = useId();
  const { percent, missing } = profileCompleteness(user);
  const complete = missing.length === 0;

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-border bg-surface p-4"
      data-testid="profile-completeness"
    >
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={headingId} className="text-lg font-bold">
          {complete ? t('home.completeness.doneTitle') : t('home.completeness.title')}
        </h2>
        <span className="text-sm font-semibold whitespace-nowrap text-muted-foreground">
          {t('home.completeness.percent', { percent })}
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={headingId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t('home.completeness.percent', { percent })}
        className="mt-3 h-3 overflow-hidden rounded-full bg-muted"
      >
        <div className={complete ? 'h-full bg-success' : 'h-full bg-primary'} style={{ width: `${percent}%` }} />
      </div>
      {complete ? (
        <p className="mt-3 flex items-start gap-2 text-foreground">
          <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
          {user.city?.trim()
            ? t('home.completeness.reachCity', { city: user.city.trim() })
            : t('home.completeness.reachLocation')}
        </p>
      ) : (
        <>
          <p className="mt-3 text-sm text-muted-foreground">{t('home.completeness.why')}</p>
          <ul className="mt-2 flex flex-col gap-1" aria-label={t('home.completeness.missingLabel')}>
            {missing.map((step) => (
              <li key={step}>
                <Link
                  to={`${paths.account.editProfile.getHref()}#${step}`}
                  className="flex min-h-11 items-center gap-3 rounded-xl px-2 font-semibold text-primary hover:bg-muted"
                >
                  {step === 'location' ? (
                    <MapPin className="size-5 shrink-0" aria-hidden="true" />
                  ) : (
                    <span aria-hidden="true" className="size-5 shrink-0 rounded-full border-2 border-current" />
                  )}
                  <span className="flex-1">{t(`home.steps.${step}`)}</span>
                  <ChevronRight className="size-5 shrink-0" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
