import fs from 'node:fs';
import path from 'node:path';
import {
  AUTH_MESSAGES,
  type OwnPost,
  PUBLISHING_MESSAGES,
  TEMPLATE_MESSAGES,
  type Template,
  type TemplateCategory,
  type UploadResponse,
} from '@aaspaas/domain';
import { eq } from 'drizzle-orm';
import sharp, { type Region } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTemplates } from '#src/db/seed/seed-templates';
import { TEMPLATE_CATEGORY_HINDI } from '#src/content/hindi-names';
import { STARTER_TEMPLATE_CATEGORIES, STARTER_TEMPLATES } from '#src/content/starter-templates';
import { templates, uploads } from '#src/db/schema';
import { authHeader, buildTestApp, createBusiness, type TestApp } from '#test/helper';
import { storedFiles } from '../uploads/upload-kit';

/** Mean absolute difference of two same-sized images' pixels (0–255), over a region. */
async function difference(a: Buffer, b: Buffer, region: Region): Promise<number> {
  const [x, y] = await Promise.all([a, b].map((img) => sharp(img).extract(region).removeAlpha().raw().toBuffer()));
  let sum = 0;
  for (let i = 0; i < x!.length; i++) sum += Math.abs(x![i]! - y![i]!);
  return sum / x!.length;
}

