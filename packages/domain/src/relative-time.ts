export type RelativeTime =
  { kind: 'justNow' } | { kind: 'minutes' | 'hours' | 'days'; count: number } | { kind: 'date'; date: Date };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** docs/product.md §2: Just now, Xm ago, Xh ago, Xd ago under 7 days, then a date. The web words it. */
export function relativeTime(iso: string | Date, now: Date = new Date()): RelativeTime {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  const ms = now.getTime() - date.getTime();
  if (ms < MINUTE) return { kind: 'justNow' };
  if (ms < HOUR) return { kind: 'minutes', count: Math.floor(ms / MINUTE) };
  if (ms < DAY) return { kind: 'hours', count: Math.floor(ms / HOUR) };
  if (ms < 7 * DAY) return { kind: 'days', count: Math.floor(ms / DAY) };
  return { kind: 'date', date };
}
