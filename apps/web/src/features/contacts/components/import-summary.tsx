import type { ContactImportResult, ContactImportRow } from '@aaspaas/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '@/lib/format';

/** Row errors listed in the summary; a 10,000-row file with many bad rows is summed up after these. */
export const SUMMARY_ERRORS_SHOWN = 200;

/** The server's answer: imported, duplicates skipped, invalid, and every row it refused with the reason. */
export function ImportSummary({ result, rows }: { result: ContactImportResult; rows: readonly ContactImportRow[] }) {
  const { t } = useTranslation('contacts');
  const headingId = useId();
  const errors = result.errors.slice(0, SUMMARY_ERRORS_SHOWN);
  return (
    <section role="status" aria-labelledby={headingId} className="flex flex-col gap-3" data-testid="import-summary">
      <h3 id={headingId} className="text-lg font-bold">
        {t('import.summary.title')}
      </h3>
      <ul className="flex flex-col gap-1 text-base">
        <li className="font-semibold text-success">
          {t('import.summary.imported', { count: result.imported, formatted: formatCount(result.imported) })}
        </li>
        <li>{t('import.summary.duplicates', { count: result.duplicates, formatted: formatCount(result.duplicates) })}</li>
        <li className={result.invalid ? 'text-danger' : undefined}>
          {t('import.summary.invalid', { count: result.invalid, formatted: formatCount(result.invalid) })}
        </li>
      </ul>
      {errors.length ? (
        <div className="flex flex-col gap-1">
          <h4 className="font-semibold">{t('import.summary.errorsTitle')}</h4>
          <ol className="max-h-64 overflow-y-auto rounded-xl border border-border text-sm">
            {errors.map((error) => {
              const row = rows[error.row - 1];
              const what = [row?.name, row?.mobileNumber].filter(Boolean).join(' · ');
              return (
                <li key={`${error.row}-${error.reason}`} className="border-b border-border px-3 py-2 last:border-b-0">
                  <span className="font-semibold">{t('import.summary.row', { row: error.row })}</span>
                  {what ? <span> · {what}</span> : null}
                  <span className="block text-danger">{error.reason}</span>
                </li>
              );
            })}
          </ol>
          {result.errors.length > errors.length ? (
            <p className="text-sm text-muted-foreground">
              {t('import.summary.moreErrors', { count: result.errors.length - errors.length })}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
