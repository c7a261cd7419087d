import { randomUUID } from 'node:crypto';
import {
  accountSuspendedMessage,
  type AdminActivity,
  type AdminAuditPage,
  type AdminPostPage,
  type AdminUserPage,
  AUTH_MESSAGES,
  MODERATION_MESSAGES,
  type MyPostsPage,
  type Post,
} from '@aaspaas/domain';
import { eq, sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type UserRow, users as usersTable } from '#src/db/schema';
import { ADMIN_SEARCH_WALK } from '#src/plugins/app/admin/admin-search-walk';
import { login, refresh, register, ROOMY_LIMITS } from '../auth/auth-test-kit';
import { authHeader, buildTestApp, createBusiness, createPost, signedVisitor, type TestApp } from '#test/helper';

const ADMIN = 'moderator@aaspaas.in';
const FORMER_ADMIN = 'former.moderator@aaspaas.in';
const JWT_SECRET = 'moderation-test-secret-of-at-least-32-chars';
/** Admin routes anyone may call: signing in and asking for the admin's set-password link. */
const PUBLIC_ADMIN_ROUTES = ['POST /api/admin/login', 'POST /api/admin/create-user'];
const THRESHOLD = 3;
const PUNE = { lat: 18.52, lon: 73.85 };

describe('admin moderation: authorization, hidden posts, reports, suspension, audit', () => {
  let app: TestApp;
  let admin: UserRow;
  let asAdmin: { authorization: string };
  const adminRoutes: { method: string; url: string }[] = [];

  const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string> = {}, payload?: object) =>
    app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const feed = async (query = '') =>
    (await inject('GET', `/api/feed?lat=${PUNE.lat}&lon=${PUNE.lon}&radiusKm=25${query}`)).json<Post[]>().map((p) => p.id);
  const auditOf = async (targetId: string) =>
    (await inject('GET', `/api/admin/audit?targetId=${targetId}`, asAdmin)).json<AdminAuditPage>().entries;
  /** A report from `visitor`, on a network of its own unless `from` names an address (ADR 048: networks hide posts). */
  let networks = 0;
  const report = (postId: string, visitor: string, reason = 'spam', from = `10.${(networks += 1) % 250}.0.1`) =>
    app.inject({
      method: 'POST',
      url: `/api/posts/${postId}/report`,
      headers: { 'x-visitor-id': signedVisitor(app, visitor) },
      remoteAddress: from,
      payload: { reason },
    });

  beforeAll(async () => {
    app = await buildTestApp(
      { ...ROOMY_LIMITS, ADMIN_EMAILS: ADMIN, JWT_SECRET, REPORTS_AUTO_HIDE_THRESHOLD: String(THRESHOLD) },
      {
        onRoute: (route: RouteOptions) => {
          for (const method of [route.method].flat()) {
            if (route.url.startsWith('/api/admin') && method !== 'HEAD') adminRoutes.push({ method, url: route.url });
          }
        },
      },
    );
    admin = await createBusiness(app.db, { username: ADMIN, emailVerifiedAt: new Date() });
    asAdmin = await authHeader(app, admin);
  });
  afterAll(() => app.close());

  it('refuses every admin route of the route table to nobody (401), a business (403) and a former admin (403)', async () => {
    const guarded = adminRoutes.filter((r) => !PUBLIC_ADMIN_ROUTES.includes(`${r.method} ${r.url}`));
    expect(guarded.length).toBeGreaterThan(10);
    const business = await authHeader(app, await createBusiness(app.db));
    // A token issued while the address was in ADMIN_EMAILS, presented after the list changed.
    const before = await buildTestApp({ ADMIN_EMAILS: FORMER_ADMIN, JWT_SECRET });
    let former: { authorization: string };
    try {
      const formerRow = await createBusiness(before.db, { username: FORMER_ADMIN, emailVerifiedAt: new Date() });
      former = await authHeader(before, formerRow);
      expect((await before.inject({ method: 'GET', url: '/api/admin/me', headers: former })).statusCode).toBe(200);
      // The same account, its sessions still valid: only the list decides.
      await createBusiness(app.db, {
        id: formerRow.id,
        username: FORMER_ADMIN,
        emailVerifiedAt: new Date(),
        sessionsValidAfter: new Date(0),
      });
    } finally {
      await before.close();
    }
    for (const route of guarded) {
      const url = route.url.replace(/:[a-zA-Z]+/g, randomUUID());
      const method = route.method as 'GET';
      const anonymous = await app.inject({ method, url });
      expect(anonymous.statusCode, `${route.method} ${route.url} anonymous`).toBe(401);
      expect(anonymous.json()).toEqual({ message: AUTH_MESSAGES.authFailed });
      for (const [who, headers] of [
        ['business', business],
        ['former admin', former],
      ] as const) {
        const res = await app.inject({ method, url, headers });
        expect(res.statusCode, `${route.method} ${route.url} as ${who}`).toBe(403);
        expect(res.json()).toEqual({ message: AUTH_MESSAGES.adminOnly });
      }
    }
    expect((await app.inject({ method: 'GET', url: '/api/admin/me', headers: asAdmin })).statusCode).toBe(200);
  });

  it('hides a post from the feed, search, its page and its link at once; the owner sees why, asks for review; unhide restores it', async () => {
    const owner = await createBusiness(app.db, { ...PUNE, businessName: 'Gupta Mobiles' });
    const post = await createPost(app.db, owner, { content: 'Refurbished phones zorbliquex offer' });
    const ownerHeaders = await authHeader(app, owner);
    expect(await feed()).toContain(post.id);

    const hide = await inject('POST', `/api/admin/posts/${post.id}/hide`, asAdmin, {
      reason: 'misleading-price',
      note: 'MRP is made up',
    });
    expect(hide.statusCode, hide.body).toBe(204);
    expect(await feed()).not.toContain(post.id);
    expect(await feed('&q=zorbliquex')).toEqual([]);
    expect((await inject('GET', `/api/posts/${post.id}`)).statusCode).toBe(404);
    const page = (await inject('GET', `/api/public/business/${owner.id}/posts`)).json<Post[]>();
    expect(page.map((p) => p.id)).not.toContain(post.id);

    const mine = (await inject('GET', '/api/user/posts', ownerHeaders)).json<MyPostsPage>();
    expect(mine.posts.find((p) => p.id === post.id)?.moderation).toMatchObject({
      reason: 'misleading-price',
      note: 'MRP is made up',
      reviewRequestedAt: null,
    });
    const repost = await inject('POST', `/api/user/posts/${post.id}/repost`, ownerHeaders, {});
    expect(repost.json()).toEqual({ message: MODERATION_MESSAGES.hiddenCannotRepost });

    // Another business cannot appeal for it; the owner can, once.
    const stranger = await authHeader(app, await createBusiness(app.db));
    expect((await inject('POST', `/api/user/posts/${post.id}/request-review`, stranger)).statusCode).toBe(404);
    const appeal = await inject('POST', `/api/user/posts/${post.id}/request-review`, ownerHeaders);
    expect(appeal.json()).toEqual({ message: MODERATION_MESSAGES.reviewRequested });
    expect((await inject('POST', `/api/user/posts/${post.id}/request-review`, ownerHeaders)).statusCode).toBe(409);
    const appeals = (await inject('GET', '/api/admin/posts?appealed=true', asAdmin)).json<AdminPostPage>();
    expect(appeals.posts.map((p) => p.id)).toEqual([post.id]);
    expect((await inject('GET', '/api/admin/activity', asAdmin)).json<AdminActivity>().queue.appeals).toBe(1);

    expect((await inject('POST', `/api/admin/posts/${post.id}/unhide`, asAdmin)).statusCode).toBe(204);
    expect(await feed()).toContain(post.id);
    expect((await inject('GET', '/api/admin/posts?appealed=true', asAdmin)).json<AdminPostPage>().posts).toEqual([]);
    expect((await inject('POST', `/api/admin/posts/${post.id}/unhide`, asAdmin)).statusCode).toBe(409);

    const entries = await auditOf(post.id);
    expect(entries.map((e) => e.action)).toEqual(['post.unhide', 'post.hide']);
    expect(entries[1]).toMatchObject({
      adminEmail: ADMIN,
      reason: 'misleading-price: MRP is made up',
      before: { hiddenAt: null },
      after: { hiddenReason: 'misleading-price' },
    });
  });

  it('counts a report once per visitor and hides the post at the threshold of networks until the admin decides', async () => {
    const owner = await createBusiness(app.db, PUNE);
    const post = await createPost(app.db, owner);
    const first = await report(post.id, 'visitor-1');
    expect(first.json()).toEqual({ message: MODERATION_MESSAGES.reported, alreadyReported: false });
    for (let i = 0; i < 3; i += 1) {
      expect((await report(post.id, 'visitor-1', 'offensive')).json()).toMatchObject({ alreadyReported: true });
    }
    expect((await report(post.id, 'visitor-2')).json()).toMatchObject({ alreadyReported: false });
    const queue = (await inject('GET', '/api/admin/posts?reported=true', asAdmin)).json<AdminPostPage>();
    expect(queue.posts.find((p) => p.id === post.id)).toMatchObject({
      openReports: 2,
      hiddenAt: null,
      reportReasons: { spam: 2 },
    });
    expect(await feed()).toContain(post.id);

    expect((await report(post.id, 'visitor-3', 'misleading-price')).statusCode).toBe(200);
    expect(await feed()).not.toContain(post.id);
    const hidden = (await inject('GET', '/api/admin/posts?hidden=true', asAdmin)).json<AdminPostPage>();
    expect(hidden.posts.find((p) => p.id === post.id)).toMatchObject({ hiddenReason: 'reports', openReports: 3 });
    // Hidden, it can no longer be reported.
    expect((await report(post.id, 'visitor-4')).statusCode).toBe(404);
    // Not an admin action: no audit row.
    expect(await auditOf(post.id)).toEqual([]);

    expect((await inject('POST', `/api/admin/posts/${post.id}/unhide`, asAdmin, { note: 'Checked: fine' })).statusCode).toBe(204);
    expect(await feed()).toContain(post.id);
    expect((await auditOf(post.id)).map((e) => [e.action, e.reason])).toEqual([['post.unhide', 'Checked: fine']]);
  });

  it('limits how many reports one visitor sends', async () => {
    const owner = await createBusiness(app.db, PUNE);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const post = await createPost(app.db, owner);
      statuses.push((await report(post.id, 'busy-reporter', 'spam', '10.250.0.1')).statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('dismisses reports and deletes a post, each with one audit row', async () => {
    const owner = await createBusiness(app.db, PUNE);
    const kept = await createPost(app.db, owner);
    await report(kept.id, 'dismiss-visitor');
    expect((await inject('POST', `/api/admin/posts/${kept.id}/dismiss-reports`, asAdmin)).statusCode).toBe(204);
    const reported = (await inject('GET', '/api/admin/posts?reported=true', asAdmin)).json<AdminPostPage>();
    expect(reported.posts.map((p) => p.id)).not.toContain(kept.id);
    expect((await auditOf(kept.id)).map((e) => e.action)).toEqual(['post.dismiss-reports']);

    const gone = await createPost(app.db, owner, { content: 'To be deleted' });
    expect((await inject('DELETE', `/api/admin/posts/${gone.id}`, asAdmin)).statusCode).toBe(204);
    expect((await inject('GET', `/api/posts/${gone.id}`)).statusCode).toBe(404);
    const [deleted] = await auditOf(gone.id);
    expect(deleted).toMatchObject({ action: 'post.delete', before: { content: 'To be deleted' }, after: null });
    expect((await inject('DELETE', `/api/admin/posts/${gone.id}`, asAdmin)).statusCode).toBe(404);
    expect(await auditOf(gone.id)).toHaveLength(1);
  });

  it('suspends a business: signed out, cannot sign in, refresh, post or be seen; reinstating restores it', async () => {
    const session = await register(app, { businessName: 'Shady Deals' });
    const [row] = (await inject('GET', `/api/admin/users?q=${encodeURIComponent(session.email)}`, asAdmin)).json<AdminUserPage>()
      .users;
    expect(row).toMatchObject({ email: session.email, status: 'active', signInMethods: ['password'], postCount: 0 });
    const id = row!.id;
    await app.db.execute(`UPDATE users SET lat = ${PUNE.lat}, lon = ${PUNE.lon} WHERE id = '${id}'`);
    const owner = { id } as UserRow;
    const post = await createPost(app.db, { ...(await app.usersRepository.byId(id))!, ...PUNE } as UserRow);
    expect(await feed()).toContain(post.id);

    const reason = 'Selling counterfeit goods';
    expect((await inject('POST', `/api/admin/users/${id}/suspend`, asAdmin, { reason })).statusCode).toBe(204);
    const refused = { message: accountSuspendedMessage(reason) };
    const signIn = await login(app, session.email, session.password);
    expect([signIn.statusCode, signIn.json()]).toEqual([403, refused]);
    const renewed = await refresh(app, session.cookie);
    expect([renewed.statusCode, renewed.json()]).toEqual([403, refused]);
    const posting = await inject(
      'POST',
      '/api/user/posts',
      { authorization: `Bearer ${session.token}` },
      { content: 'x', category: 'y' },
    );
    expect(posting.statusCode).toBe(401);
    expect((await inject('GET', `/api/public/business/${id}`)).statusCode).toBe(404);
    expect(await feed()).not.toContain(post.id);
    expect((await inject('GET', '/api/admin/users?status=suspended', asAdmin)).json<AdminUserPage>().users).toMatchObject([
      { id, status: 'suspended', suspensionReason: reason },
    ]);
    // Its posts are hidden with the business: only reinstating shows them.
    expect((await inject('POST', `/api/admin/posts/${post.id}/unhide`, asAdmin)).json()).toEqual({
      message: MODERATION_MESSAGES.hiddenWithBusiness,
    });
    expect((await inject('POST', `/api/admin/users/${id}/suspend`, asAdmin, { reason })).statusCode).toBe(409);
    expect((await inject('POST', `/api/admin/users/${admin.id}/suspend`, asAdmin, { reason })).statusCode).toBe(400);

    expect((await inject('POST', `/api/admin/users/${id}/reinstate`, asAdmin)).statusCode).toBe(204);
    expect((await login(app, session.email, session.password)).statusCode).toBe(200);
    expect((await inject('GET', `/api/public/business/${id}`)).statusCode).toBe(200);
    expect(await feed()).toContain(post.id);
    expect((await auditOf(owner.id)).map((e) => e.action)).toEqual(['user.reinstate', 'user.suspend']);
  });

  it('sends a password-reset link to a verified account only, and records it', async () => {
    const unverified = await createBusiness(app.db);
    const res = await inject('POST', `/api/admin/users/${unverified.id}/password-reset-link`, asAdmin);
    expect([res.statusCode, res.json()]).toEqual([409, { message: MODERATION_MESSAGES.resetLinkUnverified }]);
    const verified = await createBusiness(app.db, { emailVerifiedAt: new Date() });
    const sent = await inject('POST', `/api/admin/users/${verified.id}/password-reset-link`, asAdmin);
    expect([sent.statusCode, sent.json()]).toEqual([200, { message: MODERATION_MESSAGES.resetLinkSent }]);
    expect((await auditOf(verified.id)).map((e) => e.action)).toEqual(['user.password-reset-link']);
    expect(await auditOf(unverified.id)).toEqual([]);
  });

  /** Many businesses sharing a name: a search by it is decided on each post's own row (its owner_names). */
  const shopsNamed = (slug: string, businessName: string) =>
    app.db
      .insert(usersTable)
      .values(
        Array.from({ length: 201 }, (_, i) => ({
          username: `${slug}-${i}@example.in`,
          name: `Owner ${i}`,
          businessName: `${businessName} ${i}`,
        })),
      )
      .returning();

  it('searches posts by a business name that many businesses share, hidden posts included, and lists only matches', async () => {
    const shops = await shopsNamed('zenmart', 'Zenmart Stores');
    const match = await createPost(app.db, shops[3]!, { content: 'Jowar at wholesale rates', hashtags: [] });
    const hiddenMatch = await createPost(app.db, shops[4]!, { content: 'Dal at wholesale rates', hashtags: [] });
    await inject('POST', `/api/admin/posts/${hiddenMatch.id}/hide`, asAdmin, { reason: 'spam' });
    await createPost(app.db, admin, { content: 'Not a match at all' });
    const found = async (q: string) =>
      (await inject('GET', `/api/admin/posts?limit=50&q=${encodeURIComponent(q)}`, asAdmin))
        .json<AdminPostPage>()
        .posts.map((p) => p.id);
    expect(await found('zenmart')).toEqual([hiddenMatch.id, match.id]);
    expect(await found('zenmart jowar')).toEqual([match.id]);
    expect(await found('zenmart mithai')).toEqual([]);
  });

  it('a search no index narrows walks a bounded number of posts, says how far back it looked, and goes on from there', async () => {
    // Terms of two letters: no trigram of their own for the index to narrow by.
    const shops = await shopsNamed('quokka', 'Qk Tr Traders');
    const other = await createBusiness(app.db, { ...PUNE, businessName: 'Filler Foods' });
    const { rows: made } = await app.db.execute<{ id: string }>(sql`
      INSERT INTO posts (user_id, category, content, created_at)
      VALUES (${shops[7]!.id}::uuid, 'Grocery', 'Old stock', now() + interval '1 day') RETURNING id`);
    const match = made[0]!.id;
    // Newer than the match, and none of them matches: the first page's walk ends before reaching it.
    await app.db.execute(sql`
      INSERT INTO posts (user_id, category, content, created_at)
      SELECT ${other.id}::uuid, 'Grocery', 'Filler ' || g, now() + interval '2 days' + interval '1 second' * g
      FROM generate_series(1, ${ADMIN_SEARCH_WALK}) AS g`);
    const search = async (q: string, cursor?: string | null) =>
      (
        await inject('GET', `/api/admin/posts?q=${encodeURIComponent(q)}${cursor ? `&cursor=${cursor}` : ''}`, asAdmin)
      ).json<AdminPostPage>();

    const first = await search('qk tr');
    expect(first.posts).toEqual([]);
    expect(first.nextCursor).not.toBeNull();
    expect(Date.parse(first.searchedTo ?? '')).toBeGreaterThan(Date.now() + 86_400_000);
    const second = await search('qk tr', first.nextCursor);
    expect(second.posts.map((p) => p.id)).toEqual([match]);
    expect(second).toMatchObject({ nextCursor: null, searchedTo: null });

    // A renamed business is found by its new name at once (its posts carry its names).
    await app.db.update(usersTable).set({ businessName: 'Wombat Mart' }).where(eq(usersTable.id, shops[7]!.id));
    expect((await search('wombat')).posts.map((p) => p.id)).toEqual([match]);
    expect((await search('qk tr', first.nextCursor)).posts).toEqual([]);
  });

  it('pages the post and user lists with keyset cursors', async () => {
    const owner = await createBusiness(app.db, { ...PUNE, businessName: 'Paging Stores' });
    const made = [];
    for (let i = 0; i < 5; i += 1) made.push((await createPost(app.db, owner)).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: AdminPostPage = (
        await inject('GET', `/api/admin/posts?businessId=${owner.id}&limit=2${cursor ? `&cursor=${cursor}` : ''}`, asAdmin)
      ).json();
      seen.push(...page.posts.map((p) => p.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...made].reverse());
    const bad = await inject('GET', '/api/admin/posts?cursor=nonsense!', asAdmin);
    expect(bad.statusCode).toBe(400);
    const users = (await inject('GET', '/api/admin/users?q=paging%20stores', asAdmin)).json<AdminUserPage>();
    expect(users.users).toMatchObject([{ id: owner.id, postCount: 5 }]);
  });
});
