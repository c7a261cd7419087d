import { Copy, RotateCcw, Trash2 } from 'lucide-react';
import { useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { env } from '@/config/env';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { notify } from '@/lib/notify';
import { readStorage, removeStorage } from '@/lib/storage';
import { cn } from '@/lib/utils';
import { getVisitorId } from '@/lib/visitor-id';
import { useApiHealth } from '../api/get-api-health';
import { useBuildInfo } from '../api/get-build-info';

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/** The stored token's length only: its value never leaves storage (not rendered, not copied). */
function storedTokenLength(): number | null {
  const token = readStorage(STORAGE_KEYS.authToken);
  return token === null ? null : token.length;
}

function formatBuildTime(httpDate: string | null): string | null {
  if (!httpDate) return null;
  const d = new Date(httpDate);
  if (Number.isNaN(d.getTime())) return null;
  return (
    new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' }).format(d) + ' IST'
  );
}

type Row = { label: string; value: string; node?: ReactNode; tone?: 'ok' | 'bad'; mono?: boolean };

function Section({ title, rows, children }: { title: string; rows: Row[]; children?: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-2xl border border-border bg-surface p-4">
      <h2 className="text-lg font-bold">{title}</h2>
      <dl className="mt-2 divide-y divide-border">
        {rows.map((r) => (
          <div key={r.label} className="py-2.5">
            <dt className="text-sm text-muted-foreground">{r.label}</dt>
            <dd
              className={cn(
                'mt-0.5 break-all',
                r.mono && 'font-mono text-[15px]',
                r.tone === 'ok' && 'font-semibold text-success',
                r.tone === 'bad' && 'font-semibold text-danger',
              )}
            >
              {r.node ?? r.value}
            </dd>
          </div>
        ))}
      </dl>
      {children ? <div className="mt-3 flex flex-wrap gap-2">{children}</div> : null}
    </section>
  );
}

/**
 * Support's view of this browser (no secrets): whether a sign-in token is stored (its length,
 * never its value), visitor id, API address and health, build, online state, device.
 */
export function DebugPanel() {
  const { t } = useTranslation('debug');
  const [tokenLength, setTokenLength] = useState(storedTokenLength);
  const [visitorId] = useState(getVisitorId);
  const online = useOnline();
  const health = useApiHealth();
  const build = useBuildInfo();

  const apiBase = env.API_URL || t('sameOrigin', { origin: window.location.origin });
  const healthText = health.isPending
    ? t('health.checking')
    : health.isError
      ? t('health.failed', { message: health.error.message })
      : t('health.ok', { status: health.data.status, database: health.data.database, ms: health.data.ms });
  const sw = typeof navigator !== 'undefined' && 'serviceWorker' in navigator && navigator.serviceWorker.controller;

  const sections: { title: string; rows: Row[]; actions?: ReactNode }[] = [
    {
      title: t('sections.signIn'),
      rows: [
        {
          label: t('token.label'),
          value: tokenLength === null ? t('token.absent') : t('token.present', { count: tokenLength }),
          tone: tokenLength === null ? undefined : 'ok',
        },
        { label: t('visitorId'), value: visitorId ?? '—', mono: true },
      ],
      actions: (
        <Button
          variant="secondary"
          disabled={tokenLength === null}
          onClick={() => {
            removeStorage(STORAGE_KEYS.authToken);
            setTokenLength(storedTokenLength());
            void notify(t('token.cleared'), 'success');
          }}
        >
          <Trash2 className="size-5" aria-hidden="true" />
          {t('token.clear')}
        </Button>
      ),
    },
    {
      title: t('sections.connection'),
      rows: [
        { label: t('online'), value: online ? t('yes') : t('no'), tone: online ? 'ok' : 'bad' },
        { label: t('apiBase'), value: apiBase, mono: true },
        {
          label: t('health.label'),
          value: healthText,
          tone: health.isPending ? undefined : health.isError ? 'bad' : 'ok',
          node: <span aria-live="polite">{healthText}</span>,
        },
      ],
      actions: (
        <Button variant="secondary" onClick={() => void health.refetch()} disabled={health.isFetching}>
          <RotateCcw className={cn('size-5', health.isFetching && 'animate-spin')} aria-hidden="true" />
          {t('health.recheck')}
        </Button>
      ),
    },
    {
      title: t('sections.app'),
      rows: [
        { label: t('build'), value: build.data?.file ?? (build.isPending ? t('health.checking') : t('unknown')), mono: true },
        {
          label: t('buildTime'),
          value: formatBuildTime(build.data?.builtAt ?? null) ?? (build.isPending ? t('health.checking') : t('unknown')),
        },
        { label: t('mode'), value: env.MODE },
        { label: t('serviceWorker'), value: sw ? t('swActive') : t('swInactive') },
      ],
    },
    {
      title: t('sections.device'),
      rows: [
        { label: t('language'), value: `${navigator.language} (${navigator.languages?.join(', ') ?? ''})` },
        { label: t('screen'), value: `${window.innerWidth}×${window.innerHeight} @${window.devicePixelRatio || 1}x` },
        { label: t('userAgent'), value: navigator.userAgent, mono: true },
      ],
    },
  ];

  const copy = async () => {
    const text = [
      `${window.location.href}`,
      `${new Date().toISOString()}`,
      ...sections.flatMap((s) => [`# ${s.title}`, ...s.rows.map((r) => `${r.label}: ${r.value}`)]),
    ].join('\n');
    try {
      await navigator.clipboard.writeText(text);
      void notify(t('copied'), 'success');
    } catch {
      void notify(t('copyFailed'), 'error');
    }
  };

  return (
    <div className="space-y-3">
      {sections.map((s) => (
        <Section key={s.title} title={s.title} rows={s.rows}>
          {s.actions}
        </Section>
      ))}
      <Button size="lg" className="w-full" onClick={() => void copy()}>
        <Copy className="size-5" aria-hidden="true" />
        {t('copy')}
      </Button>
    </div>
  );
}
