import { type SQL, sql } from 'drizzle-orm';

/**
 * Conditions on `p` (posts) shared by every post listing: a live, visible post. A hidden post (by the
 * admin, visitors' reports or its suspended business) leaves every listing at once.
 */
export const LISTED_POST = sql`(p.expires_at IS NULL OR p.expires_at > now()) AND p.hidden_at IS NULL`;

/**
 * The post's business is open at `at` (a timestamptz), whose India minute of the week is `minute`: a
 * span of its week holds the minute and no closure holds the instant (business_week_hours and
 * business_closures, written from users.hours by the same rule as openStatus: opening-hours.ts's
 * weeklyOpenMinutes and closedSpans). Both are index lookups by the post's user_id, made for each row a
 * walk reads once it passes the row's own conditions (ADR 052): OFFSET 0 keeps each a per-row subplan.
 * Turned into joins, a generic plan drove the walk from the businesses open now (91,141 buffers for a
 * town's 5 km `#offer` at 1M posts; 25 checked per row).
 */
export function openNowFilter(at: unknown, minute: unknown): SQL {
  return sql`EXISTS (SELECT 1 FROM business_week_hours bh WHERE bh.user_id = p.user_id AND bh.from_minute <= ${minute}::int AND bh.to_minute > ${minute}::int OFFSET 0)
    AND NOT EXISTS (SELECT 1 FROM business_closures bc WHERE bc.user_id = p.user_id AND bc.ends_at > ${at}::timestamptz AND bc.starts_at <= ${at}::timestamptz OFFSET 0)`;
}
