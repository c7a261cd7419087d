import { type FeedQuery, type Post, indiaMinuteOfWeek } from '@aaspaas/domain';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { Db, DbHandle } from '#src/db/client';
import { replicaRead } from '#src/db/replica-read';
import { AppError } from '#src/lib/app-error';
import { withOwnLikes } from './engagement-repository';
import { type Grid, chooseCover } from './feed-cells';
import { decodeCursor, encodeCursor } from './feed-cursor';
import { type Prepared, prepareStatement } from './feed/prepared';
import { type FeedValues, allIds, firstWindow, nearIds, page, windowedNearIds } from './feed/walk';
import { LISTED_POST } from './post-filters';
import { type PostRowData, toPost } from './post-row';
import { searchRule, searchTerms } from './search/search-rule';
import { type SearchShares, circlePerDay, readSearchShares } from './search/statistics';
import { LAST_ROWS, type SearchPlan, TAG_CAP, WALK_BUDGET, planSearch, searchIds } from './search/strategies';

/**
 * The feed (docs/product.md §5, docs/search.md): newest first near a point or everywhere, with a
 * category, open now and a search. A page's statements are built once per shape (what their text
 * depends on), every value a placeholder, and run as named prepared statements (ADR 006, ADR 025).
 */

export type FeedPage = { posts: Post[]; nextCursor: string | null };

/** How long a process keeps the statistics it read: ANALYZE changes them seldom, and a stale share changes only cost. */
const SHARES_TTL_MS = 60_000;
/** The most statement shapes a process keeps prepared (each of feeds, of searches). */
const SHAPES_CAP = 128;

/** What a page's statements' text depends on, besides the values. */
type Shape = {
  point: { parts: { grid: Grid; cellCount: number }[] } | null;
  cursor: boolean;
  visitor: boolean;
  category: boolean;
  openNow: boolean;
  /** Without a search: the first window tried (firstWindow; only on a located page without offset). */
  fromWindow: number | null;
  search: SearchPlan | null;
};

const placeholder = (name: string): Placeholder => sql.placeholder(name);
/** The placeholder of a cover part's cells: a cover has at most one part per grid. */
const cellsName = (grid: Grid) => `cells${grid.perDegree}`;

/** A page's statements (several only for a located feed's windows), every value a placeholder. */
function statementsOf(shape: Shape, tagCap: number): SQL[] {
  const v: FeedValues = {
    point: shape.point && {
      lat: placeholder('lat'),
      lon: placeholder('lon'),
      radiusKm: placeholder('radiusKm'),
      parts: shape.point.parts.map(({ grid, cellCount }) => ({ grid, cellCount, cells: placeholder(cellsName(grid)) })),
    },
    cursor: shape.cursor ? { createdUs: placeholder('cursorUs'), id: placeholder('cursorId') } : null,
    take: placeholder('take'),
    offset: placeholder('offset'),
    category: shape.category ? placeholder('category') : null,
    terms: shape.search ? searchRule(shape.search.terms, placeholder) : null,
    openNow: shape.openNow ? { at: placeholder('openAt'), minute: placeholder('openMinute') } : null,
    visitorId: shape.visitor ? placeholder('visitorId') : undefined,
  };
  let ids: SQL[];
  if (shape.search) ids = [searchIds(v, shape.search, placeholder, tagCap)];
  else if (!v.point) ids = [sql`ids AS (${allIds(v)})`];
  else if (shape.fromWindow === null) ids = [sql`ids AS (${nearIds(v, v.point, null)})`];
  else ids = windowedNearIds(v, v.point, shape.fromWindow);
  return ids.map((statement) => page(statement, v.visitorId, v.offset));
}

/**
 * The feed's repository on `db`. `preparedDb` runs the walks without a search and `preparedSearchDb` the
 * searches (pools with generic plans, DbHandle). `searchShapesCap: 0` (tests) plans every search on each
 * request, unnamed.
 */
