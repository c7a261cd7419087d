import { FeedQuerySchema } from '@aaspaas/domain';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Db, DbHandle } from '#src/db/client';
import { posts } from '#src/db/schema';
import { type FeedRepository, createFeedRepository } from '#src/plugins/app/posts/feed-repository';
import { createBusiness } from '#test/helper';

/**
 * The contents of every page of `query` (limit, point, search, category…) from `repo`, by cursor, newest
 * first. More than `most` pages fails: a cursor that never ends is a fault of its own.
 */
export async function everyPageContent(repo: FeedRepository, query: Record<string, unknown>, most = 100): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < most; i++) {
    const page = await repo.feed(FeedQuerySchema.parse({ ...query, ...(cursor ? { cursor } : {}) }));
    seen.push(...page.posts.map((p) => p.content));
    cursor = page.nextCursor;
    if (!cursor) return seen;
  }
  throw new Error(`more than ${most} pages`);
}

/** The contents of the `rows` that `keep` keeps, newest first: what a feed's pages should hold, in order. */
export function newestContent<R extends { content: string; createdAt: Date }>(rows: R[], keep: (r: R) => boolean): string[] {
  return rows
    .filter(keep)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .map((r) => r.content);
}

/** A plan node of EXPLAIN (FORMAT JSON), as far as these tests read it. */
type PlanNode = {
  'Relation Name'?: string;
  'Subplan Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Index Cond'?: string;
  Plans?: PlanNode[];
};

const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

/**
 * A feed repository on `handle` whose statements are logged, and `readPosts`: the statements of its
 * last page (those with steps, `AS MATERIALIZED`) run again under EXPLAIN ANALYZE, and for each CTE of
 * `ctes`, whether it read posts in any of them (any scan of the table under it ran), or null when none
 * of them has such a CTE. A step a page leaves out must not be in its statements (ADR 032), a step after
 * the statement that answered not run (ADR 034), and a step that need not run must read nothing.
 * `options` are the repository's (createFeedRepository).
 */
