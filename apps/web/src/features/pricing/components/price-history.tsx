import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIndiaDateTime } from '@/lib/format';

type Change = { changedAt: string | null; changedBy: string | null };

/** Every change of a price, newest first: when, the values, and who made it. */
export function PriceHistory<T extends Change>({
  rows,
  columns,
}: {
  rows: readonly T[];
  columns: { header: string; cell: (row: T) => ReactNode }[];
}) {
  const { t } = useTranslation('pricing');
  return (
    <section aria-labelledby="price-history-title" className="flex flex-col gap-2">
      <h2 id="price-history-title" className="text-lg font-bold">
        {t('history.title')}
      </h2>
      {rows.length === 0 ? (
        <p className="rounded-md border p-4 text-sm">{t('history.empty')}</p>
      ) : (
        <div className="overflow-x-auto rounded-md border">
          <table className="w-full text-left text-sm" data-testid="price-history">
            <thead className="bg-muted">
              <tr>
                <th scope="col" className="p-2">
                  {t('history.when')}
                </th>
                {columns.map((c) => (
                  <th key={c.header} scope="col" className="p-2">
                    {c.header}
                  </th>
                ))}
                <th scope="col" className="p-2">
                  {t('history.by')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {rows.map((row, i) => (
                <tr key={`${row.changedAt ?? ''}-${i}`}>
                  <td className="p-2 whitespace-nowrap">
                    {row.changedAt ? formatIndiaDateTime(row.changedAt) : t('history.start')}
                  </td>
                  {columns.map((c) => (
                    <td key={c.header} className="p-2">
                      {c.cell(row)}
                    </td>
                  ))}
                  <td className="p-2 break-all">{row.changedBy ?? t('history.start')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
