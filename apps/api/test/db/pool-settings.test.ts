import { FeedQuerySchema } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { loadEnv } from '#src/config/env';
import { createFeedRepository } from '#src/plugins/app/posts/feed-repository';
import { createBusiness, createPost, openTestDatabase } from '#test/helper';

describe('DB_POOL_MAX and DB_PREPARED_STATEMENTS', () => {
  it('are read from the environment, defaults as before', () => {
    expect(loadEnv({})).toMatchObject({ DB_POOL_MAX: 10, DB_PREPARED_STATEMENTS: true });
    expect(loadEnv({ DB_POOL_MAX: '4', DB_PREPARED_STATEMENTS: 'false' })).toMatchObject({
      DB_POOL_MAX: 4,
      DB_PREPARED_STATEMENTS: false,
    });
  });

  // Named statements live in a PostgreSQL session; PGlite ignores the names.
  it.runIf(process.env.DATABASE_URL)(
    'on PostgreSQL: the feed leaves named statements on its connection only when they are on; each pool has DB_POOL_MAX connections',
    async () => {
      for (const namedStatements of [true, false]) {
        const handle = await openTestDatabase({ poolMax: 1, namedStatements });
        try {
          expect((handle.driver as { pool: pg.Pool }).pool.options.max).toBe(1);
          const business = await createBusiness(handle.db);
          await createPost(handle.db, business);
          const page = await createFeedRepository(handle).feed(FeedQuerySchema.parse({ lat: business.lat, lon: business.lon }));
          expect(page.posts).toHaveLength(1);
          // One connection in the pool: the one the feed's statements ran on.
          const { rows } = await handle.preparedDb.execute<{ n: number }>(
            sql`SELECT count(*)::int AS n FROM pg_prepared_statements`,
          );
          if (namedStatements) expect(rows[0]!.n).toBeGreaterThan(0);
          else expect(rows[0]!.n).toBe(0);
        } finally {
          await handle.close();
        }
      }
    },
  );
});
