import { type AdminPost, PRODUCT_NAME } from '@aaspaas/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatIndiaDate } from '@/lib/format';
import { notify } from '@/lib/notify';
import { type AdminPostFilters, useAdminPosts } from '../api/get-admin-posts';
import { type PostModeration, useModeratePost } from '../api/moderate-post';
import { AdminFilter, type AdminColumn, AdminTable } from './admin-table';
import { HidePostDialog } from './hide-post-dialog';
import { ReportSources } from './report-sources';

const QUEUES = ['all', 'reported', 'appealed', 'hidden', 'visible'] as const;
type Queue = (typeof QUEUES)[number];

function filtersFrom(params: URLSearchParams): AdminPostFilters {
  const queue = (params.get('queue') ?? 'all') as Queue;
  return {
    q: params.get('q') || undefined,
    city: params.get('city') || undefined,
    category: params.get('category') || undefined,
    businessId: params.get('businessId') || undefined,
    reported: queue === 'reported' ? 'true' : undefined,
    appealed: queue === 'appealed' ? 'true' : undefined,
    hidden: queue === 'hidden' ? 'true' : queue === 'visible' ? 'false' : undefined,
  };
}

/** /admin/feed: every post, the queues of reported and appealed ones, and the admin's decisions. */
export function ModerationPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(`${t('pages.feed.title')} · ${t('title', { product: PRODUCT_NAME })}`);
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const posts = useAdminPosts(filters);
  // A search that stopped walking before it filled the page says how far back it looked.
  const searchedTo = posts.data?.pages.at(-1)?.searchedTo ?? null;
  const moderate = useModeratePost();
  const [hiding, setHiding] = useState<AdminPost | null>(null);
  const [deleting, setDeleting] = useState<AdminPost | null>(null);

  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value && value !== 'all') next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const act = (m: PostModeration, done: string) => {
    moderate.mutate(m, {
      onSuccess: () => {
        setHiding(null);
        setDeleting(null);
        void notify(done, 'success');
      },
      onError: (error) => {
        if (m.action !== 'hide' && m.action !== 'delete') void notify(error.message, 'error');
      },
    });
  };

  const reasonText = (post: AdminPost) =>
    post.hiddenReason ? t(`moderation.reasons.${post.hiddenReason}`, { defaultValue: post.hiddenReason }) : '';

  const columns: AdminColumn<AdminPost>[] = [
    {
      key: 'post',
      header: t('moderation.columns.post'),
      cell: (p) => (
        <div className="flex max-w-md flex-col gap-1">
          <span className="font-semibold">{p.businessName}</span>
          <span className="line-clamp-3">{p.content}</span>
          <span className="text-muted-foreground">
            {[p.category, p.city, formatIndiaDate(p.createdAt)].filter(Boolean).join(' · ')}
          </span>
        </div>
      ),
    },
    {
      key: 'status',
      header: t('moderation.columns.status'),
      cell: (p) => (
        <div className="flex flex-col gap-1" data-testid="post-status">
          <span className={p.hiddenAt ? 'font-semibold text-danger' : ''}>
            {p.hiddenAt ? t('moderation.status.hidden', { reason: reasonText(p) }) : t('moderation.status.visible')}
          </span>
          {p.hiddenNote ? <span className="text-muted-foreground">“{p.hiddenNote}”</span> : null}
          {p.openReports > 0 ? (
            <span>
              {t('moderation.status.reports', { count: p.openReports })}:{' '}
              {Object.entries(p.reportReasons)
                .map(([reason, n]) => `${t(`moderation.reasons.${reason}`, { defaultValue: reason })} ${n}`)
                .join(', ')}
            </span>
          ) : null}
          {p.reportSources.length > 0 ? <ReportSources sources={p.reportSources} /> : null}
          {p.reviewRequestedAt ? <span className="font-semibold">{t('moderation.status.appealed')}</span> : null}
        </div>
      ),
    },
    {
      key: 'actions',
      header: t('moderation.columns.actions'),
      cell: (p) => (
        <div className="flex flex-wrap gap-2">
          {p.hiddenAt && p.hiddenReason !== 'suspended' ? (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => act({ id: p.id, action: 'unhide' }, t('moderation.done.unhidden'))}
            >
              {t('moderation.actions.unhide')}
            </Button>
          ) : null}
          {!p.hiddenAt || p.hiddenReason === 'reports' ? (
            <Button size="sm" variant="secondary" onClick={() => setHiding(p)}>
              {t('moderation.actions.hide')}
            </Button>
          ) : null}
          {p.openReports > 0 && !p.hiddenAt ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => act({ id: p.id, action: 'dismiss-reports' }, t('moderation.done.dismissed'))}
            >
              {t('moderation.actions.dismiss')}
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" className="text-danger" onClick={() => setDeleting(p)}>
            {t('moderation.actions.delete')}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      <header>
        <h1 className="text-2xl font-extrabold">{t('pages.feed.title')}</h1>
        <p className="text-muted-foreground">{t('moderation.intro')}</p>
      </header>
      <AdminTable
        caption={t('pages.feed.title')}
        columns={columns}
        rowKey={(p) => p.id}
        paged={{ ...posts, rows: posts.data?.pages.flatMap((page) => page.posts) }}
        empty={t('moderation.empty')}
        note={searchedTo ? t('moderation.searchedTo', { date: formatIndiaDate(searchedTo) }) : undefined}
        search={{ label: t('moderation.search'), value: params.get('q') ?? '', onSearch: (q) => set('q', q) }}
        filters={
          <>
            <AdminFilter
              label={t('moderation.queue')}
              value={params.get('queue') ?? 'all'}
              onChange={(v) => set('queue', v)}
              options={QUEUES.map((q) => ({ value: q, label: t(`moderation.queues.${q}`) }))}
            />
            <AdminTextFilter label={t('moderation.city')} value={params.get('city') ?? ''} onChange={(v) => set('city', v)} />
            <AdminTextFilter
              label={t('moderation.category')}
              value={params.get('category') ?? ''}
              onChange={(v) => set('category', v)}
            />
            {params.get('businessId') ? (
              <Button variant="secondary" onClick={() => set('businessId', '')}>
                {t('moderation.allBusinesses')}
              </Button>
            ) : null}
          </>
        }
      />
      <HidePostDialog
        key={hiding?.id ?? 'none'}
        open={hiding !== null}
        onOpenChange={(open) => !open && setHiding(null)}
        pending={moderate.isPending}
        error={moderate.isError && hiding ? moderate.error.message : null}
        onHide={(reason, note) =>
          hiding &&
          act({ id: hiding.id, action: 'hide', input: { reason, note: note || undefined } }, t('moderation.done.hidden'))
        }
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('moderation.delete.title')}
        description={t('moderation.delete.description', { business: deleting?.businessName ?? '' })}
        confirmLabel={t('moderation.delete.confirm')}
        cancelLabel={t('moderation.cancel')}
        tone="danger"
        pending={moderate.isPending}
        error={moderate.isError && deleting ? moderate.error.message : null}
        onConfirm={() => deleting && act({ id: deleting.id, action: 'delete' }, t('moderation.done.deleted'))}
      />
    </div>
  );
}

/** A text filter applied when it loses focus or on Enter (not on every key over a slow connection). */
function AdminTextFilter({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const [draft, setDraft] = useState(value);
  return (
    <label className="flex flex-col gap-1 text-sm font-semibold">
      {label}
      <input
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => draft.trim() !== value && onChange(draft.trim())}
        onKeyDown={(e) => e.key === 'Enter' && onChange(draft.trim())}
        className="min-h-11 w-36 rounded-xl border border-border bg-surface px-3 text-base font-normal"
      />
    </label>
  );
}
