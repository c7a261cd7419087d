import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAcknowledgePolicies, usePolicyUpdates } from '../api/get-policy-updates';

const HREF = { terms: paths.account.termsConditions.getHref(), privacy: paths.account.privacyTerms.getHref() } as const;

/** "We updated our terms": shown to a signed-in business once after the terms or privacy policy change. */
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
      className="mx-3 mt-3 flex flex-col gap-3 rounded-2xl border border-primary/30 bg-primary-soft p-4 sm:flex-row sm:items-center"
    >
      <FileText className="size-6 shrink-0 text-primary" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{t('policy.title')}</p>
        <p className="text-sm">
          {t('policy.body')}{' '}
          {updated.map((page, i) => (
            <span key={page.slug}>
              {i > 0 ? ', ' : null}
              <Link to={HREF[page.slug]} className="font-semibold text-primary underline underline-offset-2">
                {page.title}
              </Link>
            </span>
          ))}
        </p>
      </div>
      <Button variant="secondary" onClick={() => acknowledge.mutate()} disabled={acknowledge.isPending}>
        {t('policy.ok')}
      </Button>
    </section>
  );
}
