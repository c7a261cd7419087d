import { PRODUCT_NAME } from '@aaspaas/domain/rules';
import { CheckSquare, Download, QrCode, Upload, UserPlus } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorCard } from '@/components/errors/error-card';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { LoadMore } from '@/components/ui/load-more';
import { paths } from '@/config/paths';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useOnInView } from '@/hooks/use-in-view';
import { isNetworkError } from '@/lib/not-found';
import { notify } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { useDeleteContacts } from '../api/delete-contacts';
import { useExportContacts } from '../api/export-contacts';
import { useContacts } from '../api/get-contacts';
import { useAuthExpiredNotice } from '../hooks/use-auth-expired-notice';
import { formatCount } from '@/lib/format';
import { notifyFailure } from '../utils/notify-failure';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { ContactList } from './contact-list';
import { ContactsEmpty, ContactsNoMatch, ContactsSkeleton } from './contacts-states';
import { ContactsSearch, TagFilter } from './contacts-toolbar';
import { ImportDialog } from './import-dialog';
import { SelectBar } from './select-bar';

const NO_IDS: ReadonlySet<string> = new Set();

// The button look for links whose label may take two lines on a phone ('Quick add at the counter').
const WRAPPING_BUTTON =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-xl px-3 py-1 text-center leading-tight font-semibold [&_svg]:shrink-0';

/** Typing settles for this long before the server is asked. */
export const SEARCH_DEBOUNCE_MS = 300;

