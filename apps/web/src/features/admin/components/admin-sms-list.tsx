import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UrlFilters } from '@/hooks/use-url-filters';
import { AdminFilter, type AdminColumn, AdminTable, type PagedRows } from './admin-table';

type AdminSmsListProps<T, S extends string> = {
  title: string;
  intro: string;
  columns: AdminColumn<T>[];
  rowKey: (row: T) => string;
  paged: PagedRows<T>;
  empty: string;
  searchLabel: string;
  /** The page's filters in the address: the search is `q`, the status `status`. */
  filters: UrlFilters;
  statuses: readonly S[];
  statusLabel: (status: S) => string;
  /** Filters after the status one. */
  children?: ReactNode;
};

/** The admin's SMS lists (campaigns, messages): heading, search box, a status filter ('any status' first), the table. */
export function AdminSmsList<T, S extends string>({
  title,
  intro,
  columns,
  rowKey,
  paged,
  empty,
  searchLabel,
  filters,
  statuses,
  statusLabel,
  children,
}: AdminSmsListProps<T, S>) {
  const { t } = useTranslation('admin');
  return (
    <>
      <header>
        <h1 className="text-2xl font-extrabold">{title}</h1>
        <p className="text-muted-foreground">{intro}</p>
      </header>
      <AdminTable
        caption={title}
        columns={columns}
        rowKey={rowKey}
        paged={paged}
        empty={empty}
        search={{ label: searchLabel, value: filters.get('q'), onSearch: (q) => filters.set('q', q) }}
        filters={
          <>
            <AdminFilter
              label={t('sms.columns.status')}
              value={filters.oneOf('status', statuses) ?? 'all'}
              onChange={(v) => filters.set('status', v)}
              options={[
                { value: 'all', label: t('sms.anyStatus') },
                ...statuses.map((s) => ({ value: s, label: statusLabel(s) })),
              ]}
            />
            {children}
          </>
        }
      />
    </>
  );
}
