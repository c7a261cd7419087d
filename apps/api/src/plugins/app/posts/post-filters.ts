import { type SQL, sql } from 'drizzle-orm';

/**
 * Conditions on `p` (posts) shared by every post listing: a live, visible post. A hidden post (by the
 * admin, visitors' reports or its suspended business) leaves every listing at once.
 */
export const LISTED_POST = sql`(p.expires_at IS NULL OR p.expires_at > now()) AND p.hidden_at IS NULL`;

/**
 * The post's business is open at `at` (a timestamptz), whose India minute of the week is `minute`: a
 * span of its week holds the minute and no closure holds the instant. The week and the closures are
 * the post's own copies (open_week, closed_spans: business_week_hours and business_closures, written
 * from users.hours by the same rule as openStatus, kept on posts by triggers, migration 0038), so a walk
 * checks them on the row it reads anyway (ADR 055): two index lookups a row made an open-now page read
 * about 2.5 times the buffers of the category's at 1M posts. No hours (null) is not open.
 */
export function openNowFilter(at: unknown, minute: unknown): SQL {
  return sql`(p.open_week @> ${minute}::int AND NOT coalesce(p.closed_spans @> ${at}::timestamptz, false))`;
}