export function createFeedRepository(deps: {
  db: Db;
  preparedDb?: Db;
  preparedSearchDb?: Db;
  /** false: the statements are sent unnamed (DB_PREPARED_STATEMENTS=false, a pooler in transaction mode). */
  namedStatements?: boolean;
  searchShapesCap?: number;
  /** The most entries the tag step reads (TAG_CAP; a test's few posts pass fewer, 0 leaves it out). */
  tagCap?: number;
  /** The primary's pools when the databases above are a replica (DATABASE_READ_URL, ADR 047). */
  primary?: Pick<DbHandle, 'db' | 'preparedDb' | 'preparedSearchDb'>;
}): FeedRepository {
  const { db, preparedDb = db, preparedSearchDb = db, searchShapesCap = SHAPES_CAP, tagCap = TAG_CAP, primary } = deps;
  const named = deps.namedStatements !== false;
  const onPrimary = primary ? createFeedRepository({ ...primary, searchShapesCap, tagCap, namedStatements: named }) : null;

  const feedShapes = new LRUCache<string, Prepared[]>({ max: SHAPES_CAP });
  const searchShapes = new LRUCache<string, Prepared[]>({ max: Math.max(1, searchShapesCap) });
  function prepared(shape: Shape): Prepared[] {
    const key = JSON.stringify(shape);
    const [shapes, on, isNamed] = !shape.search
      ? [feedShapes, preparedDb, named]
      : [searchShapes, searchShapesCap === 0 ? db : preparedSearchDb, named && searchShapesCap > 0];
    const known = searchShapesCap === 0 && shape.search ? undefined : shapes.get(key);
    const statements = known ?? statementsOf(shape, tagCap).map((s) => prepareStatement(on, s, isNamed));
    if (!known) shapes.set(key, statements);
    return statements;
  }

  async function rowsOf(statement: Prepared, values?: Record<string, unknown>): Promise<PostRowData[]> {
    return ((await statement.execute(values)) as { rows: PostRowData[] }).rows;
  }
  /** Read on a replica, the visitor's own likes come from the primary. */
  const ownLikes = (rows: PostRowData[], visitorId?: string) =>
    primary && visitorId ? withOwnLikes(primary.db, rows, visitorId) : Promise.resolve(rows);

  // The statistics, read at most every SHARES_TTL_MS; a failed read is not kept (the page is still answered).
  const shares = new LRUCache<'posts', { value: SearchShares | null }>({
    max: 1,
    ttl: SHARES_TTL_MS,
    fetchMethod: async () => ({ value: await readSearchShares(db) }),
  });
  const searchShares = () =>
    shares.fetch('posts').then(
      (read) => read?.value ?? null,
      () => null,
    );

  async function feed(q: FeedQuery, visitorId?: string, now: Date = new Date()): Promise<FeedPage> {
    const cursor = q.cursor ? decodeCursor(q.cursor) : null;
    const point = q.lat !== undefined && q.lon !== undefined ? { lat: q.lat, lon: q.lon } : undefined;
    const category = q.category || undefined;
    const take = q.offset + q.limit;
    const terms = searchTerms(q.q);
    const search = terms.shapes.length > 0 ? terms : null;
    const stats = point || search ? await searchShares() : null;
    // The circle's cells, chosen from where posts are (ADR 024, ADR 036); a search's of one grid.
    const quarterShare = stats ? (cell: number) => stats.cell.listed.get(String(cell)) ?? stats.cell.unlisted : null;
    const cover = point ? chooseCover(point.lat, point.lon, q.radiusKm, quarterShare, !search) : null;
    const [plan, tag] = search ? planSearch(q.q, search.shapes, stats, cover, category, take, tagCap) : [null, null];
    const shape: Shape = {
      point: cover && { parts: cover.parts.map(({ grid, cells }) => ({ grid, cellCount: cells.length })) },
      cursor: !!cursor,
      visitor: !!visitorId,
      category: !!category,
      openNow: !!q.openNow,
      fromWindow: cover && !search && q.offset === 0 ? firstWindow(circlePerDay(stats, cover, category), take) : null,
      search: plan,
    };
    const values = {
      lat: point?.lat,
      lon: point?.lon,
      radiusKm: q.radiusKm,
      ...Object.fromEntries((cover?.parts ?? []).map((part) => [cellsName(part.grid), `{${part.cells.join(',')}}`])),
      cursorUs: cursor?.createdUs,
      cursorId: cursor?.id,
      take,
      offset: q.offset,
      visitorId,
      category,
      openAt: q.openNow ? now.toISOString() : undefined,
      openMinute: q.openNow ? indiaMinuteOfWeek(now.getTime()) : undefined,
      ...search?.values,
      walkRows: WALK_BUDGET,
      lastRows: LAST_ROWS,
      ...tag,
    };
    // The windows' statements in turn until one answers a full page (a search's page is one statement).
    let rows: PostRowData[] = [];
    for (const statement of prepared(shape)) {
      rows = await rowsOf(statement, values);
      if (rows.length >= q.limit) break;
    }
    rows = await ownLikes(rows, visitorId);
    const last = rows.at(-1);
    return {
      posts: rows.map((r) => toPost(r, point, now)),
      nextCursor: rows.length === q.limit && last ? encodeCursor({ createdUs: last.created_us, id: last.id }) : null,
    };
  }

  async function byId(id: string, visitorId?: string): Promise<Post> {
    const ids = sql`ids AS (SELECT p.id FROM posts p WHERE p.id = ${id}::uuid AND p.hidden_at IS NULL)`;
    const [row] = await ownLikes(await rowsOf(prepareStatement(preparedDb, page(ids, visitorId, 0), named)), visitorId);
    if (!row) throw AppError.notFound('Post not found');
    return toPost(row);
  }

  async function byBusiness(userId: string, paging: { limit: number; offset: number }, visitorId?: string): Promise<Post[]> {
    const ids = sql`ids AS (
      SELECT p.id FROM posts p WHERE p.user_id = ${userId}::uuid AND ${LISTED_POST}
      ORDER BY p.created_at DESC, p.id DESC LIMIT ${paging.limit + paging.offset}::int)`;
    const rows = await rowsOf(prepareStatement(preparedDb, page(ids, visitorId, paging.offset), named));
    return (await ownLikes(rows, visitorId)).map((r) => toPost(r));
  }

  const here: FeedRepository = { feed: (q, visitorId) => feed(q, visitorId), byId, byBusiness };
  const via = <T>(read: Reads, run: (repository: FeedRepository) => Promise<T>) =>
    replicaRead(read.fresh, () => run(here), onPrimary && (() => run(onPrimary)));
  return {
    feed: (q, visitorId, read = {}) => via(read, (r) => r.feed(q, visitorId)),
    byId: (id, visitorId, read = {}) => via(read, (r) => r.byId(id, visitorId)),
    byBusiness: (userId, paging, visitorId, read = {}) => via(read, (r) => r.byBusiness(userId, paging, visitorId)),
  };
}

/** `fresh`: read from the primary even when a replica is configured (freshReads). */
type Reads = { fresh?: boolean };
export type FeedRepository = {
  feed(q: FeedQuery, visitorId?: string, read?: Reads): Promise<FeedPage>;
  byId(id: string, visitorId?: string, read?: Reads): Promise<Post>;
  byBusiness(userId: string, paging: { limit: number; offset: number }, visitorId?: string, read?: Reads): Promise<Post[]>;
};

declare module 'fastify' {
  interface FastifyInstance {
    feedRepository: FeedRepository;
  }
}

export default fp(
  async (fastify) => {
    // Anonymous public reads: from the replica when DATABASE_READ_URL is set (ADR 047).
    const { read } = fastify.dbHandle;
    fastify.decorate('feedRepository', createFeedRepository({ ...read, primary: read.replica ? fastify.dbHandle : undefined }));
  },
  { name: 'feed-repository', dependencies: ['db'] },
);
