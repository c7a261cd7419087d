import { type OpeningHours, closedSpans, weeklyOpenMinutes } from '@aaspaas/domain';
import { eq } from 'drizzle-orm';
import type { Executor } from '#src/db/client';
import { businessClosures, businessWeekHours } from '#src/db/schema';

/**
 * Rewrites a business's copy of its hours for the feed's "open now" filter (docs/product.md §3, Opening
 * hours): its week as minutes of the week and its closures (holidays, the one-tap closure from `now`),
 * in the caller's transaction, beside users.hours and users.closed_until. Without hours it has no rows,
 * and the filter leaves its posts out (open now unknown is not open now).
 */
export async function writeOpeningHoursRows(
  tx: Executor,
  userId: string,
  hours: OpeningHours | null,
  closedUntil: Date | null,
  now: Date,
): Promise<void> {
  await tx.delete(businessWeekHours).where(eq(businessWeekHours.userId, userId));
  await tx.delete(businessClosures).where(eq(businessClosures.userId, userId));
  if (!hours) return;
  const week = weeklyOpenMinutes(hours).map(([fromMinute, toMinute]) => ({ userId, fromMinute, toMinute }));
  if (week.length > 0) await tx.insert(businessWeekHours).values(week);
  const closures = closedSpans(hours, closedUntil, now.getTime())
    .filter(([, to]) => to > now.getTime())
    .map(([from, to]) => ({ userId, startsAt: new Date(from), endsAt: new Date(to) }));
  if (closures.length > 0) await tx.insert(businessClosures).values(closures);
}
