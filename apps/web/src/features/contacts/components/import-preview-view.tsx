import { CONTACTS_IMPORT_MAX_ROWS, displayIndianPhone } from '@aaspaas/domain/rules';
import { AlertTriangle, CheckCircle2, Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { formatCount } from '@/lib/format';
import type { ImportPreview, PreviewRow } from '../utils/import-preview';

/** The first rows of the file, as they will be read. */
export const PREVIEW_ROWS = 5;
/** Rows with a problem listed by name (the server's summary gives the rest). */
export const PROBLEM_ROWS_SHOWN = 50;

function Count({ value, label, tone }: { value: number; label: string; tone: 'ok' | 'problem' | 'neutral' }) {
  return (
    <div
      className={cn(
        'flex flex-col rounded-xl p-3',
        tone === 'ok'
          ? 'bg-success-soft text-success'
          : tone === 'problem'
            ? 'bg-danger-soft text-danger'
            : 'bg-muted text-foreground',
      )}
    >
      <span className="text-2xl font-extrabold tabular-nums">{formatCount(value)}</span>
      <span className="text-sm font-semibold">{label}</span>
    </div>
  );
}

function StatusText({ row }: { row: PreviewRow }) {
  const { t } = useTranslation('contacts');
  switch (row.status.kind) {
    case 'ready':
      return (
        <span className="inline-flex items-center gap-1 text-success">
          <CheckCircle2 className="size-4" aria-hidden="true" />
          {t('import.status.ready')}
        </span>
      );
    case 'duplicate':
      return (
        <span className="inline-flex items-center gap-1 text-muted-foreground">
          <Copy className="size-4" aria-hidden="true" />
          {t('import.status.duplicate', { row: row.status.firstRow })}
        </span>
      );
    case 'problem':
      return (
        <span className="inline-flex items-center gap-1 text-danger">
          <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
          {row.status.reason}
        </span>
      );
  }
}

function shownMobile(row: PreviewRow): string {
  return row.mobile ? (displayIndianPhone(row.mobile) ?? row.mobile) : (row.data.mobileNumber ?? '');
}

function RowsTable({ rows, caption }: { rows: readonly PreviewRow[]; caption: string }) {
  const { t } = useTranslation('contacts');
  return (
    <div className="overflow-x-auto rounded-xl border border-border">
      <table className="w-full text-left text-sm">
        <caption className="bg-muted px-3 py-2 text-left font-semibold">{caption}</caption>
        <thead className="text-muted-foreground">
          <tr>
            <th scope="col" className="w-12 px-3 py-2 font-semibold">
              {t('import.columns.row')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('import.columns.contact')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.row} className="border-t border-border align-top">
              <td className="px-3 py-2 tabular-nums">{row.row}</td>
              <td className="px-3 py-2">
                <span className="block font-semibold break-words">{row.data.name ?? ''}</span>
                <span className="block tabular-nums">{shownMobile(row)}</span>
                <StatusText row={row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Counts (ready / problems / repeated in the file), the first rows, and the rows with problems. */
export function ImportPreviewView({ preview }: { preview: ImportPreview }) {
  const { t } = useTranslation('contacts');
  const problemRows = preview.rows.filter((r) => r.status.kind === 'problem');
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-3 gap-2" data-testid="import-counts">
        <Count value={preview.ready} label={t('import.counts.ready')} tone="ok" />
        <Count value={preview.problems} label={t('import.counts.problems')} tone={preview.problems ? 'problem' : 'neutral'} />
        <Count value={preview.duplicates} label={t('import.counts.duplicates')} tone="neutral" />
      </div>
      <p className="text-sm text-muted-foreground">{t('import.existingNote')}</p>
      {preview.overLimit > 0 ? (
        <p role="alert" className="rounded-xl bg-danger-soft p-3 text-sm font-semibold text-danger">
          {t('import.overLimit', {
            max: formatCount(CONTACTS_IMPORT_MAX_ROWS),
            left: formatCount(preview.overLimit),
          })}
        </p>
      ) : null}
      <RowsTable rows={preview.rows.slice(0, PREVIEW_ROWS)} caption={t('import.firstRows')} />
      {problemRows.length ? (
        <RowsTable
          rows={problemRows.slice(0, PROBLEM_ROWS_SHOWN)}
          caption={
            problemRows.length > PROBLEM_ROWS_SHOWN
              ? t('import.problemRowsSome', { shown: PROBLEM_ROWS_SHOWN, count: problemRows.length })
              : t('import.problemRows')
          }
        />
      ) : null}
    </div>
  );
}
