import type { OwnPost } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import { POST_COLUMNS, type PostRowData, toPost } from '../posts/post-row';

/** The public post's columns plus what only its owner sees (`p` = posts, `u` = users). */
export const OWN_POST_COLUMNS = sql`${POST_COLUMNS}, p.expires_at, p.updated_at, p.location_overridden,
  p.hidden_at, p.hidden_reason, p.hidden_note, p.review_requested_at,
  (p.expires_at IS NOT NULL AND p.expires_at <= now()) AS expired, NULL::boolean AS liked_by_me, p.open_reports,
  CASE WHEN p.open_reports > 0 THEN (
    SELECT jsonb_object_agg(g.reason, g.n) FROM (
      SELECT o.reason, count(*)::int AS n FROM (
        SELECT r.reason FROM post_reports r WHERE r.post_id = p.id ORDER BY r.created_at DESC LIMIT p.open_reports) o
      GROUP BY o.reason) g)
  END AS open_report_reasons`;

export type OwnPostRowData = PostRowData & {
  expires_at: Date | string | null;
  updated_at: Date | string;
  location_overridden: boolean;
  expired: boolean;
  hidden_at: Date | string | null;
  hidden_reason: string | null;
  hidden_note: string | null;
  review_requested_at: Date | string | null;
  open_reports: number;
  /** The reasons of the reports since the admin last decided (jsonb; a string where the driver leaves it unparsed). */
  open_report_reasons: Record<string, number> | string | null;
};

function reasonsOf(value: OwnPostRowData['open_report_reasons']): Record<string, number> {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!parsed || typeof parsed !== 'object') return {};
  return Object.fromEntries(Object.entries(parsed).map(([reason, n]) => [reason, Number(n)]));
}

export function toOwnPost(row: OwnPostRowData): OwnPost {
  return {
    ...toPost(row),
    expiresAt: row.expires_at === null ? null : new Date(row.expires_at).toISOString(),
    expired: row.expired,
    updatedAt: new Date(row.updated_at).toISOString(),
    lat: row.lat,
    lon: row.lon,
    locationOverridden: row.location_overridden,
    reports:
      Number(row.open_reports) > 0 ? { count: Number(row.open_reports), reasons: reasonsOf(row.open_report_reasons) } : null,
    moderation:
      row.hidden_at === null
        ? null
        : {
            hiddenAt: new Date(row.hidden_at).toISOString(),
            reason: row.hidden_reason ?? 'other',
            note: row.hidden_note,
            reviewRequestedAt: row.review_requested_at === null ? null : new Date(row.review_requested_at).toISOString(),
          },
  };
}
