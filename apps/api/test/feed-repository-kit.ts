import { FeedQuerySchema } from '@aaspaas/domain';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Db, DbHandle } from '#src/db/client';
import { type FeedRepository, createFeedRepository } from '#src/plugins/app/posts/feed-repository';

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
type PlanNode = { 'Relation Name'?: string; 'Subplan Name'?: string; 'Actual Loops': number; Plans?: PlanNode[] };

const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

/**
 * A feed repository on `handle` whose statements are logged, and `readPosts`: the last statement
 * holding `marker` run again under EXPLAIN ANALYZE, and for each CTE of `ctes`, whether it read posts
 * (any scan of the table under it ran), or null when the statement has no such CTE. A step a
 * statement leaves out must not be in it (ADR 032), and a step that need not run must read nothing.
 */
export function explainedFeed(handle: DbHandle) {
  const logged: { query: string; params: unknown[] }[] = [];
  const logger = { logQuery: (query: string, params: unknown[]) => logged.push({ query, params }) };
  const db = (handle.driver.kind === 'pglite'
    ? drizzlePglite(handle.driver.client, { logger })
    : drizzlePg(handle.driver.pool, { logger })) as unknown as Db;
  return {
    repo: createFeedRepository({ db }),
    async readPosts(marker: string, ctes: string[]): Promise<(boolean | null)[]> {
      const { query, params } = logged.findLast((l) => l.query.includes(marker))!;
      const explain = `EXPLAIN (ANALYZE, FORMAT JSON) ${query}`;
      const result =
        handle.driver.kind === 'pglite'
          ? await handle.driver.client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(explain, params)
          : await handle.driver.pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(explain, params);
      const plan = result.rows[0]!['QUERY PLAN'][0].Plan;
      return ctes.map((name) => {
        const cte = nodes(plan).find((n) => n['Subplan Name'] === `CTE ${name}`);
        return cte ? nodes(cte).some((n) => n['Relation Name'] === 'posts' && n['Actual Loops'] > 0) : null;
      });
    },
  };
}
