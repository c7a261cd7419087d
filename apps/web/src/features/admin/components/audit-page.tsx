import { ADMIN_AUDIT_ACTIONS, ADMIN_AUDIT_TARGETS, type AdminAuditEntry, PRODUCT_NAME } from '@aaspaas/domain';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatIndiaDate } from '@/lib/format';
import { useAuditLog } from '../api/get-audit-log';
import { AdminFilter, type AdminColumn, AdminTable } from './admin-table';

const FILTER_KEYS = ['action', 'targetType', 'targetId', 'admin', 'from', 'to'] as const;

function json(value: unknown): string {
  return value === null || value === undefined ? '—' : JSON.stringify(value, null, 1);
}

/** /admin/audit: every admin action, newest first; read-only (nothing here changes the log). */
export function AuditPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(`${t('pages.audit.title')} · ${t('title', { product: PRODUCT_NAME })}`);
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) || undefined]));
  const log = useAuditLog(filters);
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value && value !== 'all') next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const dateInput = (key: 'from' | 'to') => (
    <label className="flex flex-col gap-1 text-sm font-semibold">
      {t(`audit.${key}`)}
      <input
        type="date"
        value={params.get(key) ?? ''}
        onChange={(e) => set(key, e.target.value)}
        className="min-h-11 rounded-xl border border-border bg-surface px-3 text-base font-normal"
      />
    </label>
  );

  const columns: AdminColumn<AdminAuditEntry>[] = [
    {
      key: 'when',
      header: t('audit.columns.when'),
      cell: (e) => (
        <div className="flex flex-col gap-0.5">
          <span>{formatIndiaDate(e.createdAt)}</span>
          <span className="text-muted-foreground">{new Date(e.createdAt).toLocaleTimeString('en-IN')}</span>
        </div>
      ),
    },
    { key: 'who', header: t('audit.columns.who'), cell: (e) => <span className="break-all">{e.adminEmail}</span> },
    {
      key: 'what',
      header: t('audit.columns.what'),
      cell: (e) => (
        <div className="flex flex-col gap-0.5">
          <span className="font-semibold">{t(`audit.actions.${e.action}`, { defaultValue: e.action })}</span>
          <span className="break-all text-muted-foreground">
            {e.targetType} {e.targetId}
          </span>
          {e.reason ? <span>“{e.reason}”</span> : null}
        </div>
      ),
    },
    {
      key: 'change',
      header: t('audit.columns.change'),
      cell: (e) => (
        <details>
          <summary className="min-h-11 cursor-pointer py-2">{t('audit.showChange')}</summary>
          <div className="grid gap-2 sm:grid-cols-2">
            <pre className="overflow-x-auto rounded bg-muted p-2 text-xs">{json(e.before)}</pre>
            <pre className="overflow-x-auto rounded bg-muted p-2 text-xs">{json(e.after)}</pre>
          </div>
        </details>
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      <header>
        <h1 className="text-2xl font-extrabold">{t('pages.audit.title')}</h1>
        <p className="text-muted-foreground">{t('audit.intro')}</p>
      </header>
      <AdminTable
        caption={t('pages.audit.title')}
        columns={columns}
        rowKey={(e) => e.id}
        paged={{ ...log, rows: log.data?.pages.flatMap((page) => page.entries) }}
        empty={t('audit.empty')}
        search={{
          label: t('audit.admin'),
          placeholder: 'admin@example.in',
          value: params.get('admin') ?? '',
          onSearch: (q) => set('admin', q),
        }}
        filters={
          <>
            <AdminFilter
              label={t('audit.action')}
              value={params.get('action') ?? 'all'}
              onChange={(v) => set('action', v)}
              options={[
                { value: 'all', label: t('audit.allActions') },
                ...ADMIN_AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`audit.actions.${a}`, { defaultValue: a }) })),
              ]}
            />
            <AdminFilter
              label={t('audit.target')}
              value={params.get('targetType') ?? 'all'}
              onChange={(v) => set('targetType', v)}
              options={[
                { value: 'all', label: t('audit.allTargets') },
                ...ADMIN_AUDIT_TARGETS.map((a) => ({ value: a, label: a })),
              ]}
            />
            {dateInput('from')}
            {dateInput('to')}
          </>
        }
      />
    </div>
  );
}
