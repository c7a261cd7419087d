import { FeedQuerySchema } from '@aaspaas/domain';
import { type DbHandle, openDatabase } from '../src/db/client';
import { createFeedRepository } from '../src/plugins/app/posts/feed-repository';

/** A feed statement as the API runs it: its text and its values. */
export type FeedStatement = { query: string; params: unknown[] };

/**
 * The database at `databaseUrl` (no statement timeout) and `statementOf`: the feed statement the
 * repository runs for a query string (`limit=10&lat=…&q=…`), or null when it ran none. The benches
 * explain or time that statement outside the API.
 */
export async function openFeedStatements(databaseUrl: string, visitorId: string) {
  let captured: FeedStatement | null = null;
  const handle: DbHandle = await openDatabase({
    databaseUrl,
    dataDir: null,
    statementTimeoutMs: 0,
    // The feed's statements are the ones with CTEs (a search's business names are read without).
    logQuery: (query, params) => {
      if (query.includes('WITH')) captured = { query, params };
    },
  });
  const repo = createFeedRepository(handle);
  return {
    handle,
    async statementOf(query: string): Promise<FeedStatement | null> {
      captured = null;
      await repo.feed(FeedQuerySchema.parse(Object.fromEntries(new URLSearchParams(query))), visitorId);
      return captured;
    },
  };
}
