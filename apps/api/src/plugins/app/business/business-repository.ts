import type { BusinessProfile, Category } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '#src/db/client';
import { AppError } from '#src/lib/app-error';

const CATEGORY_CACHE_MS = 60_000;

export function createBusinessRepository(deps: { db: Db }) {
  const { db } = deps;
  let categoryCache: { at: number; value: Category[] } | null = null;

  return {
    async publicProfile(userId: string): Promise<BusinessProfile> {
      const { rows } = await db.execute<{
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
      }>(sql`
        SELECT u.id, u.business_name, u.business_phone, u.business_address, u.business_details, u.business_categories,
               u.profile_image_url, u.city, u.state,
               u.verified_at IS NOT NULL AS verified, u.featured_at IS NOT NULL AS featured,
               (SELECT count(*)::int FROM posts p WHERE p.user_id = u.id AND (p.expires_at IS NULL OR p.expires_at > now()) AND p.hidden_at IS NULL) AS post_count
        FROM users u WHERE u.id = ${userId}::uuid AND u.status = 'active'`);
      const row = rows[0];
      if (!row) throw AppError.notFound('Business not found');
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
      };
    },

    /**
     * The feed's category menu: the admin's ordered list of business categories (docs/product.md), each
     * with its live posts' count. Cached briefly (the counts scan posts); an admin change clears it.
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
    fastify.decorate('businessRepository', createBusinessRepository({ db: fastify.db }));
  },
  { name: 'business-repository', dependencies: ['db'] },
);
