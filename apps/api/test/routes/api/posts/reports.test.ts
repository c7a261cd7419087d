import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import PostalMime from 'postal-mime';
import type { AdminPostPage, MyPostsPage } from '@aaspaas/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '#src/db/schema';
import { authHeader, buildTestApp, createBusiness, createPost, type TestApp } from '#test/helper';
import { outboxFiles } from '#test/outbox-files';

const ADMIN = 'reports-admin@aaspaas.in';

/** Reports hide a post only when they are hard to manufacture (ADR 048): several networks, no new visitors' ids. */
describe('POST /api/posts/:id/report: who can hide a post', () => {
  let app: TestApp;
  let owner: UserRow;
  let asOwner: { authorization: string };
  let asAdmin: { authorization: string };
  beforeAll(async () => {
    app = await buildTestApp({ ADMIN_EMAILS: ADMIN, REPORTS_AUTO_HIDE_THRESHOLD: '3', VISITOR_IDS_PER_IP_PER_HOUR: '1000' });
    owner = await createBusiness(app.db);
    asOwner = await authHeader(app, owner);
    asAdmin = await authHeader(app, await createBusiness(app.db, { username: ADMIN, emailVerifiedAt: new Date() }));
  });
  afterAll(() => app.close());

  /** A fresh id, issued by the server to a browser at `address` (as the app's HTML or POST /api/visitor does). */
  const freshId = async (address: string) =>
    (await app.inject({ method: 'POST', url: '/api/visitor', remoteAddress: address })).json<{ visitorId: string }>().visitorId;
  const report = (postId: string, visitorId: string, address: string, reason = 'spam') =>
    app.inject({
      method: 'POST',
      url: `/api/posts/${postId}/report`,
      headers: { 'x-visitor-id': visitorId },
      remoteAddress: address,
      payload: { reason },
    });
  /** The mail the app wrote to `to` in its local outbox (it is sent after the answer: waited for). */
  const mailTo = async (to: string) => {
    const dir = app.mailService.outboxDir;
    for (let waited = 0; waited < 10_000; waited += 50) {
      for (const file of outboxFiles(dir)) {
        const mail = await PostalMime.parse(fs.readFileSync(path.join(dir, file)));
        if (mail.to?.[0]?.address === to) return mail;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no mail to ${to}`);
  };
  const visible = async (postId: string) => (await app.inject({ method: 'GET', url: `/api/posts/${postId}` })).statusCode === 200;
  const ownPost = async (postId: string) =>
    (await app.inject({ method: 'GET', url: '/api/user/posts?limit=50', headers: asOwner }))
      .json<MyPostsPage>()
      .posts.find((p) => p.id === postId);
  const queued = async (postId: string) =>
    (await app.inject({ method: 'GET', url: '/api/admin/posts?reported=true', headers: asAdmin }))
      .json<AdminPostPage>()
      .posts.find((p) => p.id === postId);

  it('does not hide a post for three fresh ids from one address, and shows the reports to the owner and the admin', async () => {
    const post = await createPost(app.db, owner);
    const address = '203.0.113.7';
    const reasons = ['spam', 'offensive', 'spam'];
    for (const reason of reasons) expect((await report(post.id, await freshId(address), address, reason)).statusCode).toBe(200);
    // Neighbours on the same network are the same voice.
    expect((await report(post.id, await freshId('203.0.113.8'), '203.0.113.8')).statusCode).toBe(200);

    expect(await visible(post.id)).toBe(true);
    expect(await ownPost(post.id)).toMatchObject({ moderation: null, reports: { count: 4, reasons: { spam: 3, offensive: 1 } } });
    expect(await queued(post.id)).toMatchObject({
      hiddenAt: null,
      openReports: 4,
      reportSources: [{ network: '203.0.113.0/24', reports: 4, newVisitors: 0, reasons: { spam: 3, offensive: 1 } }],
    });
  });

  it('hides a post reported from three networks until the admin decides; the owner sees why', async () => {
    const post = await createPost(app.db, owner);
    const addresses = ['198.51.100.4', '192.0.2.200', '2001:db8:aa::1'];
    for (const address of addresses.slice(0, 2)) await report(post.id, await freshId(address), address, 'misleading-price');
    expect(await visible(post.id)).toBe(true);
    await report(post.id, await freshId(addresses[2] ?? ''), addresses[2] ?? '', 'misleading-price');
    expect(await visible(post.id)).toBe(false);
    expect(await ownPost(post.id)).toMatchObject({
      moderation: { reason: 'reports', reviewRequestedAt: null },
      reports: { count: 3, reasons: { 'misleading-price': 3 } },
    });
    // The business is told by mail (after the answer), with the reasons and a link to its posts.
    const mail = await mailTo(owner.username);
    expect(mail.subject).toBe('Your post is hidden until the admin looks at it');
    expect(mail.text).toContain('misleading price (3)');
    expect(mail.text).toContain(`${app.config.publicOrigin}/posts-history`);
    const sources = (await queued(post.id))?.reportSources.map((s) => s.network).sort();
    expect(sources).toEqual(['192.0.2.0/24', '198.51.100.0/24', '2001:db8:aa::/48']);

    // The admin looks and keeps it: the reports are decided, the owner sees none open.
    expect((await app.inject({ method: 'POST', url: `/api/admin/posts/${post.id}/unhide`, headers: asAdmin })).statusCode).toBe(
      204,
    );
    expect(await ownPost(post.id)).toMatchObject({ moderation: null, reports: null });
  });

  it("never counts new visitors' reports (ids issued beyond their address's ration) toward hiding", async () => {
    const post = await createPost(app.db, owner);
    const addresses = ['100.64.1.1', '100.64.2.1', '100.64.3.1', '100.64.4.1'];
    for (const address of addresses) {
      const newVisitor = app.visitorIdsService.sign(randomUUID(), true);
      expect((await report(post.id, newVisitor, address)).statusCode).toBe(200);
    }
    expect(await visible(post.id)).toBe(true);
    const row = await queued(post.id);
    expect(row).toMatchObject({ openReports: 4, hiddenAt: null });
    expect(row?.reportSources.every((s) => s.newVisitors === 1)).toBe(true);
  });
});
