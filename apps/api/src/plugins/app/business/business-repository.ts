import { type BusinessProfile, type Category, type OpeningHours, openStatus } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '#src/db/client';
import { replicaRead } from '#src/db/replica-read';
import { AppError } from '#src/lib/app-error';
import { CACHES } from '../cache/invalidation-service';

const CATEGORY_CACHE_MS = 60_000;

/**
 * `readDb`: where a public profile is read, the replica when DATABASE_READ_URL is set (ADR 047). The
 * category menu stays on the primary: its cache is dropped after an admin's change and read again at
 * once, which a lagging replica would answer with the old names.
 */
export function createBusinessRepository(deps: { db: Db; readDb?: Db }) {
  const { db, readDb = db } = deps;
  let categoryCache: { at: number; value: Category[] } | null = null;

  return {
    /** `fresh`: from the primary even when a replica is configured (a signed-in caller, freshReads). */
    async publicProfile(userId: string, read: { fresh?: boolean } = {}): Promise<BusinessProfile> {
      const query = (on: Db) =>
        on.execute<{
          id: string;
          business_name: string;
          business_phone: string | null;
          business_address: string | null;
          business_details: string | null;
          business_categories: string[];
          profile_image_url: string | null;
          city: string | null;
          state: string | null;
          post_count: number;
          verified: boolean;
          featured: boolean;
          hours: OpeningHours | null;
          closed_until: Date | string | null;
          upi_id: string | null;
        }>(sql`
        SELECT u.id, u.business_name, u.business_phone, u.business_address, u.business_details, u.business_categories,
               u.profile_image_url, u.city, u.state, u.hours, u.closed_until, u.upi_id,
               u.verified_at IS NOT NULL AS verified, u.featured_at IS NOT NULL AS featured,
               (SELECT count(*)::int FROM posts p WHERE p.user_id = u.id AND (p.expires_at IS NULL OR p.expires_at > now()) AND p.hidden_at IS NULL) AS post_count
        FROM users u WHERE u.id = ${userId}::uuid AND u.status = 'active'`);
      const { rows } = await replicaRead(read.fresh, () => query(readDb), readDb === db ? null : () => query(db));
      const row = rows[0];
      if (!row) throw AppError.notFound('Business not found');
      const now = new Date();
      const closedUntil = row.closed_until === null ? null : new Date(row.closed_until);
      const open = openStatus(row.hours, closedUntil, now);
      return {
        userId: row.id,
        businessName: row.business_name,
        businessPhone: row.business_phone,
        businessAddress: row.business_address,
        businessDetails: row.business_details,
        businessCategories: row.business_categories,
        profileImageUrl: row.profile_image_url,
        city: row.city,
        state: row.state,
        postCount: row.post_count,
        verified: row.verified,
        featured: row.featured,
        hours: row.hours,
        closedUntil: closedUntil && closedUntil > now ? closedUntil.toISOString() : null,
        openNow: open.openNow,
        openChangesAt: open.changesAt,
        upiId: row.upi_id,
      };
    },

    /**
     * The feed's category menu: the admin's ordered list of business categories (docs/product.md), each
     * with its live posts' count. Cached briefly (the counts scan posts); an admin change clears it in
     * every process (ADR 046).
     */
    async categories(now: number = Date.now()): Promise<Category[]> {
      if (categoryCache && now - categoryCache.at < CATEGORY_CACHE_MS) return categoryCache.value;
      const { rows } = await db.execute<{ name: string; name_hi: string | null; post_count: number }>(sql`
        WITH live AS (
          SELECT lower(category) AS key, count(*)::int AS post_count FROM posts
          WHERE (expires_at IS NULL OR expires_at > now()) AND hidden_at IS NULL
          GROUP BY lower(category)
        )
        SELECT c.name, c.name_hi, coalesce(live.post_count, 0) AS post_count
        FROM business_categories c LEFT JOIN live ON live.key = lower(c.name)
        WHERE c.retired_at IS NULL
        ORDER BY c.sort_order, lower(c.name)`);
      const value = rows.map((r) => ({ name: r.name, nameHi: r.name_hi, postCount: Number(r.post_count) }));
      categoryCache = { at: now, value };
      return value;
    },

    /** Forgets the cached menu, so an admin's change shows on the next request. */
    clearCategoryCache() {
      categoryCache = null;
    },
  };
}

export type BusinessRepository = ReturnType<typeof createBusinessRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    businessRepository: BusinessRepository;
  }
}

export default fp(
  async (fastify) => {
    const repository = createBusinessRepository({ db: fastify.db, readDb: fastify.dbHandle.read.db });
    fastify.invalidationService.subscribe(CACHES.categories, () => repository.clearCategoryCache());
    fastify.decorate('businessRepository', repository);
  },
  { name: 'business-repository', dependencies: ['db', 'invalidation-service'] },
);
