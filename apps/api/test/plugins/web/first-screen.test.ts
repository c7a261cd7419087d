import zlib from 'node:zlib';
import { FIRST_FEED_PAGE_ELEMENT_ID, type Post } from '@aaspaas/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_A, authHeader, buildTestApp, createBusiness, createPost, signedVisitor, type TestApp } from '../../helper';
import { buildWebWithFirstScreen } from '../../web-build';

const INDEX =
  '<!doctype html><html><head><meta charset="utf-8"><title>Aaspaas</title><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>';
const CACHE_MS = 1500;
const ADMIN = 'first-screen.admin@aaspaas.in';

/** The posts of the feed's first-page data block. */
function pageIn(html: string): Post[] {
  const json = new RegExp(`<script type="application/json" id="${FIRST_FEED_PAGE_ELEMENT_ID}">(.*?)</script>`, 's').exec(
    html,
  )?.[1];
  return (JSON.parse(json ?? 'null') as { posts: Post[] }).posts;
}
/** What the HTML's #root holds. */
function rootOf(html: string): string {
  return /<div id="root">([\s\S]*)<\/div><\/body>/.exec(html)?.[1] ?? '';
}
const cardIds = (markup: string) => [...markup.matchAll(/data-testid="post-card" data-post-id="([^"]+)"/g)].map((m) => m[1]);

