import { SIGNED_VISITOR_ID_PATTERN, VISITOR_COOKIE, VISITOR_COOKIE_MAX_AGE_S } from '@aaspaas/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postLikes } from '#src/db/schema';
import { buildTestApp, createBusiness, createPost, type TestApp } from '#test/helper';

const RATION = 3;
const ALLOWANCE = 2;

describe('POST /api/visitor: server-issued visitor ids (ADR 048)', () => {
  let app: TestApp;
  let postId: string;
  beforeAll(async () => {
    app = await buildTestApp({
      VISITOR_IDS_PER_IP_PER_HOUR: String(RATION),
      NEW_VISITOR_COUNTS_PER_IP_PER_HOUR: String(ALLOWANCE),
      RATE_LIMIT_ENGAGEMENT_PER_MIN: '1000',
    });
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

  it(`gives every browser an id: past ${RATION} new ones an hour on one address they are new visitors' ids`, async () => {
    const ip = '10.41.0.1';
    const ids: string[] = [];
    for (let i = 0; i < RATION + 3; i++) {
      const res = await issue(ip);
      expect(res.statusCode).toBe(200);
      expect(res.json().visitorId).toMatch(SIGNED_VISITOR_ID_PATTERN);
      expect(res.cookies.find((c) => c.name === VISITOR_COOKIE)?.value).toBe(res.json().visitorId);
      ids.push(res.json().visitorId);
    }
    expect(new Set(ids).size).toBe(RATION + 3);
    const kinds = ids.map((id) => app.visitorIdsService.visitorOf(id)?.isNew);
    expect(kinds).toEqual([false, false, false, true, true, true]);
    // Everyone keeps the id they have; another address gets full ones again.
    expect((await issue(ip, { 'x-visitor-id': ids[0] ?? '' })).json()).toEqual({ visitorId: ids[0] });
    expect((await issue(ip, { 'x-visitor-id': ids[4] ?? '' })).json()).toEqual({ visitorId: ids[4] });
    expect(app.visitorIdsService.visitorOf((await issue('10.41.0.2')).json().visitorId)?.isNew).toBe(false);
    // A new visitor's id cannot be passed off as a full one: the tag covers which it is.
    const uuid = (ids[4] ?? '').split('.')[0] ?? '';
    expect(app.visitorIdsService.visitorOf(`${uuid}.${(ids[0] ?? '').split('.')[1]}`)).toBeUndefined();
  });

  it(`counts new visitors' likes of a post up to ${ALLOWANCE} per address an hour, holds the rest, and counts them once confirmed`, async () => {
    const ip = '10.42.0.1';
    const post = (await createPost(app.dbHandle.db, await createBusiness(app.dbHandle.db))).id;
    const like = (id: string, method: 'POST' | 'DELETE' = 'POST') =>
      app.inject({ method, url: `/api/posts/${post}/like`, headers: { 'x-visitor-id': id }, remoteAddress: ip });
    const likes = async () =>
      (await app.inject({ method: 'GET', url: `/api/posts/${post}` })).json<{ likesCount: number }>().likesCount;

    const ids: string[] = [];
    for (let i = 0; i < RATION + ALLOWANCE + 20; i++) ids.push((await issue(ip)).json().visitorId);
    for (const id of ids) {
      const res = await like(id);
      expect(res.statusCode).toBe(200);
      // The visitor's like is theirs either way; the count says what counts.
      expect(res.json()).toMatchObject({ success: true, liked: true });
    }
    // Ids minted in bulk on one address add the ration plus the allowance, not one each.
    expect(await likes()).toBe(RATION + ALLOWANCE);
    const rows = await app.db.select().from(postLikes).where(eq(postLikes.postId, post));
    expect(rows).toHaveLength(ids.length);
    expect(rows.filter((r) => !r.counted)).toHaveLength(20);

    // Taking back a held like moves no count.
    const held = ids.at(-1) ?? '';
    expect((await like(held, 'DELETE')).json()).toMatchObject({ liked: false, likesCount: RATION + ALLOWANCE });

    // A day later, a held visitor comes back on an address whose ration is not spent: the id is
    // confirmed (the same UUID, a full tag) and its held like counts.
    const uuid = (ids.at(-2) ?? '').split('.')[0] ?? '';
    const old = dayOldUuid(uuid);
    const dayOld = app.visitorIdsService.sign(old, true);
    await app.db.execute(sql`UPDATE post_likes SET visitor_id = ${old} WHERE visitor_id = ${uuid}`);
    const back = await issue('10.42.9.9', { 'x-visitor-id': dayOld });
    const confirmed = back.json<{ visitorId: string }>().visitorId;
    expect(confirmed).not.toBe(dayOld);
    expect(app.visitorIdsService.visitorOf(confirmed)).toMatchObject({ id: old, isNew: false });
    expect(await likes()).toBe(RATION + ALLOWANCE + 1);
    // A new visitor's id younger than a day stays as it is.
    expect((await issue('10.42.9.9', { 'x-visitor-id': ids.at(-3) ?? '' })).json()).toEqual({ visitorId: ids.at(-3) });
  });

  it('counts the likes of ids the address got within its ration, each stored by its UUID', async () => {
    const ip = '10.43.0.1';
    const ids: string[] = [];
    for (let i = 0; i < RATION; i++) ids.push((await issue(ip)).json().visitorId);
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
    expect(rows.every((r) => r.counted)).toBe(true);
  });
});

/** The same random part, with a time two days ago in the UUID's first 48 bits (a version 7 UUID). */
function dayOldUuid(uuid: string): string {
  const hex = (Date.now() - 2 * 24 * 3600 * 1000).toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}${uuid.slice(13)}`;
}
