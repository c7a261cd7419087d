import fs from 'node:fs';
import type { AdminCategory, AdminTemplate, Category, Template, UploadResponse } from '@aaspaas/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARTER_TEMPLATES } from '#src/content/starter-templates';
import { seedTemplates } from '#src/db/seed/seed-templates';
import { authHeader, buildTestApp, createBusiness, type TestApp } from '#test/helper';
import { photo, storedFiles, uploadRequest } from '../uploads/upload-kit';

const ADMIN = 'hindi.admin@aaspaas.in';
const DEVANAGARI = /[\u0900-\u097F]/;

/**
 * How wide the drawn text is on a plain background: the span of columns where some pixel differs
 * clearly from the background's colour (the text and its shadow).
 */
async function inkWidth(picture: Buffer): Promise<number> {
  const { data, info } = await sharp(picture).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const [r, g, b] = [data[0]!, data[1]!, data[2]!];
  let left = info.width;
  let right = -1;
  for (let y = 0; y < info.height; y++)
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * 3;
      if (Math.abs(data[i]! - r) + Math.abs(data[i + 1]! - g) + Math.abs(data[i + 2]! - b) > 120) {
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
    }
  return right - left + 1;
}

describe('templates and categories in Hindi', () => {
  let app: TestApp;
  let admin: { authorization: string };
  let shop: { authorization: string };

  beforeAll(async () => {
    app = await buildTestApp({ ADMIN_EMAILS: ADMIN });
    await seedTemplates(app.db, app.mediaStorageService);
    admin = await authHeader(app, await createBusiness(app.dbHandle.db, { username: ADMIN, emailVerifiedAt: new Date() }));
    shop = await authHeader(
      app,
      await createBusiness(app.dbHandle.db, { businessName: 'Patel Sweets', city: 'Pune', businessCategories: ['Sweets'] }),
    );
  });
  afterAll(() => app.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = admin) =>
    app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const offered = async () => (await call('GET', '/api/templates', undefined, shop)).json<Template[]>();

  it('gives every starter template its picture text and post text in Hindi, with the same placeholders', async () => {
    const list = await offered();
    expect(list).toHaveLength(STARTER_TEMPLATES.length);
    const placeholders = (s: string) => [...new Set(s.match(/\{\w+\}/g))].sort();
    for (const t of list) {
      expect(t.textHi, t.title).toMatch(DEVANAGARI);
      expect(t.defaultContentHi, t.title).toMatch(DEVANAGARI);
      expect(placeholders(t.textHi!), t.title).toEqual(placeholders(t.text));
      expect(placeholders(t.defaultContentHi!), t.title).toEqual(placeholders(t.defaultContent));
    }
    const diwali = list.find((t) => t.title === 'Diwali Dhamaka Offer')!;
    expect(diwali.textHi!.split('\n')[0]).toBe('# दिवाली धमाका');
    expect(diwali.defaultContentHi).toContain('{businessName} की ओर से दिवाली की शुभकामनाएँ!');
  });

  it('keeps what the admin writes in both languages; a blank Hindi text falls back to the English', async () => {
    const [category] = (await call('GET', '/api/admin/categories/template')).json<AdminCategory[]>();
    const seeded = (await offered())[0]!;
    const draft = {
      categoryId: category!.id,
      title: 'Navratri Offer',
      titleHi: 'नवरात्रि ऑफ़र',
      kind: 'offer',
      backgroundUrl: seeded.backgroundUrl,
      text: '# Happy Navratri\n{offer}',
      textHi: '# नवरात्रि की शुभकामनाएँ\n{offer}',
      textColor: '#ffffff',
      textArea: { x: 0.1, y: 0.1, width: 0.8, height: 0.6 },
      defaultContent: 'Navratri offer at {businessName}!',
      defaultContentHi: '{businessName} पर नवरात्रि ऑफ़र!',
      published: true,
    };
    const created = await call('POST', '/api/admin/templates', draft);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<AdminTemplate>().id;
    expect(created.json<AdminTemplate>()).toMatchObject({ textHi: draft.textHi, defaultContentHi: draft.defaultContentHi });
    expect((await offered()).find((t) => t.id === id)).toMatchObject({
      titleHi: 'नवरात्रि ऑफ़र',
      textHi: '# नवरात्रि की शुभकामनाएँ\n{offer}',
      defaultContentHi: '{businessName} पर नवरात्रि ऑफ़र!',
    });

    const edited = await call('PUT', `/api/admin/templates/${id}`, { ...draft, textHi: '  \n ', defaultContentHi: '' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await offered()).find((t) => t.id === id)).toMatchObject({ textHi: null, defaultContentHi: null });

    const tooLong = await call('PUT', `/api/admin/templates/${id}`, { ...draft, textHi: 'क'.repeat(601) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ message: 'The Hindi picture text must be at most 600 characters' });
  });

  it('draws the admin’s preview with Hindi sample details when asked for Hindi', async () => {
    const seeded = (await offered())[0]!;
    const preview = async (language?: 'en' | 'hi') => {
      const res = await call('POST', '/api/admin/templates/preview', {
        backgroundUrl: seeded.backgroundUrl,
        text: '# {discount}\n{validUntil}',
        textColor: '#ffffff',
        textArea: { x: 0.1, y: 0.1, width: 0.8, height: 0.6 },
        ...(language ? { language } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      const { image } = res.json<{ image: string }>();
      return sharp(Buffer.from(image.slice(image.indexOf(',') + 1), 'base64'))
        .raw()
        .toBuffer();
    };
    const [english, byDefault, hindi] = await Promise.all([preview('en'), preview(), preview('hi')]);
    expect(byDefault.equals(english)).toBe(true);
    // '20% छूट' and '31 दिस॰ 2026' instead of '20% OFF' and '31 Dec 2026'.
    expect(hindi.equals(english)).toBe(false);
  });

  it('names a business category in Hindi in the feed’s menu once the admin writes it', async () => {
    const created = await call('POST', '/api/admin/categories/business', { name: 'Sweets', nameHi: 'मिठाई' });
    expect(created.statusCode, created.body).toBe(201);
    const menu = (await call('GET', '/api/categories', undefined, {} as never)).json<Category[]>();
    expect(menu.find((c) => c.name === 'Sweets')).toMatchObject({ nameHi: 'मिठाई' });
  });

  it('draws the Hindi picture text with a Devanagari font, and the English where a template has no Hindi', async () => {
    // A plain background of the admin's own, so the drawn text can be measured.
    const upload = await app.inject(uploadRequest(admin, await photo(1080, 1080)));
    expect(upload.statusCode, upload.body).toBe(201);
    const [category] = (await call('GET', '/api/admin/categories/template')).json<AdminCategory[]>();
    const make = async (text: string, textHi: string | null) => {
      const res = await call('POST', '/api/admin/templates', {
        categoryId: category!.id,
        title: `Glyphs ${text}`,
        kind: 'post',
        backgroundUrl: upload.json<UploadResponse>().url,
        text,
        textHi,
        textColor: '#ffffff',
        textArea: { x: 0.1, y: 0.1, width: 0.8, height: 0.8 },
        published: true,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<AdminTemplate>().id;
    };
    const picture = async (id: string, language: 'en' | 'hi') => {
      const res = await call('POST', `/api/templates/${id}/render`, { language }, shop);
      expect(res.statusCode, res.body).toBe(201);
      return fs.readFileSync(storedFiles(app.config.mediaDir, res.json<UploadResponse>().url).original);
    };

    // क्ष is one conjunct glyph, about as wide as क; without a Devanagari font it is three boxes.
    const conjunct = await inkWidth(await picture(await make('# x', '# क्ष'), 'hi'));
    const letter = await inkWidth(await picture(await make('# y', '# क'), 'hi'));
    expect(letter).toBeGreaterThan(20);
    expect(conjunct / letter).toBeLessThan(1.6);

    // No Hindi text: a Hindi screen gets the English words.
    const english = await make('# Only English here', null);
    const [en, hi] = await Promise.all([picture(english, 'en'), picture(english, 'hi')]);
    expect(Math.abs((await inkWidth(hi)) - (await inkWidth(en)))).toBeLessThanOrEqual(2);

    const bad = await call('POST', `/api/templates/${english}/render`, { language: 'fr' }, shop);
    expect(bad.statusCode).toBe(400);
  });
});
