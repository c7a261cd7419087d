import { type SQL, sql } from 'drizzle-orm';

/**
 * The post's business is open at `at` (a timestamptz), whose India minute of the week is `minute`: a
 * span of its week holds the minute and no closure holds the instant (business_week_hours and
 * business_closures, written from users.hours by the same rule as openStatus: opening-hours.ts's
 * weeklyOpenMinutes and closedSpans). Exact in every walk: each row the walk reads that passes its
 * other conditions is checked by two index lookups on the post's user_id (ADR 052).
 *
 * Each lookup is a per-row subplan (OFFSET 0 keeps PostgreSQL from turning EXISTS into a join): as a
 * semi join, a generic plan drove the walk from the businesses open now (the hours of all 7,000
 * businesses with hours read, then a bitmap of each one's posts in the circle's cells: 91,000
 * buffers for the 6 posts of a town's 5 km, `#offer`, at 1M posts). Checked per row, open now costs
 * its lookups on the rows that pass everything else, and the walk reads about a page ÷ the share of
 * posts whose shop is open.
 */
export function openNowFilter(at: unknown, minute: unknown): SQL {
  return sql`EXISTS (SELECT 1 FROM business_week_hours bh WHERE bh.user_id = p.user_id AND bh.from_minute <= ${minute}::int AND bh.to_minute > ${minute}::int OFFSET 0)
    AND NOT EXISTS (SELECT 1 FROM business_closures bc WHERE bc.user_id = p.user_id AND bc.ends_at > ${at}::timestamptz AND bc.starts_at <= ${at}::timestamptz OFFSET 0)`;
}
