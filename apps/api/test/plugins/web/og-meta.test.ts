import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIRST_FEED_PAGE_ELEMENT_ID, IP_GUESS_ELEMENT_ID, LocateResponseSchema, NEXT_CURSOR_HEADER } from '@aaspaas/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createBusiness, createPost, type TestApp } from '../../helper';

const INDEX =
  '<!doctype html><html><head><meta charset="utf-8"><title>Aaspaas</title></head><body><div id="root"></div></body></html>';

describe('shared links preview with Open Graph tags', () => {
  let app: TestApp;
  let postId: string;
  let shopId: string;
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aaspaas-web-'));

  beforeAll(async () => {
    fs.writeFileSync(path.join(webDir, 'index.html'), INDEX);
    // Each test reads the HTML right after adding posts: no first screen kept between them.
    app = await buildTestApp({ WEB_DIST_DIR: webDir, PUBLIC_URL: 'https://aaspaas.example', FIRST_SCREEN_CACHE_MS: '0' });
    const shop = await createBusiness(app.db, {
      businessName: 'Chai & "Snacks" Corner',
      city: 'Jaipur',
      businessDetails: 'Masala chai and kachori',
    });
    shopId = shop.id;
    postId = (
      await createPost(app.db, shop, {
        content: 'Kachori combo at just ₹40 today',
        images: ['/media/seed/kachori.webp'],
        ourPricePaise: 4000,
      })
    ).id;
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('a post link carries the title, description, image and canonical URL', async () => {
    const res = await app.inject({ method: 'GET', url: `/?post=${postId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('<title>Chai &amp; &quot;Snacks&quot; Corner in Jaipur – ₹40 | Aaspaas</title>');
    expect(html).toContain('<meta property="og:description" content="Kachori combo at just ₹40 today">');
    expect(html).toContain('<meta property="og:image" content="https://aaspaas.example/media/seed/kachori-1080.webp">');
    expect(html).toContain(`<link rel="canonical" href="https://aaspaas.example/?post=${postId}">`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('a business link previews the business', async () => {
    const html = (await app.inject({ method: 'GET', url: `/business/${shopId}` })).body;
    expect(html).toContain('<meta property="og:title" content="Chai &amp; &quot;Snacks&quot; Corner in Jaipur | Aaspaas">');
    expect(html).toContain('<meta property="og:description" content="Masala chai and kachori">');
    expect(html).toContain('<meta property="og:image" content="https://aaspaas.example/media/seed/kachori-1080.webp">');
  });

  it('other pages and unknown ids get the app with default tags; API paths stay JSON 404s', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/?post=00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('<meta property="og:title" content="Aaspaas – local business posts near you">');
    const page = await app.inject({ method: 'GET', url: '/some/unknown/page' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    const api = await app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not found: GET /api/unknown' });
  });

  it("gives the feed's HTML the visitor's IP guess, for that visitor only; other pages none", async () => {
    const guessIn = (html: string) => {
      const json = new RegExp(`<script type="application/json" id="${IP_GUESS_ELEMENT_ID}">(.*?)</script>`).exec(html)?.[1];
      return json === undefined ? undefined : (JSON.parse(json) as unknown);
    };
    const hyderabad = await app.inject({ method: 'GET', url: '/', remoteAddress: '49.207.0.1' });
    expect(hyderabad.statusCode).toBe(200);
    expect(hyderabad.headers['cache-control']).toBe('private, no-cache');
    const guess = LocateResponseSchema.parse(guessIn(hyderabad.body));
    expect(guess).toMatchObject({ source: 'ip', city: 'Hyderabad' });
    expect(guess.lat).toBeCloseTo(17.38, 1);
    // A shared link to a post opens the feed too.
    const linked = await app.inject({ method: 'GET', url: `/?post=${postId}`, remoteAddress: '127.0.0.1' });
    expect(guessIn(linked.body)).toEqual({ lat: null, lon: null, source: 'unknown' });
    expect(linked.body.indexOf(IP_GUESS_ELEMENT_ID)).toBeLessThan(linked.body.indexOf('</head>'));

    const business = await app.inject({ method: 'GET', url: `/business/${shopId}`, remoteAddress: '49.207.0.1' });
    expect(guessIn(business.body)).toBeUndefined();
    expect(business.headers['cache-control']).toBe('no-cache');
  });

  it("gives the feed's HTML its first page for that guess, as GET /api/feed answers it", async () => {
    const blockIn = (html: string) => {
      const json = new RegExp(`<script type="application/json" id="${FIRST_FEED_PAGE_ELEMENT_ID}">(.*?)</script>`, 's').exec(
        html,
      )?.[1];
      return json === undefined ? undefined : (JSON.parse(json) as { point: unknown; nextCursor: unknown; posts: unknown });
    };
    // A post whose text would close the element if it were written as it is.
    const shop = await createBusiness(app.db, { businessName: 'Script Kirana', city: 'Jaipur' });
    const tricky = await createPost(app.db, shop, { content: 'Sale </script><script>alert(1)</script> today' });

    const html = (await app.inject({ method: 'GET', url: '/', remoteAddress: '127.0.0.1' })).body;
    expect(html).not.toContain('<script>alert(1)');
    const block = blockIn(html);
    const api = await app.inject({ method: 'GET', url: '/api/feed?limit=20' });
    expect(block).toEqual({ point: null, nextCursor: api.headers[NEXT_CURSOR_HEADER] ?? null, posts: api.json() });
    expect(JSON.stringify(block?.posts)).toContain(tricky.id);

    const hyderabad = blockIn((await app.inject({ method: 'GET', url: '/', remoteAddress: '49.207.0.1' })).body);
    const point = hyderabad?.point as { lat: number; lon: number };
    expect(point.lat).toBeCloseTo(17.38, 1);
    const near = await app.inject({ method: 'GET', url: `/api/feed?lat=${point.lat}&lon=${point.lon}&limit=10` });
    expect(hyderabad?.posts).toEqual(near.json());

    expect(blockIn((await app.inject({ method: 'GET', url: '/about-us' })).body)).toBeUndefined();
  });
});
