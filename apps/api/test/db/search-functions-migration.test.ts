import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '#src/db/client';
import { openTestDatabase } from '#test/helper';

const MIGRATIONS = path.join(import.meta.dirname, '../../src/db/migrations');

/** The functions migration 0028 rewrote, as each was last defined before it. */
const BEFORE: Record<string, string> = {
  posts_search_text: '0009_search_indexes.sql',
  posts_tags_text: '0009_search_indexes.sql',
  posts_day: '0015_search_by_day.sql',
  posts_span: '0024_feed_grids.sql',
  posts_category_cells: '0025_search_category_cells.sql',
};

/** The CREATE FUNCTION statement of `name` in a migration file, made in the schema `before` instead. */
function definitionBefore(name: string): string {
  const statement = fs
    .readFileSync(path.join(MIGRATIONS, BEFORE[name]!), 'utf8')
    .split('--> statement-breakpoint')
    .find((s) => s.includes(`FUNCTION ${name}(`));
  if (!statement) throw new Error(`${name} is not defined in ${BEFORE[name]}`);
  return statement.replace(`FUNCTION ${name}(`, `FUNCTION before.${name}(`);
}

let handle: DbHandle;
const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => (await handle.db.execute<T>(query)).rows;

beforeAll(async () => {
  handle = await openTestDatabase();
  await handle.db.execute(sql`CREATE SCHEMA before`);
  for (const name of Object.keys(BEFORE)) await handle.db.execute(sql.raw(definitionBefore(name)));
});
afterAll(() => handle?.close());

/**
 * Migration 0028 (ADR 038): the functions posts_search_idx and the feed's other indexes are built on
 * return what they returned, so the index's entries stay right, and no row's recheck runs one as a query.
 */
describe('migration 0028: the search index functions without a query per row', () => {
  it('each returns what its earlier definition returned, whatever the session’s time zone', async () => {
    const times = [
      '1969-12-31 23:59:59.5+00',
      '1970-01-01 00:00:00+00',
      '2026-11-27 18:29:59.999999+00',
      '2026-11-27 18:30:00+00',
      '2026-11-28 00:00:00+05:30',
      '2026-12-31 23:59:59.999999+00',
      '2000-02-29 12:00:00-08',
    ];
    // In one transaction, so that the functions run under the time zone set: a pool's queries may each
    // take another connection.
    const days = await handle.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL TimeZone = 'Asia/Kolkata'`);
      return (
        await tx.execute<{ zone: string; same: boolean }>(sql`
          SELECT current_setting('TimeZone') AS zone,
            posts_day(t) = before.posts_day(t) AND posts_span(t) = before.posts_span(t) AS same
          FROM unnest(${`{${times.map((t) => `"${t}"`).join(',')}}`}::timestamptz[]) AS t`)
      ).rows;
    });
    expect(days).toHaveLength(times.length);
    expect(days.every((d) => d.zone === 'Asia/Kolkata')).toBe(true);
    expect(days.filter((d) => !d.same)).toEqual([]);

    const texts = await rows<{
      i: number;
      now: string | null;
      then: string | null;
      tags: string | null;
      tagsThen: string | null;
    }>(sql`
      SELECT i, posts_search_text(c, cat, city, state, tags) AS now, before.posts_search_text(c, cat, city, state, tags) AS then,
        posts_tags_text(tags) AS tags, before.posts_tags_text(tags) AS "tagsThen"
      FROM (VALUES
        (1, 'Fresh paneer', 'Grocery', 'Pune', 'Maharashtra', ARRAY['offer', 'paneer']),
        (2, 'ताज़ा पनीर', 'किराना', NULL, NULL, ARRAY[]::text[]),
        (3, '', 'Tailor', 'Nashik', NULL, ARRAY['a', NULL, 'b']),
        (4, 'No tags at all', 'Salon', NULL, 'Goa', NULL::text[])
      ) AS v(i, c, cat, city, state, tags)
      ORDER BY i`);
    expect(texts).toHaveLength(4);
    for (const t of texts) {
      expect(t.now, `text ${t.i}`).toBe(t.then);
      expect(t.tags, `tags ${t.i}`).toBe(t.tagsThen);
    }
    expect(texts[0]!.now).toBe('Fresh paneer\nGrocery\nPune\nMaharashtra\noffer\npaneer');

    const cells = await rows<{ same: boolean }>(sql`
      SELECT posts_category_cells(cat, cell, lat, lon) = before.posts_category_cells(cat, cell, lat, lon) AS same
      FROM (VALUES
        ('Tailor', 76295, 19.076, 72.8777),
        ('किराना', 98317, 24.5, 79.5),
        ('Salon', -135604, -33.9, 151.2),
        ('Bakery', 76000, 19, 0)
      ) AS v(cat, cell, lat, lon)`);
    expect(cells.map((c) => c.same)).toEqual([true, true, true, true]);
  });

  it('no index expression of ours is a LANGUAGE sql function left for each row to run', async () => {
    // Every function an index of ours calls (pg_depend), and each index column's expression.
    const called = await rows<{ fn: string; language: string }>(sql`
      SELECT DISTINCT f.proname AS fn, l.lanname AS language
      FROM pg_index i
      JOIN pg_class c ON c.oid = i.indexrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
      JOIN pg_depend d ON d.classid = 'pg_class'::regclass AND d.objid = i.indexrelid AND d.refclassid = 'pg_proc'::regclass
      JOIN pg_proc f ON f.oid = d.refobjid
      JOIN pg_language l ON l.oid = f.prolang
      WHERE f.pronamespace = n.oid`);
    // posts_span's key left posts_search_idx with migration 0037 (ADR 053): no index calls it now.
    expect(called.map((f) => f.fn)).toEqual(expect.arrayContaining(Object.keys(BEFORE).filter((fn) => fn !== 'posts_span')));
    const expressions = await rows<{ expression: string }>(sql`
      SELECT pg_get_indexdef(i.indexrelid, k, true) AS expression
      FROM pg_index i
      JOIN pg_class c ON c.oid = i.indexrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
      CROSS JOIN generate_series(1, i.indnkeyatts) AS k
      WHERE i.indrelid = 'posts'::regclass AND i.indexprs IS NOT NULL`);
    const plans: string[] = [];
    for (const { expression } of expressions) {
      const plan = await rows<{ 'QUERY PLAN': string }>(sql.raw(`EXPLAIN (VERBOSE, COSTS OFF) SELECT ${expression} FROM posts`));
      plans.push(plan.map((r) => r['QUERY PLAN']).join('\n'));
    }
    // A LANGUAGE sql function the planner inlined is no longer named in the plan; any other is a query per row.
    for (const { fn } of called.filter((f) => f.language === 'sql')) {
      expect(
        plans.filter((plan) => plan.includes(`${fn}(`)),
        fn,
      ).toEqual([]);
    }
    expect(plans.some((plan) => plan.includes('posts_search_text('))).toBe(true);
    expect(called.find((f) => f.fn === 'posts_search_text')?.language).toBe('plpgsql');
  });
});