describe('templates', () => {
  let app: TestApp;
  let auth: { authorization: string };
  let shopId: string;

  beforeAll(async () => {
    app = await buildTestApp();
    // An existing database (a business already there) that has no templates yet.
    const shop = await createBusiness(app.dbHandle.db, {
      businessName: 'Patel Sweets',
      businessPhone: '9820012345',
      city: 'Pune',
      businessCategories: ['Sweets'],
    });
    shopId = shop.id;
    auth = await authHeader(app, shop);
  });
  afterAll(() => app.close());

  it('seeds the starter set once, with backgrounds and their variants on disk', async () => {
    const first = await seedTemplates(app.db, app.mediaStorageService);
    expect(first).toEqual({
      categories: STARTER_TEMPLATE_CATEGORIES.length,
      templates: STARTER_TEMPLATES.length,
      imagesRendered: STARTER_TEMPLATES.length,
    });
    const again = await seedTemplates(app.db, app.mediaStorageService);
    expect(again).toEqual({ categories: 0, templates: 0, imagesRendered: 0 });

    const rows = await app.db.select().from(templates);
    for (const row of rows) {
      const files = storedFiles(app.config.mediaDir, row.backgroundUrl);
      const meta = await sharp(files.original).metadata();
      expect([meta.format, meta.width, meta.height], row.title).toEqual(['webp', 1080, 1080]);
      expect((await sharp(files.w480).metadata()).width).toBe(480);
      expect(fs.existsSync(files.w1080)).toBe(true);
      const served = await app.inject({ method: 'GET', url: row.backgroundUrl });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
    }
  });

  it('needs a signed-in business', async () => {
    for (const [method, url] of [
      ['GET', '/api/templates'],
      ['GET', '/api/template-categories'],
      ['POST', '/api/templates/00000000-0000-4000-8000-000000000000/render'],
    ] as const) {
      const res = await app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.authFailed });
    }
  });

  it('lists the categories and the templates by category', async () => {
    const categories = await app.inject({ method: 'GET', url: '/api/template-categories', headers: auth });
    // Platform content in both languages: each starter category and template has its Hindi name.
    expect(categories.json<TemplateCategory[]>()).toEqual(
      STARTER_TEMPLATE_CATEGORIES.map((name) => ({ name, nameHi: TEMPLATE_CATEGORY_HINDI[name] })),
    );
    expect(categories.json<TemplateCategory[]>().every((c) => /[\u0900-\u097F]/.test(c.nameHi ?? ''))).toBe(true);

    const all = (await app.inject({ method: 'GET', url: '/api/templates', headers: auth })).json<Template[]>();
    expect(all).toHaveLength(STARTER_TEMPLATES.length);
    // Grouped in the categories' order.
    const order = all.map((t) => STARTER_TEMPLATE_CATEGORIES.indexOf(t.category as never));
    expect(order).toEqual([...order].sort((a, b) => a - b));

    const festivals = await app.inject({ method: 'GET', url: '/api/templates?category=festival%20offers', headers: auth });
    const titles = festivals.json<Template[]>().map((t) => t.title);
    for (const festival of ['Diwali', 'Holi', 'Eid', 'Christmas', 'Pongal', 'Onam'])
      expect(
        titles.some((t) => t.includes(festival)),
        festival,
      ).toBe(true);
    expect(festivals.json<Template[]>().every((t) => t.category === 'Festival Offers' && t.kind === 'offer')).toBe(true);
    const diwali = festivals.json<Template[]>().find((t) => t.title.includes('Diwali'))!;
    expect(diwali).toMatchObject({ titleHi: 'दिवाली धमाका ऑफ़र', categoryHi: 'त्योहार के ऑफ़र' });
    expect(diwali.text).toContain('{discount}');
    expect(diwali.defaultHashtags).toContain('diwali');

    const opening = await app.inject({ method: 'GET', url: '/api/templates?category=Grand%20Opening', headers: auth });
    expect(opening.json<Template[]>().map((t) => t.title)).toEqual(['Grand Opening']);
    const none = await app.inject({ method: 'GET', url: '/api/templates?category=Nothing', headers: auth });
    expect(none.json()).toEqual([]);
  });

  it('renders the post picture with the business’s details, as an upload of the caller', async () => {
    const list = (await app.inject({ method: 'GET', url: '/api/templates', headers: auth })).json<Template[]>();
    const diwali = list.find((t) => t.title.includes('Diwali'))!;
    const until = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const render = (payload: object, headers = auth) =>
      app.inject({ method: 'POST', url: `/api/templates/${diwali.id}/render`, headers, payload });

    const res = await render({ offer: 'Kaju katli gift boxes', mrpPaise: 120000, ourPricePaise: 99900, validUntil: until });
    expect(res.statusCode).toBe(201);
    const image = res.json<UploadResponse>();
    expect(image).toMatchObject({ width: 1080, height: 1080 });
    expect(image.url).toMatch(new RegExp(`^/media/uploads/${shopId}/[0-9a-f-]{36}\\.jpg$`));
    const [row] = await app.db.select().from(uploads).where(eq(uploads.url, image.url));
    expect(row?.userId).toBe(shopId);
    const files = storedFiles(app.config.mediaDir, image.url);
    expect((await sharp(files.w480).metadata()).width).toBe(480);
    expect((await sharp(files.w1080).metadata()).format).toBe('webp');

    // The text is drawn in the template's text area, and nowhere else.
    const rendered = fs.readFileSync(files.original);
    const background = fs.readFileSync(path.join(app.config.mediaDir, diwali.backgroundUrl.replace(/^\/media\//, '')));
    const area = diwali.textArea;
    const textRegion = {
      left: Math.round(area.x * 1080),
      top: Math.round(area.y * 1080),
      width: Math.round(area.width * 1080),
      height: Math.round(area.height * 1080),
    };
    expect(await difference(rendered, background, textRegion)).toBeGreaterThan(5);
    expect(await difference(rendered, background, { left: 0, top: 0, width: 1080, height: 150 })).toBeLessThan(3);

    // Other words give another picture.
    const plain = await render({});
    expect(plain.statusCode).toBe(201);
    const plainBytes = fs.readFileSync(storedFiles(app.config.mediaDir, plain.json<UploadResponse>().url).original);
    expect(await difference(rendered, plainBytes, textRegion)).toBeGreaterThan(2);

    // The picture is the caller's to post; another business cannot use it.
    const post = await app.inject({
      method: 'POST',
      url: '/api/user/posts',
      headers: auth,
      payload: { content: 'Diwali offer', category: 'Sweets', images: [image.url], mrpPaise: 120000, ourPricePaise: 99900 },
    });
    expect(post.statusCode).toBe(201);
    expect(post.json<OwnPost>().images).toEqual([image.url]);
    const other = await createBusiness(app.db, { businessCategories: ['Sweets'] });
    const stolen = await app.inject({
      method: 'POST',
      url: '/api/user/posts',
      headers: await authHeader(app, other),
      payload: { content: 'Diwali offer', category: 'Sweets', images: [image.url] },
    });
    expect(stolen.json()).toEqual({ message: PUBLISHING_MESSAGES.imageNotOurs });

    const badPrice = await render({ mrpPaise: 1000, ourPricePaise: 2000 });
    expect(badPrice.statusCode).toBe(400);
    expect(badPrice.json()).toEqual({ message: PUBLISHING_MESSAGES.priceAboveMrp, field: 'ourPricePaise' });
  });

  it('answers 404 for an unknown template, and keeps removed templates removed', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await app.inject({ method: 'POST', url: `/api/templates/${id}/render`, headers: auth, payload: {} });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: TEMPLATE_MESSAGES.notFound });
    }
    const [first] = await app.db.select().from(templates).limit(1);
    await app.db.delete(templates).where(eq(templates.id, first!.id));
    await seedTemplates(app.db, app.mediaStorageService);
    expect(await app.db.select().from(templates)).toHaveLength(STARTER_TEMPLATES.length - 1);
  });
});
