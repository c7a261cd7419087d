import { Clock } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatIndiaTime, formatIndiaWeekday } from '@/lib/format';
import { cn } from '@/lib/utils';

const DAY_MS = 86_400_000;
const IST_MS = 330 * 60_000;
/** A change sooner than this reads "Closes in 30 min"; later, "Closes at 10 pm". */
const SOON_MS = 60 * 60_000;

const indiaDay = (ms: number) => Math.floor((ms + IST_MS) / DAY_MS);

/** "Closes at 10 pm", "Opens tomorrow at 7 am", "Closes in 30 min": when the status next changes, or ''. */
function nextChange(t: TFunction, openNow: boolean, changesAt: string | null | undefined, now: number = Date.now()): string {
  if (!changesAt) return '';
  const at = new Date(changesAt).getTime();
  const time = formatIndiaTime(changesAt);
  const days = indiaDay(at) - indiaDay(now);
  const verb = openNow ? 'closes' : 'opens';
  if (at - now < SOON_MS) return t(`openStatus.${verb}In`, { count: Math.max(1, Math.round((at - now) / 60_000)) });
  if (days <= 0) return t(`openStatus.${verb}At`, { time });
  if (days === 1) return t(`openStatus.${verb}Tomorrow`, { time });
  return t(`openStatus.${verb}On`, { time, day: formatIndiaWeekday(changesAt) });
}

/**
 * "Open now · Closes at 10 pm", "Closed · Opens tomorrow at 7 am" (docs/product.md §3, Opening hours):
 * text and a clock, never colour alone. Nothing when the business has not given its hours.
 */
export function OpenStatus({
  openNow,
  changesAt,
  className,
}: {
  openNow: boolean | null | undefined;
  changesAt: string | null | undefined;
  className?: string;
}) {
  const { t } = useTranslation();
  if (openNow === null || openNow === undefined) return null;
  const next = nextChange(t, openNow, changesAt);
  return (
    <p
      data-testid="open-status"
      data-open={openNow ? 'true' : 'false'}
      className={cn(
        'flex items-center gap-1.5 text-sm font-semibold',
        openNow ? 'text-success' : 'text-muted-foreground',
        className,
      )}
    >
      <Clock className="size-4 shrink-0" aria-hidden="true" />
      <span>
        {openNow ? t('openStatus.open') : t('openStatus.closed')}
        {next ? ` · ${next}` : ''}
      </span>
    </p>
  );
}
