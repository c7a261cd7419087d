import type { OwnPost } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import { POST_COLUMNS, type PostRowData, toPost } from '../posts/post-row';

/** The public post's columns plus what only its owner sees (`p` = posts, `u` = users). */
export const OWN_POST_COLUMNS = sql`${POST_COLUMNS}, p.expires_at, p.updated_at, p.location_overridden,
  (p.expires_at IS NOT NULL AND p.expires_at <= now()) AS expired, NULL::boolean AS liked_by_me`;

export type OwnPostRowData = PostRowData & {
  expires_at: Date | string | null;
  updated_at: Date | string;
  location_overridden: boolean;
  expired: boolean;
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
  };
}
