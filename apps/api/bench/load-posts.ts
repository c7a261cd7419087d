import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { buildMissingIndexes, dropIndexes, migrationIndexes } from './migration-indexes';

/** The tables the loader fills, whose indexes it drops and builds again. */
const POST_TABLES = ['posts', 'post_tags'] as const;

/** Big cities get most posts; the rest are spread across India. [lat, lon, share of posts] */
const CITIES: [string, number, number, number][] = [
  ['Mumbai', 19.076, 72.8777, 0.18],
  ['Delhi', 28.6139, 77.209, 0.16],
  ['Bengaluru', 12.9716, 77.5946, 0.12],
  ['Hyderabad', 17.385, 78.4867, 0.08],
  ['Chennai', 13.0827, 80.2707, 0.07],
  ['Kolkata', 22.5726, 88.3639, 0.07],
  ['Pune', 18.5204, 73.8567, 0.05],
  ['Ahmedabad', 23.0225, 72.5714, 0.04],
  ['Jaipur', 26.9124, 75.7873, 0.03],
];
const SPREAD_SHARE = 1 - CITIES.reduce((sum, c) => sum + c[3], 0);

/**
 * What the search cases of bench:feed look for, with the share of posts that carry it: a common
 * tag, a rare one, one no post has, a common word and a less common second word, a rare category.
 */
export const BENCH_TERMS = {
  commonTag: { q: '#offer', share: 0.2 },
  rareTag: { q: '#birthdaycake', share: 0.0002 },
  absentTag: { q: '#nosuchtag', share: 0 },
  word: { q: 'fresh', share: 0.3 },
  twoWords: { q: 'fresh paneer', share: 0.3 * 0.05 },
  rareCategory: { category: 'Tailor', share: 0.005 },
  /**
   * Open now (docs/product.md §3, Opening hours): 4 businesses in 10 open all day every day, 3 a
   * kirana's 07:00–13:00 and 16:00–22:00, 3 without hours. So 40 % of posts pass the filter at night
   * and 70 % in a kirana's hours.
   */
  openNow: { share: 0.4 },
} as const;

/**
 * Loads `count` posts (and 10,000 businesses) with generate_series inside the database: city posts
 * fall around the centre (normal, σ ≈ 8 km), the rest uniformly over India's bounding box; dates over
 * the last year, in the order the rows are written (oldest first), as a live table's posts are: a day's
 * posts lie together in the table, which is what the search index's day step relies on (ADR 012).
 */
