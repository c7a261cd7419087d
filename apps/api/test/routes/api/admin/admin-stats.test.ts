import { randomUUID } from 'node:crypto';
import { ENGAGEMENT_SPIKE_FACTOR, ENGAGEMENT_SPIKE_MIN_PER_HOUR, type EngagementSpike } from '@aaspaas/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  postLikes,
  postShares,
  postViews,
  smsCampaigns,
  smsMessages,
  users,
  whatsappConnections,
  whatsappMessages,
} from '#src/db/schema';
import { viewDay } from '#src/plugins/app/posts/engagement-repository';
import { ROOMY_LIMITS } from '../auth/auth-test-kit';
import { authHeader, buildTestApp, createBusiness, createPost, type TestApp } from '#test/helper';

/** The admin dashboard's figures (GET /api/admin/stats) and its list of posts whose counts rise abnormally fast. */

const ADMIN = 'boss@aaspaas.in';
const DAY_MS = 86_400_000;

describe('admin stats', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ ...ROOMY_LIMITS, ADMIN_EMAILS: ADMIN });
  });
  afterAll(() => app.close());

  it('counts businesses (not admins), posts, likes, views today and in 7 India days, and new businesses', async () => {
    const { db } = app.dbHandle;
    const now = Date.now();
    const admin = await createBusiness(db, { username: ADMIN, emailVerifiedAt: new Date() });
    const fresh = await createBusiness(db);
    const older = await createBusiness(db, { createdAt: new Date(now - 8 * DAY_MS) });
    await createBusiness(db, { createdAt: new Date(now - 6 * DAY_MS) });
    const p1 = await createPost(db, fresh);
    const p2 = await createPost(db, older);
    await createPost(db, older);
    await db.insert(postLikes).values([
      { postId: p1.id, visitorId: 'v1' },
      { postId: p1.id, visitorId: 'v2' },
      { postId: p2.id, visitorId: 'v1' },
    ]);
    const day = (daysAgo: number) => viewDay(new Date(now - daysAgo * DAY_MS));
    await db.insert(postViews).values([
      { postId: p1.id, visitorId: 'v1', day: day(0) },
      { postId: p2.id, visitorId: 'v1', day: day(0) },
      { postId: p1.id, visitorId: 'v1', day: day(1) },
      { postId: p1.id, visitorId: 'v2', day: day(6) },
      { postId: p1.id, visitorId: 'v3', day: day(7) },
      { postId: p2.id, visitorId: 'v3', day: day(30) },
    ]);

    const res = await app.inject({ method: 'GET', url: '/api/admin/stats', headers: await authHeader(app, admin) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      businesses: 3,
      posts: 3,
      likes: 3,
      viewsToday: 2,
      views7Days: 4,
      newBusinesses7Days: 2,
      messaging: {
        whatsappConnected: 0,
        whatsappInbound: 0,
        sms: { sent: 0, delivered: 0, failed: 0 },
        whatsapp: { sent: 0, delivered: 0, failed: 0 },
      },
    });
  });

  it('counts SMS and WhatsApp messages of every business over the same 7 days, connected numbers and inbound enquiries', async () => {
    const { db } = app.dbHandle;
    const admin = (await db.select().from(users).where(eq(users.username, ADMIN)))[0]!;
    const shops = [await createBusiness(db), await createBusiness(db)];
    const old = new Date(Date.now() - 8 * DAY_MS);
    await db.insert(whatsappConnections).values(
      shops.map((shop, i) => ({
        userId: shop.id,
        phoneNumberId: `10654035224${i}`,
        wabaId: `10229012934${i}`,
        accessTokenEnc: 'x',
        tokenEnding: 'abcd',
        displayPhoneNumber: `+91 98100 0000${i}`,
        verifiedName: `Shop ${i}`,
      })),
    );
    const [campaign] = await db
      .insert(smsCampaigns)
      .values({ userId: shops[0]!.id, name: 'Both', audience: { kind: 'all' }, variables: [] })
      .returning();
    const sms = (to: string, status: 'submitted' | 'delivered' | 'failed' | 'expired' | 'queued', submittedAt: Date | null) => ({
      campaignId: campaign!.id,
      userId: shops[0]!.id,
      to,
      text: 'Offer',
      encoding: 'GSM-7' as const,
      parts: 1,
      costPaise: 25,
      idempotencyKey: `${campaign!.id}:${to}`,
      status,
      submittedAt,
    });
    await db
      .insert(smsMessages)
      .values([
        sms('9000000001', 'delivered', new Date()),
        sms('9000000002', 'failed', new Date()),
        sms('9000000003', 'expired', new Date()),
        sms('9000000004', 'submitted', new Date()),
        sms('9000000005', 'delivered', old),
        sms('9000000006', 'queued', null),
      ]);
    const wa = (
      userId: string,
      direction: 'in' | 'out',
      status: 'queued' | 'accepted' | 'delivered' | 'read' | 'failed' | 'received',
      createdAt = new Date(),
    ) => ({ userId, direction, status, createdAt, waId: '919000000001', text: 'x', wamid: `wamid.${randomUUID()}` });
    await db
      .insert(whatsappMessages)
      .values([
        wa(shops[0]!.id, 'out', 'delivered'),
        wa(shops[1]!.id, 'out', 'read'),
        wa(shops[1]!.id, 'out', 'failed'),
        wa(shops[1]!.id, 'out', 'accepted'),
        wa(shops[1]!.id, 'out', 'queued'),
        wa(shops[0]!.id, 'out', 'delivered', old),
        wa(shops[0]!.id, 'in', 'received'),
        wa(shops[1]!.id, 'in', 'received'),
        wa(shops[1]!.id, 'in', 'received', old),
      ]);
    const res = await app.inject({ method: 'GET', url: '/api/admin/stats', headers: await authHeader(app, admin) });
    expect(res.statusCode).toBe(200);
    expect(res.json().messaging).toEqual({
      whatsappConnected: 2,
      whatsappInbound: 2,
      sms: { sent: 4, delivered: 1, failed: 2 },
      whatsapp: { sent: 4, delivered: 2, failed: 1 },
    });
  });
});

