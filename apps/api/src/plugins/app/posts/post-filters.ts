import { type SQL, sql } from 'drizzle-orm';

/** Conditions on `p` (posts) of every post listing: a live post, not hidden (by the admin, reports or a suspension). */
export const LISTED_POST = sql`(p.expires_at IS NULL OR p.expires_at > now()) AND p.hidden_at IS NULL`;

/**
 * The post's business is open at `at`, whose India minute of the week is `minute`: a span of its week
 * holds the minute and no closure the instant. The week and closures are the post's own copies (kept by
 * triggers, migration 0038), checked on the row a walk reads anyway (ADR 055). No hours is not open.
 */
export function openNowFilter(at: unknown, minute: unknown): SQL {
  return sql`(p.open_week @> ${minute}::int AND NOT coalesce(p.closed_spans @> ${at}::timestamptz, false))`;
}
