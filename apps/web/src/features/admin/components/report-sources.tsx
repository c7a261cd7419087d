import type { ReportSource } from '@aaspaas/domain';
import { useTranslation } from 'react-i18next';

/**
 * A post's open reports grouped by the reporters' networks (ADR 048): many reports from one network
 * are one voice, and new visitors' reports are marked, so the admin sees a manufactured pile for what it is.
 */
export function ReportSources({ sources }: { sources: ReportSource[] }) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex flex-col gap-0.5" data-testid="report-sources">
      <span className="font-semibold">{t('moderation.sources.title', { count: sources.length })}</span>
      <ul className="flex flex-col gap-0.5">
        {sources.map((source) => (
          <li key={source.network} className="break-words">
            {t('moderation.sources.line', {
              network: source.network || t('moderation.sources.unknownNetwork'),
              count: source.reports,
              reasons: Object.entries(source.reasons)
                .map(([reason, n]) => `${t(`moderation.reasons.${reason}`, { defaultValue: reason })} ${n}`)
                .join(', '),
            })}
            {source.newVisitors > 0 ? (
              <span className="text-muted-foreground">
                {' '}
                · {t('moderation.sources.newVisitors', { count: source.newVisitors })}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