describe('posts whose counts rise abnormally fast', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ ...ROOMY_LIMITS, ADMIN_EMAILS: ADMIN });
  });
  afterAll(() => app.close());

  const HOUR = 3_600_000;
  /** `n` rows spread evenly from `fromMsAgo` to `toMsAgo` before now, each from another visitor. */
  const spread = (n: number, fromMsAgo: number, toMsAgo: number) =>
    Array.from({ length: n }, (_, i) => ({
      visitorId: randomUUID(),
      createdAt: new Date(Date.now() - fromMsAgo + ((fromMsAgo - toMsAgo) * (i + 0.5)) / n),
    }));

  it(`lists a post once its last hour reaches ${ENGAGEMENT_SPIKE_MIN_PER_HOUR} and ${ENGAGEMENT_SPIKE_FACTOR}× its usual hourly rate, and only for admins`, async () => {
    const { db } = app.dbHandle;
    const admin = await createBusiness(db, { username: ADMIN, emailVerifiedAt: new Date() });
    const shop = await createBusiness(db, { businessName: 'Spike Sweets' });
    const [burst, steady, small, viewed] = [
      await createPost(db, shop, { content: 'Burst of likes' }),
      await createPost(db, shop, { content: 'Popular all day' }),
      await createPost(db, shop, { content: 'A few likes' }),
      await createPost(db, shop, { content: 'Burst of views and shares' }),
    ];
    const last = ENGAGEMENT_SPIKE_MIN_PER_HOUR + 10;
    // Likes out of nowhere: flagged.
    await db.insert(postLikes).values(spread(last, HOUR, 0).map((r) => ({ postId: burst!.id, ...r })));
    // As many in the last hour, but the post had 10 an hour all day before: only 6× its rate, not flagged.
    await db
      .insert(postLikes)
      .values([
        ...spread(240, 25 * HOUR, HOUR).map((r) => ({ postId: steady!.id, ...r })),
        ...spread(last, HOUR, 0).map((r) => ({ postId: steady!.id, ...r })),
      ]);
    // Sudden but small: below the minimum, not flagged.
    await db
      .insert(postLikes)
      .values(spread(ENGAGEMENT_SPIKE_MIN_PER_HOUR - 1, HOUR, 0).map((r) => ({ postId: small!.id, ...r })));
    const today = viewDay();
    await db.insert(postViews).values(spread(last + 20, HOUR, 0).map((r) => ({ postId: viewed!.id, day: today, ...r })));
    await db
      .insert(postShares)
      .values(spread(last - 5, HOUR, 0).map((r) => ({ postId: viewed!.id, name: 'post_share', day: today, ...r })));
    // Old rows (more than 25 hours ago) do not count at all.
    await db.insert(postLikes).values(spread(500, 72 * HOUR, 48 * HOUR).map((r) => ({ postId: small!.id, ...r })));

    const res = await app.inject({ method: 'GET', url: '/api/admin/engagement-spikes', headers: await authHeader(app, admin) });
    expect(res.statusCode).toBe(200);
    const spikes = res.json<EngagementSpike[]>();
    expect(spikes.map((s) => [s.content, s.kind, s.lastHour])).toEqual([
      ['Burst of views and shares', 'views', last + 20],
      ['Burst of likes', 'likes', last],
      ['Burst of views and shares', 'shares', last - 5],
    ]);
    expect(spikes[1]).toEqual({
      postId: burst!.id,
      businessId: shop.id,
      businessName: 'Spike Sweets',
      content: 'Burst of likes',
      kind: 'likes',
      lastHour: last,
      hourlyAverage: 0,
    });

    const business = await app.inject({
      method: 'GET',
      url: '/api/admin/engagement-spikes',
      headers: await authHeader(app, shop),
    });
    expect(business.statusCode).toBe(403);
  });
});
