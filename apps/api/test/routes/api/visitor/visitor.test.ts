import { SIGNED_VISITOR_ID_PATTERN, VISITOR_COOKIE, VISITOR_COOKIE_MAX_AGE_S } from '@aaspaas/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postLikes } from '#src/db/schema';
import { buildTestApp, createBusiness, createPost, type TestApp } from '#test/helper';

const RATION = 3;

describe('POST /api/visitor: server-issued visitor ids', () => {
  let app: TestApp;
  let postId: string;
  beforeAll(async () => {
    app = await buildTestApp({ VISITOR_IDS_PER_IP_PER_HOUR: String(RATION) });
    postId = (await createPost(app.dbHandle.db, await createBusiness(app.dbHandle.db))).id;
  });
  afterAll(() => app.close());

  const issue = (remoteAddress: string, headers: Record<string, string> = {}, cookies: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/visitor', remoteAddress, headers, cookies });

  it('issues a signed id in a one-year cookie the page can read, and gives the same one back to its holder', async () => {
    const res = await issue('10.40.0.1');
    expect(res.statusCode).toBe(200);
    const { visitorId } = res.json<{ visitorId: string }>();
    expect(visitorId).toMatch(SIGNED_VISITOR_ID_PATTERN);
    const cookie = res.cookies.find((c) => c.name === VISITOR_COOKIE);
    expect(cookie).toMatchObject({ value: visitorId, path: '/', maxAge: VISITOR_COOKIE_MAX_AGE_S, sameSite: 'Lax' });
    expect(cookie?.httpOnly).toBeFalsy();

    expect((await issue('10.40.0.2', { 'x-visitor-id': visitorId })).json()).toEqual({ visitorId });
    expect((await issue('10.40.0.3', {}, { [VISITOR_COOKIE]: visitorId })).json()).toEqual({ visitorId });
    // An invented id gets a new, genuine one instead.
    const invented = await issue('10.40.0.4', { 'x-visitor-id': `${visitorId.split('.')[0]}.${'B'.repeat(22)}` });
    expect(invented.json().visitorId).not.toBe(visitorId);
    expect(invented.json().visitorId).toMatch(SIGNED_VISITOR_ID_PATTERN);
  });

  it(`rations new ids per address (${RATION} an hour here), never the ids already issued`, async () => {
    const ip = '10.41.0.1';
    const ids: string[] = [];
    for (let i = 0; i < RATION; i++) {
      const res = await issue(ip);
      expect(res.statusCode).toBe(200);
      ids.push(res.json().visitorId);
    }
    expect(new Set(ids).size).toBe(RATION);
    const spent = await issue(ip);
    expect(spent.statusCode).toBe(429);
    expect(spent.json()).toEqual({ message: 'Too many new visitors from this network just now. Please try again later.' });
    expect(spent.cookies.find((c) => c.name === VISITOR_COOKIE)).toBeUndefined();
    // Everyone who already has an id keeps it, and keeps counting; another address gets new ones.
    expect((await issue(ip, { 'x-visitor-id': ids[0] ?? '' })).json()).toEqual({ visitorId: ids[0] });
    expect((await issue('10.41.0.2')).statusCode).toBe(200);

    for (const id of ids) {
      const like = await app.inject({
        method: 'POST',
        url: `/api/posts/${postId}/like`,
        headers: { 'x-visitor-id': id },
        remoteAddress: ip,
      });
      expect(like.statusCode).toBe(200);
    }
    const rows = await app.db.select().from(postLikes).where(eq(postLikes.postId, postId));
    // Counted per issued id, stored as its UUID (the tag is not part of the identity).
    expect(rows.map((r) => r.visitorId).sort()).toEqual(ids.map((id) => id.split('.')[0]).sort());
  });
});
