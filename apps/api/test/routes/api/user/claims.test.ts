import { type Claim, type ClaimTotals, COUNTER_MESSAGES, type Post, VISITOR_HEADER } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, createBusiness, createPost, signedVisitor, type TestApp } from '#test/helper';

/** Claims of offers and their redemption at the counter (docs/product.md §3, Claims), and live stock. */
describe('claims, redemption and live stock', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  async function shopWithOffer(upiId: string | null = 'kumar.store@okaxis') {
    const shop = await createBusiness(app.dbHandle.db, { businessName: 'Kumar Store', upiId });
    const offer = await createPost(app.dbHandle.db, shop, {
      content: 'Diwali combo: sweets and dry fruits',
      mrpPaise: 49_900,
      ourPricePaise: 39_900,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    return { shop, offer, headers: await authHeader(app, shop) };
  }
  const claim = (postId: string, visitor = signedVisitor(app)) =>
    app.inject({ method: 'POST', url: '/api/claims', headers: { [VISITOR_HEADER]: visitor }, payload: { postId } });

  it('gives a short code and a upi://pay link with the amount; the business redeems it once and counts ₹', async () => {
    const { offer, headers } = await shopWithOffer();
    const res = await claim(offer.id);
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json<Claim>();
    expect(made).toMatchObject({ postId: offer.id, amountPaise: 39_900, status: 'open', businessName: 'Kumar Store' });
    expect(made.code).toMatch(/^[2-9A-HJKMNP-Z]{4}$/);
    expect(made.payLink).toBe(
      `upi://pay?pa=kumar.store@okaxis&pn=Kumar%20Store&am=399.00&cu=INR&tn=${encodeURIComponent(made.title)}&tr=AASPAAS-${made.code}-${offer.id.slice(0, 8)}`,
    );
    const list = (await app.inject({ url: '/api/user/claims', headers })).json<Claim[]>();
    expect(list.map((c) => c.id)).toEqual([made.id]);
    const redeemed = await app.inject({ method: 'POST', url: `/api/user/claims/${made.id}/redeem`, headers, payload: {} });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(redeemed.json<Claim>()).toMatchObject({ status: 'redeemed', receivedPaise: 39_900 });
    const twice = await app.inject({ method: 'POST', url: `/api/user/claims/${made.id}/redeem`, headers, payload: {} });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: COUNTER_MESSAGES.alreadyRedeemed });
    // By code, with the amount the shop noted.
    const second = (await claim(offer.id)).json<Claim>();
    const byCode = await app.inject({
      method: 'POST',
      url: '/api/user/claims/redeem',
      headers,
      payload: { code: second.code.toLowerCase(), receivedPaise: 35_000 },
    });
    expect(byCode.statusCode, byCode.body).toBe(200);
    expect(byCode.json<Claim>()).toMatchObject({ id: second.id, receivedPaise: 35_000 });
    const totals = await app.inject({ url: `/api/user/claims/totals?postId=${offer.id}`, headers });
    expect(totals.json<ClaimTotals>()).toEqual({ claims: 2, redeemed: 2, receivedPaise: 74_900 });
  });

  it("answers 404 for another business's claim, as for a missing one", async () => {
    const { offer } = await shopWithOffer();
    const other = await shopWithOffer();
    const made = (await claim(offer.id)).json<Claim>();
    const res = await app.inject({
      method: 'POST',
      url: `/api/user/claims/${made.id}/redeem`,
      headers: other.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: COUNTER_MESSAGES.claimNotFound });
    const byCode = await app.inject({
      method: 'POST',
      url: '/api/user/claims/redeem',
      headers: other.headers,
      payload: { code: made.code },
    });
    expect(byCode.statusCode).toBe(404);
    expect((await app.inject({ url: '/api/user/claims', headers: other.headers })).json<Claim[]>()).toEqual([]);
  });

  it('refuses a claim on an ended offer (410) and the redemption of a claim whose offer ended since (410)', async () => {
    const { shop, offer, headers } = await shopWithOffer(null);
    const made = (await claim(offer.id)).json<Claim>();
    expect(made.payLink).toBeNull();
    const ended = await createPost(app.dbHandle.db, shop, {
      ourPricePaise: 10_000,
      mrpPaise: 12_000,
      expiresAt: new Date(Date.now() - 1000),
    });
    const late = await claim(ended.id);
    expect(late.statusCode).toBe(410);
    expect(late.json()).toEqual({ message: COUNTER_MESSAGES.offerExpired });
    await app.dbHandle.db.execute(sql`UPDATE posts SET expires_at = now() - interval '1 minute' WHERE id = ${offer.id}::uuid`);
    const res = await app.inject({ method: 'POST', url: `/api/user/claims/${made.id}/redeem`, headers, payload: {} });
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ message: COUNTER_MESSAGES.claimExpired });
  });

  it('refuses a post without a price (409) and a missing one (404), and limits claims per visitor (429)', async () => {
    const { shop, offer } = await shopWithOffer();
    const plain = await createPost(app.dbHandle.db, shop);
    expect((await claim(plain.id)).statusCode).toBe(409);
    expect((await claim('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const visitor = signedVisitor(app);
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await claim(offer.id, visitor)).statusCode);
    expect(codes).toEqual([201, 201, 201, 201, 201, 201, 429]);
    const limited = await claim(offer.id, visitor);
    expect(limited.json()).toEqual({ message: COUNTER_MESSAGES.tooManyClaims });
    expect((await claim(offer.id)).statusCode).toBe(201);
  });

  it('marks a post sold out until midnight India time; the feed shows it in place', async () => {
    const { shop, offer, headers } = await shopWithOffer();
    const newer = await createPost(app.dbHandle.db, shop, { content: 'Newer post', createdAt: new Date(Date.now() + 1000) });
    const res = await app.inject({
      method: 'PUT',
      url: `/api/user/posts/${offer.id}/stock`,
      headers,
      payload: { status: 'soldOut' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const midnight = new Date(Math.floor((Date.now() + 330 * 60_000) / 86_400_000 + 1) * 86_400_000 - 330 * 60_000);
    expect(res.json()).toEqual({ status: 'soldOut', until: midnight.toISOString() });
    // The business's page lists newest first, sold out or not.
    const mine = (await app.inject({ url: `/api/public/business/${shop.id}/posts` })).json<Post[]>();
    expect(mine.map((p) => p.id)).toEqual([newer.id, offer.id]);
    expect(mine[1]!.stock).toEqual({ status: 'soldOut', until: midnight.toISOString() });
    expect(mine[1]!.businessUpiId).toBe('kumar.store@okaxis');
    expect(mine[0]!.stock).toBeUndefined();
    const other = await shopWithOffer();
    const notMine = await app.inject({
      method: 'PUT',
      url: `/api/user/posts/${offer.id}/stock`,
      headers: other.headers,
      payload: { status: null },
    });
    expect(notMine.statusCode).toBe(404);
    const fresh = await app.inject({
      method: 'PUT',
      url: `/api/user/posts/${offer.id}/stock`,
      headers,
      payload: { status: 'freshAt' },
    });
    expect(fresh.statusCode).toBe(400);
    const cleared = await app.inject({
      method: 'PUT',
      url: `/api/user/posts/${offer.id}/stock`,
      headers,
      payload: { status: null },
    });
    expect(cleared.json()).toBeNull();
  });
});
