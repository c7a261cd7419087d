import { randomUUID } from 'node:crypto';
import { type NextPostCost, type OwnPost } from '@aaspaas/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts, walletLedger } from '#src/db/schema';
import { authHeader, buildTestApp, createBusiness, type TestApp } from '#test/helper';

const ADMIN = 'post.prices@aaspaas.in';
const POST = { content: 'Fresh jalebi every evening', category: 'Grocery' };

describe('publishing past the month’s allowance', () => {
  let app: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    app = await buildTestApp({ ADMIN_EMAILS: ADMIN });
    admin = await authHeader(app, await createBusiness(app.dbHandle.db, { username: ADMIN, emailVerifiedAt: new Date() }));
    await setPostPricing(2, 1_500);
  });
  afterAll(() => app.close());

  async function setPostPricing(freePostsPerMonth: number, pricePerPostPaise: number) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/pricing/posts',
      headers: admin,
      payload: { freePostsPerMonth, pricePerPostPaise },
    });
    expect(res.statusCode).toBe(201);
  }
  async function shop() {
    const user = await createBusiness(app.dbHandle.db);
    return { user, headers: await authHeader(app, user) };
  }
  const publish = (headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/api/user/posts', headers, payload: POST });
  const nextCost = async (headers: Record<string, string>) =>
    (await app.inject({ url: '/api/pricing/next-post', headers })).json<NextPostCost>();
  const fees = (userId: string) =>
    app.dbHandle.db
      .select()
      .from(walletLedger)
      .where(and(eq(walletLedger.userId, userId), eq(walletLedger.kind, 'post_fee')));
  const balance = (userId: string) => app.ledgerRepository.balance(userId);

  it('publishes the free posts free, then charges each further post once, at the price in force when it is published', async () => {
    const { user, headers } = await shop();
    const first = await nextCost(headers);
    expect(first).toMatchObject({ pricePaise: 0, allowance: 2, left: 2, planName: null, balancePaise: 10_000 });
    expect((await publish(headers)).statusCode).toBe(201);
    expect(await nextCost(headers)).toMatchObject({ pricePaise: 0, allowance: 2, left: 1 });
    expect((await publish(headers)).statusCode).toBe(201);
    expect(await nextCost(headers)).toMatchObject({ pricePaise: 1_500, allowance: 2, left: 0 });

    const paid = await publish(headers);
    expect(paid.statusCode).toBe(201);
    expect(await balance(user.id)).toBe(8_500);
    const [fee] = await fees(user.id);
    expect(fee).toMatchObject({ amountPaise: -1_500, causeType: 'post', causeId: paid.json<OwnPost>().id });

    try {
      await setPostPricing(2, 2_000);
      expect((await publish(headers)).statusCode).toBe(201);
      expect((await fees(user.id)).map((f) => f.amountPaise).sort((a, b) => a - b)).toEqual([-2_000, -1_500]);
      expect(await balance(user.id)).toBe(6_500);
    } finally {
      await setPostPricing(2, 1_500);
    }
  });

  it('refuses a post the wallet cannot pay with 402 and the add-money message, writing no post and no charge', async () => {
    const { user, headers } = await shop();
    await app.ledgerRepository.debit(app.dbHandle.db, {
      userId: user.id,
      kind: 'admin_debit',
      amountPaise: 9_000,
      idempotencyKey: randomUUID(),
      note: 'test',
    });
    expect((await publish(headers)).statusCode).toBe(201);
    expect((await publish(headers)).statusCode).toBe(201);
    const refused = await publish(headers);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toEqual({ message: 'Not enough balance: add ₹5 to your wallet' });
    expect(await app.dbHandle.db.select().from(posts).where(eq(posts.userId, user.id))).toHaveLength(2);
    expect(await fees(user.id)).toHaveLength(0);
    expect(await balance(user.id)).toBe(1_000);
    // The refused post took no place in the month's count: the next post still costs the same.
    expect(await nextCost(headers)).toMatchObject({ pricePaise: 1_500, left: 0 });
  });

  it('charges each of many posts published at once exactly once, past the allowance only', async () => {
    const { user, headers } = await shop();
    const answers = await Promise.all(Array.from({ length: 6 }, () => publish(headers)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(201));
    expect(await fees(user.id)).toHaveLength(4);
    expect(await balance(user.id)).toBe(10_000 - 4 * 1_500);
  });

  it('counts a repost as a post, and a plan’s posts replace the free ones', async () => {
    const { user, headers } = await shop();
    const original = (await publish(headers)).json<OwnPost>();
    expect((await publish(headers)).statusCode).toBe(201);
    const repost = await app.inject({ method: 'POST', url: `/api/user/posts/${original.id}/repost`, headers, payload: {} });
    expect(repost.statusCode).toBe(201);
    expect(await fees(user.id)).toHaveLength(1);

    await app.ledgerRepository.credit(app.dbHandle.db, {
      userId: user.id,
      kind: 'admin_credit',
      amountPaise: 50_000,
      idempotencyKey: randomUUID(),
      note: 'test',
    });
    const bought = await app.inject({ method: 'POST', url: '/api/subscriptions', headers, payload: { planCode: 'dukaan' } });
    expect(bought.statusCode).toBe(201);
    expect(await nextCost(headers)).toMatchObject({ pricePaise: 0, allowance: 60, left: 57, planName: 'Dukaan' });
    expect((await publish(headers)).statusCode).toBe(201);
    expect(await fees(user.id)).toHaveLength(1);
  });
});
