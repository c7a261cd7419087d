import { FeedQuerySchema } from '@aaspaas/domain';
import { type DbHandle, openDatabase } from '../src/db/client';
import { createFeedRepository } from '../src/plugins/app/posts/feed-repository';

/** A feed statement as the API runs it: its text and its values. */
export type FeedStatement = { query: string; params: unknown[] };

/**
 * The database at `databaseUrl` (no statement timeout) and `statementsOf`: the feed statements the
 * repository runs for a query string (`limit=10&lat=…&q=…`), in order (one, or a lookup's statements
 * until one answers a full page, ADR 034). The benches explain or time those statements outside the API.
 */
export async function openFeedStatements(databaseUrl: string, visitorId: string) {
  // Only while the repository answers statementsOf: the benches run what it returns on the same handle.
  let captured: FeedStatement[] | null = null;
  const handle: DbHandle = await openDatabase({
    databaseUrl,
    dataDir: null,
    statementTimeoutMs: 0,
    // The feed's statements are the ones with the page's ids (not the statistics or a search's business names).
    logQuery: (query, params) => {
      if (query.includes('ids AS (')) captured?.push({ query, params });
    },
  });
  const repo = createFeedRepository(handle);
  return {
    handle,
    async statementsOf(query: string): Promise<FeedStatement[]> {
      const statements: FeedStatement[] = [];
      captured = statements;
      try {
        await repo.feed(FeedQuerySchema.parse(Object.fromEntries(new URLSearchParams(query))), visitorId);
      } finally {
        captured = null;
      }
      return statements;
    },
  };
}