export function explainedFeed(handle: DbHandle, options: Omit<Parameters<typeof createFeedRepository>[0], 'db'> = {}) {
  const logged: { query: string; params: unknown[] }[] = [];
  const logger = { logQuery: (query: string, params: unknown[]) => logged.push({ query, params }) };
  const db = (handle.driver.kind === 'pglite'
    ? drizzlePglite(handle.driver.client, { logger })
    : drizzlePg(handle.driver.pool, { logger })) as unknown as Db;
  const repository = createFeedRepository({ db, ...options });
  let pageStart = 0;
  const repo: FeedRepository = {
    ...repository,
    feed(...args) {
      pageStart = logged.length;
      return repository.feed(...args);
    },
  };
  async function plan({ query, params }: (typeof logged)[number]): Promise<PlanNode> {
    const explain = `EXPLAIN (ANALYZE, FORMAT JSON) ${query}`;
    const result =
      handle.driver.kind === 'pglite'
        ? await handle.driver.client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(explain, params)
        : await handle.driver.pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(explain, params);
    return result.rows[0]!['QUERY PLAN'][0].Plan;
  }
  /**
   * `statement` run under EXPLAIN ANALYZE with the plan the app's prepared statements get on PostgreSQL
   * (ADR 006: generic, made without the values), on one connection of the pool.
   */
  async function genericPlan({ query, params }: (typeof logged)[number]): Promise<PlanNode> {
    const pooled = handle.driver.kind === 'postgres' ? await handle.driver.pool.connect() : null;
    const pglite = handle.driver.kind === 'pglite' ? handle.driver.client : null;
    const run = async <R>(text: string) =>
      ((pooled ? await pooled.query(text) : await pglite!.query(text)) as { rows: R[] }).rows;
    const literals = params.map((v) => (v === null || v === undefined ? 'NULL' : `'${String(v).replaceAll("'", "''")}'`));
    let prepared = false;
    try {
      await run('SET plan_cache_mode = force_generic_plan');
      await run(`PREPARE generic_page AS ${query}`);
      prepared = true;
      const args = literals.length ? `(${literals.join(', ')})` : '';
      const [row] = await run<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE generic_page${args}`,
      );
      return row!['QUERY PLAN'][0].Plan;
    } finally {
      if (prepared) await run('DEALLOCATE generic_page');
      await run('RESET plan_cache_mode');
      pooled?.release();
    }
  }
  /** For each CTE of `ctes`, its plan nodes in the last page's statements with steps, under EXPLAIN ANALYZE. */
  async function ctePlans(ctes: string[]): Promise<PlanNode[][]> {
    const statements = logged.slice(pageStart).filter((l) => l.query.includes(' AS MATERIALIZED'));
    const plans = await Promise.all(statements.map(plan));
    return ctes.map((name) => plans.flatMap((p) => nodes(p).filter((n) => n['Subplan Name'] === `CTE ${name}`)));
  }
  return {
    repo,
    /**
     * The rows the last page's statements read from posts under generic plans: every row a scan of the
     * table (or of an index of it) gave or filtered out, over all its loops.
     */
    async postRowsRead(): Promise<number> {
      const plans = [];
      for (const statement of logged.slice(pageStart)) plans.push(await genericPlan(statement));
      return plans
        .flatMap(nodes)
        .filter((n) => n['Relation Name'] === 'posts')
        .reduce((sum, n) => sum + (n['Actual Rows'] + (n['Rows Removed by Filter'] ?? 0)) * n['Actual Loops'], 0);
    },
    /**
     * The rows each CTE of `ctes` gave in the last page's statements (those with steps) under EXPLAIN
     * ANALYZE, or null when none of them has it: what a step found.
     */
    async cteRows(ctes: string[]): Promise<(number | null)[]> {
      return (await ctePlans(ctes)).map((found) =>
        found.length > 0 ? found.reduce((sum, cte) => sum + cte['Actual Rows'] * cte['Actual Loops'], 0) : null,
      );
    },
    /** For each CTE of `ctes`, the index conditions of its scans in the last page's statements (values written in). */
    async indexConditions(ctes: string[]): Promise<string[][]> {
      return (await ctePlans(ctes)).map((found) =>
        found.flatMap(nodes).flatMap((n) => (n['Index Cond'] ? [n['Index Cond']] : [])),
      );
    },
    async readPosts(ctes: string[]): Promise<(boolean | null)[]> {
      return (await ctePlans(ctes)).map((found) =>
        found.length > 0
          ? found.some((cte) => nodes(cte).some((n) => n['Relation Name'] === 'posts' && n['Actual Loops'] > 0))
          : null,
      );
    },
  };
}

/** A point `km` from `from` at `bearing` degrees, on the sphere: where a test places a post around a centre. */
export function pointAt(from: { lat: number; lon: number }, km: number, bearing: number) {
  const d = km / 6371.0088;
  const b = (bearing * Math.PI) / 180;
  const la = (from.lat * Math.PI) / 180;
  const lo = (from.lon * Math.PI) / 180;
  const la2 = Math.asin(Math.sin(la) * Math.cos(d) + Math.cos(la) * Math.sin(d) * Math.cos(b));
  const lo2 = lo + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(la), Math.cos(d) - Math.sin(la) * Math.sin(la2));
  return { lat: (la2 * 180) / Math.PI, lon: (lo2 * 180) / Math.PI };
}

const INDORE = { lat: 22.7196, lon: 75.8577 };

/**
 * `rows` as the posts of one dairy in Indore (the search tests' shop): category Dairy, a hashtag each
 * (the statistics read only posts with a tag list), spread over Indore's 0.25° cells (their statistics
 * need places); then ANALYZE, so the feed's estimates know them.
 */
export async function insertDairyPosts(db: Db, rows: { content: string; createdAt: Date }[]): Promise<void> {
  const shop = await createBusiness(db, { businessName: 'Sharma Dairy', city: 'Indore' });
  for (let i = 0; i < rows.length; i += 500) {
    await db.insert(posts).values(
      rows.slice(i, i + 500).map((r, j) => ({
        ...r,
        userId: shop.id,
        category: 'Dairy',
        hashtags: [['dairy', 'ghee', 'curd'][j % 3]!],
        lat: INDORE.lat + (j % 5) * 0.1,
        lon: INDORE.lon + (j % 7) * 0.1,
        city: 'Indore',
        state: 'Madhya Pradesh',
      })),
    );
  }
  await db.execute(sql`ANALYZE posts`);
}
