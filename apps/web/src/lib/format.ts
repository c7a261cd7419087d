import { relativeTime } from '@aaspaas/domain';
import type { TFunction } from 'i18next';
import { i18n } from './i18n';

function locale(): string {
  return `${i18n.language || 'en'}-IN`;
}

/** Spec §2 relative time: Just now, Xm ago, Xh ago, Xd ago under 7 days, then a date. */
export function formatRelativeTime(t: TFunction<'feed'>, iso: string, now: Date = new Date()): string {
  const rel = relativeTime(iso, now);
  switch (rel.kind) {
    case 'justNow':
      return t('time.justNow');
    case 'minutes':
      return t('time.minutes', { count: rel.count });
    case 'hours':
      return t('time.hours', { count: rel.count });
    case 'days':
      return t('time.days', { count: rel.count });
    case 'date':
      return new Intl.DateTimeFormat(locale(), {
        day: 'numeric',
        month: 'short',
        year: rel.date.getFullYear() === now.getFullYear() ? undefined : 'numeric',
      }).format(rel.date);
  }
}

/** '2.3' for 2.34 km; '0.4' for 400 m. */
export function formatDistanceKm(km: number): string {
  // Never '0 km': anything closer than 100 m reads 0.1.
  const shown = Math.max(0.1, km);
  return new Intl.NumberFormat(locale(), { maximumFractionDigits: shown < 10 ? 1 : 0, minimumFractionDigits: 0 }).format(shown);
}
