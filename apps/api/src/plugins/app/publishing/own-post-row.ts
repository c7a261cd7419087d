import type { OwnPost } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import { POST_COLUMNS, type PostRowData, toPost } from '../posts/post-row';

/** The public post's columns plus what only its owner sees (`p` = posts, `u` = users). */
export const OWN_POST_COLUMNS = sql`${POST_COLUMNS}, p.expires_at, p.updated_at, p.location_overridden,
  p.hidden_at, p.hidden_reason, p.hidden_note, p.review_requested_at,
  (p.expires_at IS NOT NULL AND p.expires_at <= now()) AS expired, NULL::boolean AS liked_by_me`;

export type OwnPostRowData = PostRowData & {
  expires_at: Date | string | null;
  updated_at: Date | string;
  location_overridden: boolean;
  expired: boolean;
  hidden_at: Date | string | null;
  hidden_reason: string | null;
  hidden_note: string | null;
  review_requested_at: Date | string | null;
};

export function toOwnPost(row: OwnPostRowData): OwnPost {
  return {
    ...toPost(row),
    expiresAt: row.expires_at === null ? null : new Date(row.expires_at).toISOString(),
    expired: row.expired,
    updatedAt: new Date(row.updated_at).toISOString(),
    lat: row.lat,
    lon: row.lon,
    locationOverridden: row.location_overridden,
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
