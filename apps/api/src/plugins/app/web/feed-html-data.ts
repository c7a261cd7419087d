import {
  FIRST_FEED_PAGE_ELEMENT_ID,
  type FeedQuery,
  FeedQuerySchema,
  type FirstFeedPage,
  IP_GUESS_ELEMENT_ID,
  type LocateResponse,
  PostListSchema,
  feedPageSize,
} from '@aaspaas/domain';
import { compileSerializer } from '#src/lib/compiled-serializer';

/**
 * What the feed's HTML carries for a first visit, so it needs no request before its first photo
 * (the LCP): the visitor's IP guess (the answer POST /api/geo/locate gives) and the feed's first
 * page for it (as GET /api/feed answers it). The app's first module reads both (apps/web:
 * early-ip-lookup.ts, early-feed-page.ts); a visitor with a saved place asks for its own page.
 */

/** The posts written as the feed route writes them (its compiled serializer of the same contract). */
const writePosts = compileSerializer(PostListSchema);

/**
 * A JSON data block. It is never run, so the CSP's script-src does not concern it; '<' is escaped
 * (valid JSON: it can only stand inside strings) so that no text of a post can close the element.
 */
function dataBlock(id: string, json: string): string {
  return `<script type="application/json" id="${id}">${json.replace(/</g, '\\u003c')}</script>`;
}

export function ipGuessBlock(answer: LocateResponse): string {
  return dataBlock(IP_GUESS_ELEMENT_ID, JSON.stringify(answer));
}

/** The point of an IP guess, or null: all posts. */
export function guessedPoint(answer: LocateResponse): FirstFeedPage['point'] {
  return answer.source === 'ip' && answer.lat !== null && answer.lon !== null ? { lat: answer.lat, lon: answer.lon } : null;
}

/** The first page the web asks for at that point (docs/product.md §9's page size, the default radius). */
export function firstFeedQuery(point: FirstFeedPage['point']): FeedQuery {
  return FeedQuerySchema.parse(point ? { ...point, limit: feedPageSize(true) } : { limit: feedPageSize(false) });
}

export function firstFeedPageBlock({ point, posts, nextCursor }: FirstFeedPage): string {
  const json = `{"point":${JSON.stringify(point)},"nextCursor":${JSON.stringify(nextCursor)},"posts":${writePosts(posts)}}`;
  return dataBlock(FIRST_FEED_PAGE_ELEMENT_ID, json);
}
