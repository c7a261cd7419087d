import { Search } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCard } from '@/components/errors/error-card';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { LoadMore } from '@/components/ui/load-more';
import { Select } from '@/components/ui/select';
import { isNetworkError } from '@/lib/not-found';
import { cn } from '@/lib/utils';

// A cell on a phone: a line of the row's card, its column's name in front (the table's header is only read out).
const CARD_CELL = 'max-md:flex max-md:min-w-0 max-md:flex-wrap max-md:items-start max-md:gap-x-3 max-md:px-0 max-md:py-1';
const CARD_CELL_LABELLED = cn(
  CARD_CELL,
  'max-md:before:w-28 max-md:before:shrink-0 max-md:before:font-semibold max-md:before:text-muted-foreground max-md:before:content-[attr(data-label)]',
);

export type AdminColumn<T> = { key: string; header: string; cell: (row: T) => ReactNode; className?: string };

/** What a server-paged list query offers the table (TanStack's infinite query result fits). */
export type PagedRows<T> = {
  rows: T[] | undefined;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  isFetching: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
};

type AdminTableProps<T> = {
  caption: string;
  columns: AdminColumn<T>[];
  rowKey: (row: T) => string;
  paged: PagedRows<T>;
  empty: string;
  /** The search box: submitted on Enter or the button, so a slow connection asks once per search. */
  search?: { label: string; placeholder?: string; value: string; onSearch: (q: string) => void };
  /** Filter controls shown beside the search box. */
  filters?: ReactNode;
  /** Said after the rows (or instead of `empty`): e.g. how far back a search looked before "Load more". */
  note?: string;
};

/**
 * The admin area's lists: a search box and filters, a table the server pages by cursor ("Load more"
 * asks for the next page; nothing counts or skips rows), and its loading, empty and error states.
 * On a phone each row is a card of label–value lines, so no column (Suspend, Adjust wallet) is
 * off the screen; from md up it is a table.
 */
export function AdminTable<T>({ caption, columns, rowKey, paged, empty, search, filters, note }: AdminTableProps<T>) {
  const { t } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const [draft, setDraft] = useState(search?.value ?? '');
  const searchId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    search?.onSearch(draft.trim());
  };

  return (
    <div className="flex flex-col gap-3">
      {search || filters ? (
        <div className="flex flex-wrap items-end gap-2">
          {search ? (
            <form role="search" onSubmit={submit} className="flex min-w-0 flex-1 basis-64 items-end gap-2">
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <label htmlFor={searchId} className="text-sm font-semibold">
                  {search.label}
                </label>
                <Input
                  id={searchId}
                  type="search"
                  value={draft}
                  placeholder={search.placeholder}
                  onChange={(e) => setDraft(e.target.value)}
                />
              </div>
              <Button type="submit" variant="secondary" aria-label={t('table.search')}>
                <Search className="size-5" aria-hidden="true" />
              </Button>
            </form>
          ) : null}
          {filters}
        </div>
      ) : null}
      {paged.isError && !paged.rows ? (
        <ErrorCard
          title={t('table.error')}
          message={isNetworkError(paged.error) ? tCommon('errors.offline') : (paged.error?.message ?? '')}
          onRetry={() => void paged.refetch()}
          retrying={paged.isFetching}
          retryLabel={tCommon('retry')}
        />
      ) : paged.isPending ? (
        <p role="status" className="rounded-md border p-4 text-sm text-muted-foreground">
          {t('table.loading')}
        </p>
      ) : !paged.rows || paged.rows.length === 0 ? (
        <p className="rounded-md border p-4 text-sm">{note ?? empty}</p>
      ) : (
        <div className="md:overflow-x-auto md:rounded-md md:border">
          {/* Explicit roles: a table laid out as cards on a phone stays a table to a screen reader. */}
          <table role="table" className="w-full text-left text-sm max-md:block md:min-w-[40rem]">
            <caption className="sr-only">{caption}</caption>
            <thead role="rowgroup" className="bg-muted max-md:sr-only">
              <tr role="row">
                {columns.map((c) => (
                  <th key={c.key} role="columnheader" scope="col" className="px-3 py-2 font-semibold">
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody role="rowgroup" className="max-md:flex max-md:flex-col max-md:gap-3 md:divide-y">
              {paged.rows.map((row) => (
                <tr
                  role="row"
                  key={rowKey(row)}
                  className="align-top max-md:block max-md:rounded-xl max-md:border max-md:border-border max-md:bg-surface max-md:p-3"
                >
                  {columns.map((c) => (
                    <td
                      role="cell"
                      key={c.key}
                      data-label={c.header}
                      className={cn(c.className ?? 'px-3 py-2', c.header ? CARD_CELL_LABELLED : CARD_CELL)}
                    >
                      {c.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {note && paged.rows && paged.rows.length > 0 ? (
        <p role="status" className="text-sm text-muted-foreground">
          {note}
        </p>
      ) : null}
      <LoadMore
        hasMore={paged.hasNextPage}
        loading={paged.isFetchingNextPage}
        failed={paged.isFetchNextPageError}
        onLoadMore={() => void paged.fetchNextPage()}
        labels={{ loadMore: t('table.loadMore'), loading: t('table.loadingMore'), failed: t('table.loadMoreFailed') }}
      />
    </div>
  );
}

/** A labelled select for a table's filters. */
export function AdminFilter({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </div>
  );
}
