import { relativeTime } from '@aaspaas/domain/rules';
import type { TFunction } from 'i18next';
import { i18n } from './i18n';

function locale(): string {
  return `${i18n.language || 'en'}-IN`;
}

// Each card formats its time and distance: one formatter per locale and options, built once (a
// formatter costs a phone about a millisecond to build, more than a thousand formats).
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  let formatter = formatters.get(key) as F | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** docs/product.md §2 relative time: Just now, Xm ago, Xh ago, Xd ago under 7 days, then a date. */
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
    case 'date': {
      const withYear = rel.date.getFullYear() !== now.getFullYear();
      const lang = locale();
      return cached(
        `date ${lang} ${withYear}`,
        () => new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short', year: withYear ? 'numeric' : undefined }),
      ).format(rel.date);
    }
  }
}

/** '2.3' for 2.34 km; '0.4' for 400 m. */
export function formatDistanceKm(km: number): string {
  // Never '0 km': anything closer than 100 m reads 0.1.
  const shown = Math.max(0.1, km);
  const digits = shown < 10 ? 1 : 0;
  const lang = locale();
  return cached(
    `km ${lang} ${digits}`,
    () => new Intl.NumberFormat(lang, { maximumFractionDigits: digits, minimumFractionDigits: 0 }),
  ).format(shown);
}

/** Whole numbers with Indian grouping: 1,23,456. */
export function formatCount(n: number): string {
  const lang = locale();
  return cached(`count ${lang}`, () => new Intl.NumberFormat(lang)).format(n);
}

/**
 * The India date of an instant: '31 Mar 2026' (an offer's valid-until, a consent's date), or with
 * `month: 'long'` '5 March 2025' (a page's last update). An unreadable date is returned as it came.
 */
export function formatIndiaDate(iso: string, { month = 'short' }: { month?: 'short' | 'long' } = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const lang = locale();
  return cached(
    `india-date ${lang} ${month}`,
    () => new Intl.DateTimeFormat(lang, { day: 'numeric', month, year: 'numeric', timeZone: 'Asia/Kolkata' }),
  ).format(date);
}

/** The India date and time of an instant: '25 Nov 2026, 7:40 pm' (when a price changed). */
export function formatIndiaDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const lang = locale();
  return cached(
    `india-date-time ${lang}`,
    () =>
      new Intl.DateTimeFormat(lang, {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone: 'Asia/Kolkata',
      }),
  ).format(date);
}

/** The India time of day of an instant: '10 pm', '4:30 pm' (opening hours, fresh stock). */
export function formatIndiaTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const lang = locale();
  // India is UTC+5:30: its minute of the hour is UTC's plus 30.
  const whole = (date.getUTCMinutes() + 30) % 60 === 0;
  return cached(
    `india-time ${lang} ${whole}`,
    () => new Intl.DateTimeFormat(lang, { hour: 'numeric', ...(whole ? {} : { minute: '2-digit' }), timeZone: 'Asia/Kolkata' }),
  ).format(date);
}

/** The India weekday of an instant, short: 'Mon' (when a shop opens next). */
export function formatIndiaWeekday(iso: string): string {
  const lang = locale();
  return cached(
    `india-weekday ${lang}`,
    () => new Intl.DateTimeFormat(lang, { weekday: 'short', timeZone: 'Asia/Kolkata' }),
  ).format(new Date(iso));
}
