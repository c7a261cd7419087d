import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createBusiness, createPost, type TestApp } from '../../helper';
import { buildWebWithFirstScreen } from '../../web-build';

const INDEX =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Aaspaas</title><meta name="description" content="x"><link rel="manifest" href="/manifest.webmanifest"><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>';
const FONT_CSS = 'assets/devanagari-abc123.css';

const page = (app: TestApp, headers: Record<string, string>, url = '/') =>
  app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1', headers });
const tag = (html: string, re: RegExp) => re.exec(html)?.[1];

/** Pages are drawn in the visitor's language: the device's cookie first, then Accept-Language, else English. */
describe('the language of the server-drawn pages', () => {
  let app: TestApp;
  let web: ReturnType<typeof buildWebWithFirstScreen>;
  let businessId: string;

  beforeAll(async () => {
    web = buildWebWithFirstScreen(INDEX);
    // Vite's manifest of the build names the Devanagari font's stylesheet by its hashed file.
    fs.mkdirSync(path.join(web.webDir, '.vite'));
    fs.writeFileSync(
      path.join(web.webDir, '.vite', 'manifest.json'),
      JSON.stringify({ 'src/styles/devanagari.css': { file: FONT_CSS, src: 'src/styles/devanagari.css' } }),
    );
    // The cache of first screens is on: a Hindi and an English first visit from one place must not share one.
    app = await buildTestApp({ WEB_DIST_DIR: web.webDir, PUBLIC_URL: 'https://aaspaas.example', FIRST_SCREEN_CACHE_MS: '60000' });
    const shop = await createBusiness(app.db, { businessName: 'Sharma Kirana', city: 'Lucknow', businessDetails: null });
    businessId = shop.id;
    await createPost(app.db, shop, { content: 'ताज़ी मिठाई, दिवाली स्पेशल' });
  }, 120_000);
  afterAll(async () => {
    await app.close();
    web.remove();
  });

  it('draws a Hindi browser’s feed in Hindi: lang, tags, manifest, font and first screen', async () => {
    const res = await page(app, { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toMatch(/Accept-Language/);
    const html = res.body;
    expect(html).toContain('<html lang="hi"');
    expect(tag(html, /<title>([^<]*)<\/title>/)).toBe('Aaspaas – आसपास की दुकानों की पोस्ट');
    expect(tag(html, /<meta property="og:description" content="([^"]*)"/)).toBe(
      'आसपास की दुकानों, सैलून, ट्यूटर और क्लिनिक के ऑफ़र, नया माल और खबरें।',
    );
    expect(html).toContain('<link rel="manifest" href="/manifest-hi.webmanifest">');
    expect(html).toContain(`<link rel="stylesheet" href="/${FONT_CSS}">`);
    const root = tag(html, /<div id="root">([\s\S]*)<\/div><\/body>/) ?? '';
    expect(root).toContain('आपके आसपास की दुकानों की फ़ीड लोड हो रही है...');
    expect(root, "the post's text as its author wrote it").toContain('ताज़ी मिठाई, दिवाली स्पेशल');
    expect(root).not.toContain('Loading your local business feed');
  });

  it('draws an English browser’s feed as before, even right after a Hindi visit from the same place', async () => {
    const html = (await page(app, { 'accept-language': 'en-IN,en;q=0.9' })).body;
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(html).not.toContain('devanagari');
    expect(html).toContain('Loading your local business feed...');
    expect(tag(html, /<title>([^<]*)<\/title>/)).toBe('Aaspaas – local business posts near you');
  });

  it('follows the device’s choice over the browser’s languages, both ways', async () => {
    const english = (await page(app, { 'accept-language': 'hi', cookie: 'aaspaas_lang=en' })).body;
    expect(english).toContain('<html lang="en"');
    const hindi = (await page(app, { 'accept-language': 'en-US', cookie: 'aaspaas_lang=hi' })).body;
    expect(hindi).toContain('<html lang="hi"');
    const unknown = (await page(app, { 'accept-language': 'fr', cookie: 'aaspaas_lang=xx' })).body;
    expect(unknown, 'an unknown choice or language falls back to English').toContain('<html lang="en"');
  });

  it('writes a business page’s link preview in Hindi, its name as written', async () => {
    const html = (await page(app, { 'accept-language': 'hi' }, `/business/${businessId}`)).body;
    expect(html).toContain('<html lang="hi"');
    expect(tag(html, /<meta property="og:description" content="([^"]*)"/)).toBe('Sharma Kirana, Lucknow के ऑफ़र और पोस्ट देखें।');
  });
});
