import { FileText, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useAcknowledgePolicies, usePolicyUpdates } from '../api/get-policy-updates';

const HREF = { terms: paths.account.termsConditions.getHref(), privacy: paths.account.privacyTerms.getHref() } as const;

/**
 * "We updated our terms": shown to a signed-in business once after the terms or privacy policy change,
 * as one line with the changed pages' links and a close button, so it never takes the screen.
 */
export function PolicyUpdateBanner() {
  const { t } = useTranslation('pages');
  const updates = usePolicyUpdates();
  const acknowledge = useAcknowledgePolicies();
  const updated = updates.data?.updated ?? [];
  if (updated.length === 0) return null;
  return (
    <section
      role="region"
      aria-label={t('policy.title')}
      data-testid="policy-update-banner"
      className="mx-3 mt-2 flex items-center gap-2 rounded-xl border border-primary/30 bg-primary-soft py-0.5 pl-3 text-sm"
    >
      <FileText className="size-4 shrink-0 text-primary" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        <span className="font-semibold">{t('policy.title')}</span>
        <span className="sr-only"> {t('policy.body')}</span>:{' '}
        {updated.map((page, i) => (
          <span key={page.slug}>
            {i > 0 ? ', ' : null}
            <Link to={HREF[page.slug]} className="font-semibold text-primary-hover underline underline-offset-2">
              {t(`policy.${page.slug}`)}
            </Link>
          </span>
        ))}
      </p>
      <button
        type="button"
        aria-label={t('policy.ok')}
        title={t('policy.ok')}
        onClick={() => acknowledge.mutate()}
        disabled={acknowledge.isPending}
        className="flex size-11 shrink-0 items-center justify-center rounded-xl text-foreground hover:bg-primary/10"
      >
        <X className="size-5" aria-hidden="true" />
      </button>
    </section>
  );
}
