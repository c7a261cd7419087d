import { IST_OFFSET_MINUTES } from '@aaspaas/domain/rules';

/** Promotional and service-explicit SMS may be delivered only from 10:00 to 21:00 India time. */
const WINDOW_OPENS_MINUTE = 10 * 60;
const WINDOW_CLOSES_MINUTE = 21 * 60;
const IST_MS = IST_OFFSET_MINUTES * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/**
 * When sending that starts at `at` may begin: `at` itself inside the window, otherwise the next
 * 10:00 in India (the same day before 10:00, the next day after 21:00).
 */
export function windowStartFor(at: Date): Date {
  const local = at.getTime() + IST_MS;
  const dayStart = Math.floor(local / DAY_MS) * DAY_MS;
  const minute = (local - dayStart) / 60_000;
  if (minute >= WINDOW_OPENS_MINUTE && minute < WINDOW_CLOSES_MINUTE) return at;
  const opens = dayStart + WINDOW_OPENS_MINUTE * 60_000 + (minute >= WINDOW_CLOSES_MINUTE ? DAY_MS : 0);
  return new Date(opens - IST_MS);
}