describe("the feed's HTML carries its first screen (ADR 009)", () => {
  let app: TestApp;
  let postId: string;
  let web: ReturnType<typeof buildWebWithFirstScreen>;

  beforeAll(async () => {
    web = buildWebWithFirstScreen(INDEX);
    app = await buildTestApp({
      WEB_DIST_DIR: web.webDir,
      PUBLIC_URL: 'https://aaspaas.example',
      FIRST_SCREEN_CACHE_MS: String(CACHE_MS),
      ADMIN_EMAILS: ADMIN,
    });
    const shop = await createBusiness(app.db, { businessName: 'Dollar $& Kirana', city: 'Jaipur' });
    for (const day of [4, 3, 2, 1]) {
      await createPost(app.db, shop, { content: `Offer of ${day} days ago`, createdAt: new Date(Date.now() - day * 86_400_000) });
    }
    postId = (
      await createPost(app.db, shop, {
        content: "Ghee at $' and $& off </div><script>alert(1)</script>",
        images: ['/media/seed/posts/dollar/ghee.webp'],
      })
    ).id;
  }, 120_000);
  afterAll(async () => {
    await app.close();
    web.remove();
  });

  it('draws the first cards of the page it carries, in its order, under the splash, and compresses it', async () => {
    const res = await app.inject({ method: 'GET', url: '/', remoteAddress: '127.0.0.1', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const html = zlib.brotliDecompressSync(res.rawPayload).toString('utf8');

    const posts = pageIn(html);
    expect(posts.length).toBeGreaterThan(3);
    const root = rootOf(html);
    expect(cardIds(root)).toEqual(posts.slice(0, 3).map((p) => p.id));
    expect(root).toContain('Loading your local business feed...');
    expect(root).toContain('Show business posts from my area');
    // Its photo is asked for from the head, before the app's first script.
    const preloadAt = html.indexOf('<link rel="preload" as="image" href="/media/seed/posts/dollar/ghee-');
    expect(preloadAt).toBeGreaterThan(0);
    expect(preloadAt).toBeLessThan(html.indexOf('<script type="module"'));
    // The newest post is first: its text and its business's name as text, nothing of theirs as markup.
    expect(cardIds(root)[0]).toBe(postId);
    expect(root).toContain('Dollar $&amp; Kirana');
    expect(root).toContain('Ghee at $&#x27; and $&amp; off &lt;/div&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>alert(1)');
    // The head is whole: the `$'` and `$&` of a post were not read as replacement patterns.
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html.match(/<div id="root">/g)).toHaveLength(1);
  });

  it("sends a place's first visits the same page, encoded once for each encoding they accept", async () => {
    const visit = (acceptEncoding?: string) =>
      app.inject({
        method: 'GET',
        url: '/',
        remoteAddress: '127.0.0.1',
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });
    const plain = await visit();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const [br1, br2, gzip, star] = [
      await visit('gzip, deflate, br'),
      await visit('br;q=1, gzip;q=0.5'),
      await visit('gzip'),
      await visit('*'),
    ];
    expect([br1, br2, gzip, star].map((r) => r.headers['content-encoding'])).toEqual(['br', 'br', 'gzip', 'gzip']);
    expect(br1.headers.vary).toContain('accept-encoding');
    expect(br1.headers['set-cookie']).toBeDefined();
    expect(br2.rawPayload.equals(br1.rawPayload)).toBe(true);
    for (const html of [
      zlib.brotliDecompressSync(br1.rawPayload).toString('utf8'),
      zlib.gunzipSync(gzip.rawPayload).toString('utf8'),
      zlib.gunzipSync(star.rawPayload).toString('utf8'),
    ]) {
      expect(html).toBe(plain.body);
    }
    expect(cardIds(rootOf(plain.body))[0]).toBe(postId);
  });

  it('a shared post link, and every other page, get an empty #root: the app draws them', async () => {
    const linked = await app.inject({ method: 'GET', url: `/?post=${postId}` });
    expect(pageIn(linked.body).length).toBeGreaterThan(0);
    expect(linked.body).toContain('<div id="root"></div>');
    for (const url of ['/about-us', `/business/00000000-0000-4000-8000-000000000000`, '/no/such/page']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root"></div>');
    }
  });

  it("puts the verified badge on a verified business's cards, at once after the admin's mark, and on no other card", async () => {
    const firstVisit = async () => rootOf((await app.inject({ method: 'GET', url: '/', remoteAddress: '127.0.0.1' })).body);
    /** Each card of the markup: its post id and whether it carries the badge. */
    const badges = (markup: string) =>
      [...markup.matchAll(/<article[\s\S]*?<\/article>/g)].map((m) => [
        /data-post-id="([^"]+)"/.exec(m[0])?.[1],
        m[0].includes('aria-label="Verified business"'),
      ]);
    const shop = await createBusiness(app.db, { businessName: 'Verified Chemist', city: 'Jaipur' });
    const verifiedPost = (await createPost(app.db, shop, { content: 'Masks and sanitiser in stock' })).id;
    // After the earlier tests' first screens have expired, this one is read and kept for CACHE_MS.
    await new Promise((resolve) => setTimeout(resolve, CACHE_MS + 100));
    expect(badges(await firstVisit())[0]).toEqual([verifiedPost, false]);

    const adminRow = await createBusiness(app.db, { username: ADMIN, emailVerifiedAt: new Date() });
    const res = await app.inject({
      method: 'PUT',
      url: `/api/admin/business-cards/${shop.id}`,
      headers: await authHeader(app, adminRow),
      payload: { verified: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    // Within the first-screen cache's time: the admin's change emptied it.
    const after = badges(await firstVisit());
    expect(after[0]).toEqual([verifiedPost, true]);
    expect(after.slice(1).length).toBeGreaterThan(0);
    expect(after.slice(1).every(([, badge]) => badge === false)).toBe(true);
  });

  // Last: it adds a post.
  it("shares a place's first page and first screen among first visits for a few seconds; a visitor's own is fresh", async () => {
    const firstVisit = () => app.inject({ method: 'GET', url: '/', remoteAddress: '127.0.0.1' });
    const before = (await firstVisit()).body;
    const shop = await createBusiness(app.db, { businessName: 'Fresh Kirana', city: 'Jaipur' });
    const fresh = (await createPost(app.db, shop, { content: 'Just posted: fresh paneer' })).id;
    // Within the cache's time a first visit gets the same page and markup: no read, no render.
    const cached = (await firstVisit()).body;
    expect(pageIn(cached).map((p) => p.id)).not.toContain(fresh);
    expect(rootOf(cached)).toBe(rootOf(before));
    // A visitor with an id gets their own page (their likes), read now.
    const own = await app.inject({
      method: 'GET',
      url: '/',
      remoteAddress: '127.0.0.1',
      headers: { 'x-visitor-id': signedVisitor(app, VISITOR_A) },
    });
    expect(pageIn(own.body)[0]?.id).toBe(fresh);
    expect(cardIds(rootOf(own.body))[0]).toBe(fresh);
    await new Promise((resolve) => setTimeout(resolve, CACHE_MS + 100));
    const later = (await firstVisit()).body;
    expect(pageIn(later)[0]?.id).toBe(fresh);
    expect(cardIds(rootOf(later))[0]).toBe(fresh);
  });
});
