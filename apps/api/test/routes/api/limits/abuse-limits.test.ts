import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ANALYTICS_PROPS_MAX } from '@aaspaas/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, createBusiness, type TestApp, VISITOR_A } from '#test/helper';

const INDEX =
  '<!doctype html><html><head><meta charset="utf-8"><title>Aaspaas</title></head><body><div id="root"></div></body></html>';
const FEED_PER_MIN = 4;
const PAGES_PER_MIN = 3;
const POSTS_PER_MIN = 2;
const POSTS_PER_DAY = 3;

/** A fresh client address per use: with REDIS_URL the counters outlive a run. */
const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

describe('limits on cheap ways to hurt everyone', () => {
  let app: TestApp;
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aaspaas-web-'));
  beforeAll(async () => {
    fs.writeFileSync(path.join(webDir, 'index.html'), INDEX);
    app = await buildTestApp({
      WEB_DIST_DIR: webDir,
      RATE_LIMIT_FEED_PER_MIN: String(FEED_PER_MIN),
      RATE_LIMIT_PAGES_PER_MIN: String(PAGES_PER_MIN),
      RATE_LIMIT_POSTS_PER_MIN: String(POSTS_PER_MIN),
      RATE_LIMIT_POSTS_PER_DAY: String(POSTS_PER_DAY),
    });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('limits the feed per IP, and leaves other addresses alone', async () => {
    const ip = randomIp();
    const feed = (remoteAddress: string) => app.inject({ method: 'GET', url: '/api/feed?q=chai', remoteAddress });
    for (let i = 0; i < FEED_PER_MIN; i++) expect((await feed(ip)).statusCode).toBe(200);
    const blocked = await feed(ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: expect.stringMatching(/^Too many requests\. Please wait \d+ seconds/) });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await feed(randomIp())).statusCode).toBe(200);
  });

  it("limits the app's pages per IP", async () => {
    const ip = randomIp();
    const page = (remoteAddress: string) => app.inject({ method: 'GET', url: '/login', remoteAddress });
    for (let i = 0; i < PAGES_PER_MIN; i++) expect((await page(ip)).statusCode).toBe(200);
    expect((await page(ip)).statusCode).toBe(429);
    expect((await page(randomIp())).statusCode).toBe(200);
  });

  it('limits how many posts a business publishes per minute (reposts included), whatever its address', async () => {
    const shop = await createBusiness(app.db);
    const auth = await authHeader(app, shop);
    const publish = () =>
      app.inject({
        method: 'POST',
        url: '/api/user/posts',
        headers: auth,
        payload: { content: 'Fresh jalebi this evening', category: 'Grocery' },
        remoteAddress: randomIp(),
      });
    const first = await publish();
    expect(first.statusCode).toBe(201);
    const repost = await app.inject({
      method: 'POST',
      url: `/api/user/posts/${first.json<{ id: string }>().id}/repost`,
      headers: auth,
      payload: {},
    });
    expect(repost.statusCode).toBe(201);
    const blocked = await publish();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^You have published a lot of posts just now\. Please wait 1 minute/);
    // Another business is not affected.
    const other = await createBusiness(app.db);
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/posts',
      headers: await authHeader(app, other),
      payload: { content: 'Haircut offer', category: 'Grocery' },
    });
    expect(res.statusCode).toBe(201);
  });

  it('caps the number and size of an event’s props', async () => {
    const send = (props: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: '/api/events',
        headers: { 'x-visitor-id': VISITOR_A },
        payload: { events: [{ name: 'feed_engagement', props }] },
      });
    const within = Object.fromEntries(Array.from({ length: ANALYTICS_PROPS_MAX }, (_, i) => [`k${i}`, i]));
    expect((await send(within)).statusCode).toBe(200);
    const tooMany = await send({ ...within, one: 'more' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain(`at most ${ANALYTICS_PROPS_MAX} keys`);
    const longKey = await send({ ['k'.repeat(41)]: 1 });
    expect(longKey.statusCode).toBe(400);
    expect(longKey.json()).toEqual({ message: expect.any(String), field: 'events' });
    expect((await send({ k: 'x'.repeat(301) })).statusCode).toBe(400);
  });
});

describe('the daily post budget', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMIT_POSTS_PER_MIN: '100', RATE_LIMIT_POSTS_PER_DAY: String(POSTS_PER_DAY) });
  });
  afterAll(() => app.close());

  it('stops a business after its posts for the day, and says for how many hours', async () => {
    const shop = await createBusiness(app.db);
    const auth = await authHeader(app, shop);
    const publish = () =>
      app.inject({
        method: 'POST',
        url: '/api/user/posts',
        headers: auth,
        payload: { content: 'Daily special', category: 'Grocery' },
      });
    for (let i = 0; i < POSTS_PER_DAY; i++) expect((await publish()).statusCode).toBe(201);
    const blocked = await publish();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^You have published a lot of posts today\. Please wait 24 hours/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(23 * 3600);
  });
});
