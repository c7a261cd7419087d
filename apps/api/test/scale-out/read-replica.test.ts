import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openDatabase } from '#src/db/client';
import { authHeader, buildTestApp, createBusiness, createPost, signedVisitor, type TestApp } from '#test/helper';
import { installed, localPrimaryAndReplica, waitFor } from './local-servers';

/** The test's own primary (this port) and replica (the next): never the shared 5432 cluster. */
const PRIMARY_PORT = 6410;
const onPostgres = !!process.env.DATABASE_URL;
const canRun = onPostgres && installed('/usr/lib/postgresql/15/bin/initdb');

type FeedPost = { id: string; likesCount: number; likedByMe?: boolean };

describe.skipIf(!canRun)(
  `DATABASE_READ_URL: public reads from a streaming replica${canRun ? '' : ' (skipped: runs only on PostgreSQL runs with PostgreSQL 15 installed, DATABASE_URL unset here)'}`,
  () => {
    let servers: Awaited<ReturnType<typeof localPrimaryAndReplica>>;
    let handle: DbHandle;
    let app: TestApp;
    let postId: string;
    let owner: Awaited<ReturnType<typeof createBusiness>>;

    const replica = () => handle.read.db;
    const replay = (what: 'pause' | 'resume') =>
      what === 'pause'
        ? replica().execute(sql`SELECT pg_wal_replay_pause()`)
        : replica().execute(sql`SELECT pg_wal_replay_resume()`);
    /** The replica has replayed everything the primary has written so far. */
    async function caughtUp() {
      const {
        rows: [primary],
      } = await handle.db.execute<{ lsn: string }>(sql`SELECT pg_current_wal_lsn()::text AS lsn`);
      await waitFor('the replica to catch up', async () => {
        const { rows } = await replica().execute<{ behind: boolean }>(
          sql`SELECT pg_last_wal_replay_lsn() < ${primary?.lsn}::pg_lsn AS behind`,
        );
        return rows[0]?.behind === false;
      });
    }
    const visitor = () => ({ 'x-visitor-id': signedVisitor(app, 'replica-visitor') });
    const feed = async () => (await app.inject({ method: 'GET', url: '/api/feed', headers: visitor() })).json<FeedPost[]>();

    beforeAll(async () => {
      servers = await localPrimaryAndReplica(PRIMARY_PORT);
      handle = await openDatabase({ databaseUrl: servers.primaryUrl, readUrl: servers.replicaUrl, dataDir: null });
      await handle.migrate();
      app = await buildTestApp({ DATABASE_URL: servers.primaryUrl, DATABASE_READ_URL: servers.replicaUrl }, { dbHandle: handle });
      owner = await createBusiness(handle.db);
      postId = (await createPost(handle.db, owner)).id;
      await caughtUp();
    }, 60_000);
    afterAll(async () => {
      await replay('resume').catch(() => undefined);
      await app?.close();
      await handle?.close();
      await servers?.stop();
    });

    it('reads the feed from the replica: a post the replica has not replayed is not there yet', async () => {
      expect((await feed()).map((p) => p.id)).toEqual([postId]);
      await replay('pause');
      const later = await createPost(handle.db, owner, { content: 'Written while the replica is paused' });
      expect((await feed()).map((p) => p.id)).toEqual([postId]);
      // The business's own list is its own data: read from the primary, so the new post is there at once.
      const signedIn = await authHeader(app, owner);
      const own = await app.inject({ method: 'GET', url: '/api/user/posts', headers: signedIn });
      expect(JSON.stringify(own.json())).toContain(later.id);
      // Signed in, its public pages and the feed read from the primary too; anonymous readers wait for the replica.
      const pagePosts = async (headers: Record<string, string>) =>
        (await app.inject({ method: 'GET', url: `/api/public/business/${owner.id}/posts`, headers }))
          .json<FeedPost[]>()
          .map((p) => p.id);
      expect(await pagePosts(signedIn)).toEqual([later.id, postId]);
      expect(await pagePosts({})).toEqual([postId]);
      const signedInFeed = await app.inject({ method: 'GET', url: '/api/feed', headers: { ...signedIn, ...visitor() } });
      expect(signedInFeed.json<FeedPost[]>().map((p) => p.id)).toEqual([later.id, postId]);
      const post = await app.inject({ method: 'GET', url: `/api/posts/${later.id}`, headers: signedIn });
      expect(post.statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: `/api/posts/${later.id}` })).statusCode).toBe(404);
      await replay('resume');
      await waitFor('the new post on the replica', async () => (await feed()).some((p) => p.id === later.id));
      await handle.db.execute(sql`DELETE FROM posts WHERE id = ${later.id}::uuid`);
      await caughtUp();
    });

    it("keeps a visitor's own like and unlike while the replica lags", async () => {
      await replay('pause');
      const liked = await app.inject({ method: 'POST', url: `/api/posts/${postId}/like`, headers: visitor() });
      expect(liked.json()).toMatchObject({ likesCount: 1, liked: true });
      // The replica still says no like: the visitor sees theirs, on the feed and on the post.
      const { rows } = await replica().execute<{ likes_count: number }>(
        sql`SELECT likes_count FROM posts WHERE id = ${postId}::uuid`,
      );
      expect(rows[0]?.likes_count).toBe(0);
      expect((await feed())[0]).toMatchObject({ id: postId, likesCount: 1, likedByMe: true });
      const post = await app.inject({ method: 'GET', url: `/api/posts/${postId}`, headers: visitor() });
      expect(post.json()).toMatchObject({ likesCount: 1, likedByMe: true });
      // Someone else reads the replica's count as it is.
      const other = await app.inject({
        method: 'GET',
        url: '/api/feed',
        headers: { 'x-visitor-id': signedVisitor(app, 'someone-else') },
      });
      expect(other.json<FeedPost[]>()[0]).toMatchObject({ likesCount: 0, likedByMe: false });

      await replay('resume');
      await caughtUp();
      await replay('pause');
      await app.inject({ method: 'DELETE', url: `/api/posts/${postId}/like`, headers: visitor() });
      expect((await feed())[0]).toMatchObject({ id: postId, likesCount: 0, likedByMe: false });
      await replay('resume');
    });

    it('reports the replica in readiness, and reads from the primary while the replica is down', async () => {
      const ready = async () => {
        const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
        return {
          code: res.statusCode,
          replica: res.json<{ checks: Record<string, { status: string }> }>().checks['database-replica']?.status,
        };
      };
      expect(await ready()).toEqual({ code: 200, replica: 'ok' });
      servers.stopReplica();
      expect((await feed()).map((p) => p.id)).toEqual([postId]);
      const page = await app.inject({ method: 'GET', url: `/api/public/business/${owner.id}` });
      expect(page.statusCode).toBe(200);
      expect(await ready()).toEqual({ code: 200, replica: 'degraded' });
    });
  },
);