export async function loadPosts(db: Db, count: number, log: (msg: string) => void): Promise<void> {
  // The indexes as the migrations define them, read before anything is dropped (see migrationIndexes).
  const indexes = await migrationIndexes(POST_TABLES);
  await db.execute(sql`TRUNCATE posts, users CASCADE`);
  // Indexes are built faster once over the loaded rows than row by row (10M posts took 50 min with
  // the btree indexes in place): every index of posts and of post_tags (which its trigger fills as the
  // posts are written) but their constraints' is dropped, and the migrations' ones built after the load.
  await dropIndexes(db, POST_TABLES);
  await db.execute(sql`
    INSERT INTO users (username, name, business_name, business_phone, business_categories, city, lat, lon)
    SELECT 'bench-' || g || '@bench.aaspaas.in', 'Owner ' || g, 'Bench Shop ' || g, '98' || lpad(g::text, 8, '0'),
           ARRAY['Grocery'], 'Bench', 20, 78
    FROM generate_series(1, 10000) AS g`);
  // Their hours and the filter's copy of them (business_week_hours), as PUT /api/user/me writes them,
  // before the posts: each post takes its business's copy as it is written (ADR 055).
  const allDay = Array.from({ length: 7 }, () => [{ opens: '00:00', closes: '24:00' }]);
  const kirana = Array.from({ length: 7 }, () => [
    { opens: '07:00', closes: '13:00' },
    { opens: '16:00', closes: '22:00' },
  ]);
  await db.execute(sql`
    UPDATE users SET hours = CASE WHEN split_part(username, '@', 1) ~ '[0-3]$' THEN ${JSON.stringify({ days: allDay, holidays: [] })}::jsonb ELSE ${JSON.stringify({ days: kirana, holidays: [] })}::jsonb END
    WHERE split_part(username, '@', 1) ~ '[0-6]$'`);
  await db.execute(sql`
    INSERT INTO business_week_hours (user_id, from_minute, to_minute)
    SELECT id, 0, 10080 FROM users WHERE split_part(username, '@', 1) ~ '[0-3]$'
    UNION ALL
    SELECT u.id, d * 1440 + r.f, d * 1440 + r.t FROM users u
    CROSS JOIN generate_series(0, 6) AS d CROSS JOIN (VALUES (420, 780), (960, 1320)) AS r(f, t)
    WHERE split_part(u.username, '@', 1) ~ '[4-6]$'`);
  const cities = CITIES.map(([name, lat, lon, share]) => sql`(${name}::text, ${lat}::float8, ${lon}::float8, ${share}::float8)`);
  const chunk = 100_000;
  for (let start = 0; start < count; start += chunk) {
    const n = Math.min(chunk, count - start);
    await db.execute(sql`
      WITH c AS (
        SELECT name, lat, lon, sum(share) OVER (ORDER BY name) AS upto FROM (VALUES ${sql.join(cities, sql`, `)}) AS v(name, lat, lon, share)
      ),
      u AS (SELECT array_agg(id) AS ids FROM users),
      g AS (
        SELECT i, random() AS pick, random() AS r1, random() AS r2, random() AS r3, random() AS r4, random() AS r5,
               random() AS r6, random() AS r7, random() AS r8, random() AS r9 FROM generate_series(1, ${n}) AS i
      )
      INSERT INTO posts (user_id, category, content, hashtags, city, lat, lon, created_at)
      SELECT u.ids[1 + floor(g.r5 * 10000)::int],
             CASE WHEN g.r9 < ${BENCH_TERMS.rareCategory.share} THEN ${BENCH_TERMS.rareCategory.category}
                  ELSE (ARRAY['Grocery','Restaurant','Salon','Clothing','Electronics','Pharmacy','Tuition','Bakery'])[1 + floor(g.r4 * 8)::int] END,
             'Bench post ' || g.i
               || CASE WHEN g.r7 < ${BENCH_TERMS.word.share} THEN ' fresh stock' ELSE ' new arrivals' END
               || CASE WHEN g.r7 < ${BENCH_TERMS.twoWords.share} THEN ' of paneer' ELSE '' END,
             ARRAY['bench']
               || CASE WHEN g.r6 < ${BENCH_TERMS.commonTag.share} THEN ARRAY['offer'] ELSE ARRAY[]::text[] END
               || CASE WHEN g.r8 < ${BENCH_TERMS.rareTag.share} THEN ARRAY['birthdaycake'] ELSE ARRAY[]::text[] END,
             coalesce(city.name, 'Elsewhere'),
             CASE WHEN city.name IS NULL THEN 8 + g.r1 * 26
                  ELSE city.lat + 0.072 * sqrt(-2 * ln(greatest(g.r1, 1e-9))) * cos(2 * pi() * g.r2) END,
             CASE WHEN city.name IS NULL THEN 68 + g.r2 * 29
                  ELSE city.lon + 0.076 * sqrt(-2 * ln(greatest(g.r1, 1e-9))) * sin(2 * pi() * g.r2) END,
             now() - interval '365 days' * (1 - (${start}::float8 + g.i - g.r3) / ${count}::float8)
      FROM g CROSS JOIN u
      LEFT JOIN LATERAL (SELECT * FROM c WHERE g.pick < c.upto ORDER BY c.upto LIMIT 1) AS city ON g.pick < ${1 - SPREAD_SHARE}`);
    log(`  loaded ${start + n} posts`);
  }
  await buildMissingIndexes(db, indexes, log);
  // Vacuumed as autovacuum keeps a live table: the users' trigram index (GIN) had its 10,000 rows in
  // its pending list, which every name search read through (18 ms a search at 10,000 businesses).
  await db.execute(sql`VACUUM (ANALYZE) users`);
  await db.execute(sql`VACUUM (ANALYZE) posts`);
  // Its visibility map set: the tag step reads post_tags_tag_created_idx without visiting the table.
  await db.execute(sql`VACUUM (ANALYZE) post_tags`);
}

/**
 * For a bench that keeps posts loaded earlier: builds any index of the migrations' that the database
 * lacks (a load cancelled while building them, or an index a later migration added), so no run
 * measures a table without its indexes. Says what it built.
 */
export async function ensurePostIndexes(db: Db, log: (msg: string) => void): Promise<void> {
  const built = await buildMissingIndexes(db, await migrationIndexes(POST_TABLES), log);
  if (built.length > 0) {
    log(`  built ${built.length} missing index(es): ${built.join(', ')}`);
    await db.execute(sql`ANALYZE posts`);
    await db.execute(sql`ANALYZE post_tags`);
  }
}