function useListFilters() {
  const [params, setParams] = useSearchParams();
  const tag = params.get('tag') ?? undefined;
  const [search, setSearch] = useState(() => params.get('q') ?? '');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // The filters live in the URL: back from a contact's page, the list is as it was left.
  const urlQ = params.get('q') ?? '';
  useEffect(() => {
    if (urlQ === q) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (q) next.set('q', q);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [q, urlQ, setParams]);
  const setTag = useCallback(
    (value: string | undefined) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value) next.set('tag', value);
          else next.delete('tag');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { search, setSearch, q, tag, setTag };
}

function ExportButton() {
  const { t } = useTranslation('contacts');
  const exporter = useExportContacts();
  return (
    <Button
      variant="secondary"
      size="lg"
      disabled={exporter.isPending}
      onClick={() => exporter.mutate(undefined, { onError: (error) => notifyFailure(t, t('toast.exportFailed'), error) })}
    >
      {exporter.isPending ? <Spinner className="size-5" /> : <Download className="size-5" aria-hidden="true" />}
      {exporter.isPending ? t('actions.exporting') : t('actions.export')}
    </Button>
  );
}

/**
 * /contacts: the business's customers. Search and tag filter on the server, keyset pages with
 * infinite scroll and 'Load more', a windowed list, select and delete with confirmation, tap to
 * call or WhatsApp, import and export.
 */
export function ContactsPage() {
  const { t } = useTranslation('contacts');
  const { t: tCommon } = useTranslation();
  useDocumentTitle(`${t('title')} · ${PRODUCT_NAME}`);
  const { search, setSearch, q, tag, setTag } = useListFilters();
  const query = useContacts({ q, tag });
  useAuthExpiredNotice(query.error);

  const [importOpen, setImportOpen] = useState(false);
  const [selecting, setSelecting] = useState(false);
  // What is selected must be on screen: a new search or filter starts a new selection.
  const filterKey = `${q}\u0000${tag ?? ''}`;
  const [selection, setSelection] = useState<{ key: string; ids: ReadonlySet<string> }>(() => ({
    key: filterKey,
    ids: new Set(),
  }));
  const selected = selection.key === filterKey ? selection.ids : NO_IDS;
  const setSelected = useCallback(
    (update: (prev: ReadonlySet<string>) => ReadonlySet<string>) =>
      setSelection((prev) => ({ key: filterKey, ids: update(prev.key === filterKey ? prev.ids : NO_IDS) })),
    [filterKey],
  );
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const bulkDelete = useDeleteContacts();

  const pages = query.data?.pages;
  const contacts = useMemo(() => pages?.flatMap((p) => p.contacts) ?? [], [pages]);
  const first = pages?.[0];
  const total = first?.total ?? 0;
  const filtered = Boolean(q || tag);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const canAutoLoad = Boolean(hasNextPage) && !isFetchingNextPage && !isFetchNextPageError && !query.isPlaceholderData;
  const sentinel = useOnInView<HTMLDivElement>(() => void fetchNextPage(), { enabled: canAutoLoad, rootMargin: '800px 0px' });

  const toggle = useCallback(
    (id: string) =>
      setSelected((prev) => {
        const next = new Set(prev);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [setSelected],
  );

  function stopSelecting() {
    setSelecting(false);
    setSelected(() => NO_IDS);
  }

  async function deleteSelected() {
    setDeleteError(null);
    const ids = contacts.filter((c) => selected.has(c.id)).map((c) => c.id);
    try {
      const deleted = await bulkDelete.mutateAsync(ids);
      setConfirmOpen(false);
      stopSelecting();
      void notify(t('toast.deleted', { count: deleted, formatted: formatCount(deleted) }), 'success');
    } catch (error) {
      setDeleteError(isNetworkError(error) ? t('errors.offline') : (error as Error).message);
      notifyFailure(t, t('toast.deleteFailed'), error, true);
    }
  }

  let body;
  if (query.isPending) body = <ContactsSkeleton />;
  else if (query.isError && !first) {
    body = (
      <ErrorCard
        title={t('list.loadFailed')}
        message={isNetworkError(query.error) ? t('errors.offline') : query.error.message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        retryLabel={tCommon('retry')}
      />
    );
  } else if (contacts.length === 0) {
    body = filtered ? (
      <ContactsNoMatch
        onClear={() => {
          setSearch('');
          setTag(undefined);
        }}
      />
    ) : (
      <ContactsEmpty onImport={() => setImportOpen(true)} />
    );
  } else {
    body = (
      <>
        <ContactList contacts={contacts} total={total} selecting={selecting} selected={selected} onToggle={toggle} />
        <div ref={sentinel} aria-hidden="true" />
        <LoadMore
          hasMore={hasNextPage}
          loading={isFetchingNextPage}
          failed={isFetchNextPageError}
          onLoadMore={() => void fetchNextPage()}
          labels={{ loadMore: t('list.loadMore'), loading: t('list.loadingMore'), failed: t('list.moreFailed') }}
        />
      </>
    );
  }

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-5">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl leading-tight font-extrabold">{t('title')}</h1>
        <p className="text-muted-foreground" aria-live="polite" data-testid="contacts-total">
          {first
            ? filtered
              ? t('list.found', { count: total, formatted: formatCount(total) })
              : t('list.total', { count: total, formatted: formatCount(total) })
            : '\u00a0'}
        </p>
      </header>

      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Link
          to={paths.app.addContact.getHref()}
          className={cn(WRAPPING_BUTTON, 'bg-primary text-primary-foreground hover:bg-primary-hover')}
        >
          <UserPlus className="size-5" aria-hidden="true" />
          {t('actions.add')}
        </Link>
        <Link
          to={paths.app.addCustomerContact.getHref()}
          className={cn(WRAPPING_BUTTON, 'bg-primary-soft text-primary-hover hover:bg-orange-200')}
        >
          <QrCode className="size-5" aria-hidden="true" />
          {t('actions.quickAdd')}
        </Link>
        <Button variant="secondary" size="lg" onClick={() => setImportOpen(true)}>
          <Upload className="size-5" aria-hidden="true" />
          {t('actions.import')}
        </Button>
        <ExportButton />
      </div>

      <ContactsSearch value={search} onChange={setSearch} />
      <TagFilter tags={first?.tags ?? []} value={tag} onChange={setTag} />

      {contacts.length > 0 ? (
        selecting ? (
          <SelectBar
            loaded={contacts.length}
            selected={selected.size}
            onSelectAll={(all) => setSelected(() => (all ? new Set(contacts.map((c) => c.id)) : NO_IDS))}
            onDelete={() => {
              setDeleteError(null);
              setConfirmOpen(true);
            }}
            onDone={stopSelecting}
          />
        ) : (
          <div className="flex items-center justify-between gap-2">
            {query.isPlaceholderData ? (
              <span className="inline-flex items-center gap-2 text-sm text-muted-foreground">
                <Spinner className="size-4" />
                {t('list.searching')}
              </span>
            ) : (
              <span />
            )}
            <Button variant="ghost" onClick={() => setSelecting(true)}>
              <CheckSquare className="size-5" aria-hidden="true" />
              {t('select.start')}
            </Button>
          </div>
        )
      ) : null}

      {body}

      <ImportDialog open={importOpen} onOpenChange={setImportOpen} />
      <ConfirmDeleteDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        count={selected.size}
        onConfirm={() => void deleteSelected()}
        pending={bulkDelete.isPending}
        error={deleteError}
      />
    </div>
  );
}
