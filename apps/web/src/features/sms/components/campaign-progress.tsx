import { useTranslation } from 'react-i18next';
import { formatCount } from '@/lib/format';

export type ProgressCounts = { total: number; queued: number; sent: number; delivered: number; failed: number };

/**
 * How far a campaign has got: a bar of the messages the gateway has taken (sent, delivered or failed)
 * out of all, and the four counts as words, so a screen reader hears the same as the bar shows.
 */
export function CampaignProgress({ counts, label }: { counts: ProgressCounts; label: string }) {
  const { t } = useTranslation('sms');
  const done = counts.sent + counts.delivered + counts.failed;
  const percent = counts.total > 0 ? Math.round((done / counts.total) * 100) : 0;
  const tiles = [
    { key: 'queued', value: counts.queued },
    { key: 'sent', value: counts.sent },
    { key: 'delivered', value: counts.delivered },
    { key: 'failed', value: counts.failed },
  ] as const;
  return (
    <div className="flex flex-col gap-2">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={counts.total}
        aria-valuenow={done}
        aria-valuetext={t('progress.valueText', { done: formatCount(done), total: formatCount(counts.total), percent })}
        className="h-3 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <dl className="grid grid-cols-4 gap-1 text-center text-sm">
        {tiles.map((tile) => (
          <div key={tile.key} className="rounded-lg bg-muted px-1 py-1.5" data-testid={`progress-${tile.key}`}>
            <dt className="text-muted-foreground">{t(`progress.${tile.key}`)}</dt>
            <dd className={tile.key === 'failed' && tile.value > 0 ? 'font-bold text-danger' : 'font-bold'}>
              {formatCount(tile.value)}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
