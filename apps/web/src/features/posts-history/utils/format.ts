import { i18n } from '@/lib/i18n';

function locale(): string {
  return `${i18n.language || 'en'}-IN`;
}

/** '12 Mar' (or 'Thu, 12 Mar') for the India day '2026-03-12': a calendar day, no time zone shifts it. */
export function formatDay(day: string, long = false): string {
  const at = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return day;
  return new Intl.DateTimeFormat(locale(), {
    ...(long ? { weekday: 'short' } : {}),
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  } as const).format(at);
}
