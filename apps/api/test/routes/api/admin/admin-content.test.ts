import {
  ADMIN_COUNT_CAP,
  ADMIN_SEARCH_COUNT_CAP,
  type AdminCategory,
  type AdminTemplate,
  type BusinessCard,
  type BusinessCardPage,
  type BusinessProfile,
  type Category,
  type PolicyUpdate,
  type Post,
  type SitePage,
  type SitePageVersion,
  type Template,
} from '@aaspaas/domain';
import { count, desc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTemplates } from '#src/db/seed/seed-templates';
import { adminAuditLog, posts, templates, users } from '#src/db/schema';
import { viewDay } from '#src/plugins/app/posts/engagement-repository';
import { authHeader, buildTestApp, createBusiness, createPost, type TestApp } from '#test/helper';

const ADMIN = 'content.admin@aaspaas.in';
const DAY_MS = 86_400_000;

const HOSTILE_MARKDOWN = [
  '## Who we are',
  '',
  'We help <script>alert("x")</script> local shops.',
  '',
  '[Click me](javascript:alert(1)) and [mail us](mailto:hello@aaspaas.in) or visit https://aaspaas.in',
  '',
  '<img src=x onerror="alert(2)"> <a href="#" onclick="alert(3)">tap</a>',
  '',
  '![pic](javascript:alert(4))',
].join('\n');

describe('admin content: business cards, templates, categories, site pages', () => {
  let app: TestApp;
  let admin: { authorization: string };
  let shopAuth: { authorization: string };
  let shop: typeof users.$inferSelect;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = admin) =>
    app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const auditCount = async () => (await app.db.select({ n: count() }).from(adminAuditLog))[0]?.n ?? 0;
  /** The change `fn` makes writes exactly one audit row, which it returns. */
  async function oneAuditRow(fn: () => ReturnType<typeof call>, status = 200) {
    const before = await auditCount();
    const res = await fn();
    expect(res.statusCode, res.body).toBe(status);
    expect(await auditCount()).toBe(before + 1);
    const [row] = await app.db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.id)).limit(1);
    expect(row?.adminEmail).toBe(ADMIN);
    return { res, row: row! };
  }

  beforeAll(async () => {
    app = await buildTestApp({ ADMIN_EMAILS: ADMIN });
    await seedTemplates(app.db, app.mediaStorageService);
    const adminRow = await createBusiness(app.dbHandle.db, { username: ADMIN, emailVerifiedAt: new Date() });
    admin = await authHeader(app, adminRow);
    shop = await createBusiness(app.dbHandle.db, { businessName: 'Patel Sweets', businessCategories: ['Sweets', 'Snacks'] });
    shopAuth = await authHeader(app, shop);
  });
  afterAll(() => app.close());

  describe('site pages', () => {
    it('renders a page saved with script, javascript: links and event handlers without them, and keeps every version', async () => {
      const { row } = await oneAuditRow(() =>
        call('PUT', '/api/admin/pages/about-us', { title: 'About Aaspaas', body: HOSTILE_MARKDOWN }),
      );
      expect(row).toMatchObject({ action: 'page.publish', targetType: 'page', targetId: 'about-us' });

      const page = (await call('GET', '/api/pages/about-us', undefined, {} as never)).json<SitePage>();
      expect(page.title).toBe('About Aaspaas');
      expect(page.html).toContain('<h2>Who we are</h2>');
      expect(page.html).toContain('href="mailto:hello@aaspaas.in"');
      expect(page.html).toContain('<a href="https://aaspaas.in" target="_blank" rel="noopener noreferrer">');
      expect(page.html).not.toMatch(/<script|<img|href="javascript:/i);
      // No real tag carries an event handler (the raw HTML above is escaped text).
      expect(page.html).not.toMatch(/<[a-z][^>]*\son[a-z]+=/i);
      // Raw HTML is shown as text, never as markup.
      expect(page.html).toContain('&lt;script&gt;');

      const preview = await call('POST', '/api/admin/pages/preview', { body: HOSTILE_MARKDOWN });
      expect(preview.json<{ html: string }>().html).toBe(page.html);

      await call('PUT', '/api/admin/pages/about-us', { title: 'About us', body: 'Second version' });
      const versions = (await call('GET', '/api/admin/pages/about-us/versions')).json<SitePageVersion[]>();
      expect(versions.map((v) => v.title)).toEqual(['About us', 'About Aaspaas']);
      expect(versions[0]?.publishedBy).toBe(ADMIN);
      expect((await call('GET', '/api/pages/about-us', undefined, {} as never)).json<SitePage>().html).toBe(
        '<p>Second version</p>\n',
      );
    });

    it('refuses an empty page with a message and writes nothing', async () => {
      const before = await auditCount();
      const res = await call('PUT', '/api/admin/pages/terms', { title: 'Terms', body: '   ' });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toBe('Write the page before publishing it');
      expect(await auditCount()).toBe(before);
    });

    it('tells a signed-in business once that the terms changed', async () => {
      const updates = async () => (await call('GET', '/api/user/policy-updates', undefined, shopAuth)).json<PolicyUpdate>();
      expect((await updates()).updated).toEqual([]);
      await call('PUT', '/api/admin/pages/terms', { title: 'Terms of Service', body: 'New terms' });
      expect((await updates()).updated.map((u) => u.slug)).toEqual(['terms']);
      expect((await call('POST', '/api/user/policy-updates/acknowledge', undefined, shopAuth)).statusCode).toBe(204);
      expect((await updates()).updated).toEqual([]);
    });
  });

  describe('business cards', () => {
    it('lists and searches the businesses, not the admin, a page at a time', async () => {
      const page = (await call('GET', '/api/admin/business-cards?q=patel')).json<BusinessCardPage>();
      expect(page.items.map((c) => c.businessName)).toEqual(['Patel Sweets']);
      const all = (await call('GET', '/api/admin/business-cards')).json<BusinessCardPage>();
      expect(all.items.map((c) => c.email)).not.toContain(ADMIN);
    });

    it('edits a card with the profile editor’s rules and marks it verified and featured, with one audit row', async () => {
      const bad = await call('PUT', `/api/admin/business-cards/${shop.id}`, { businessPhone: '12345' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ message: string }>().message).toBe('Business phone must be a 10-digit Indian number');

      const { res, row } = await oneAuditRow(() =>
        call('PUT', `/api/admin/business-cards/${shop.id}`, {
          businessName: 'Patel Sweets & Farsan',
          businessPhone: '+91 98200 55555',
          verified: true,
          featured: true,
          reason: 'Checked the shop in person',
        }),
      );
      expect(res.json<BusinessCard>()).toMatchObject({ businessPhone: '9820055555', verified: true, featured: true });
      expect(row).toMatchObject({ action: 'business-card.update', targetId: shop.id, reason: 'Checked the shop in person' });
      expect(row.before).toMatchObject({ businessName: 'Patel Sweets', verified: false });

      const profile = (await call('GET', `/api/public/business/${shop.id}`, undefined, {} as never)).json<BusinessProfile>();
      expect(profile).toMatchObject({ businessName: 'Patel Sweets & Farsan', verified: true, featured: true });
      const featured = (await call('GET', '/api/admin/business-cards?featured=true')).json<BusinessCardPage>();
      expect(featured.items.map((c) => c.userId)).toEqual([shop.id]);
    });

    it('lists the featured businesses most recently featured first, and drops one when its mark is taken back', async () => {
      const later = await createBusiness(app.dbHandle.db, { businessName: 'Later Featured Dairy' });
      const earlier = await createBusiness(app.dbHandle.db, { businessName: 'Earlier Featured Dairy' });
      const featuredIds = async () =>
        (await call('GET', '/api/admin/business-cards?featured=true')).json<BusinessCardPage>().items.map((c) => c.userId);
      const before = await featuredIds();
      // Featured in the opposite order to their making, so the order can only come from when they were featured.
      expect((await call('PUT', `/api/admin/business-cards/${earlier.id}`, { featured: true })).statusCode).toBe(200);
      expect((await call('PUT', `/api/admin/business-cards/${later.id}`, { featured: true })).statusCode).toBe(200);
      expect(await featuredIds()).toEqual([later.id, earlier.id, ...before]);
      // Featuring again keeps the first date: the list does not reshuffle on every save.
      await call('PUT', `/api/admin/business-cards/${earlier.id}`, {
        featured: true,
        businessName: 'Earlier Featured Dairy & Sons',
      });
      expect(await featuredIds()).toEqual([later.id, earlier.id, ...before]);
      await call('PUT', `/api/admin/business-cards/${later.id}`, { featured: false });
      expect(await featuredIds()).toEqual([earlier.id, ...before]);
    });

    it('puts the verified mark on the business’s posts in the feed and on its page, and on no other business’s', async () => {
      const verified = await createBusiness(app.dbHandle.db, { businessName: 'Verified Kirana' });
      const other = await createBusiness(app.dbHandle.db, { businessName: 'Plain Kirana' });
      const mine = await createPost(app.dbHandle.db, verified, { content: 'Fresh atta' });
      const theirs = await createPost(app.dbHandle.db, other, { content: 'Fresh rice' });
      const feed = async () => {
        const res = await call('GET', '/api/feed?limit=50', undefined, {} as never);
        expect(res.statusCode).toBe(200);
        return new Map(res.json<Post[]>().map((p) => [p.id, p]));
      };
      // Absent, not false, for a business that is not verified: the feed's pages stay as small as they were.
      expect(Object.keys((await feed()).get(mine.id) ?? {})).not.toContain('businessVerified');

      expect((await call('PUT', `/api/admin/business-cards/${verified.id}`, { verified: true })).statusCode).toBe(200);
      const after = await feed();
      expect(after.get(mine.id)?.businessVerified).toBe(true);
      expect(Object.keys(after.get(theirs.id) ?? {})).not.toContain('businessVerified');
      const page = (await call('GET', `/api/public/business/${verified.id}/posts`, undefined, {} as never)).json<Post[]>();
      expect(page.map((p) => [p.id, p.businessVerified])).toEqual([[mine.id, true]]);

      // Taking the mark back takes the badge away.
      await call('PUT', `/api/admin/business-cards/${verified.id}`, { verified: false });
      expect(Object.keys((await feed()).get(mine.id) ?? {})).not.toContain('businessVerified');
    });

    it('counts cards up to ADMIN_COUNT_CAP, a search’s up to ADMIN_SEARCH_COUNT_CAP, and then says there are more', async () => {
      await app.dbHandle.db.execute(sql`
        INSERT INTO users (username, name, business_name, created_at)
        SELECT 'capcount-' || g || '@example.in', 'Owner', 'Capcount Traders ' || g, now() - interval '1 second' * g
        FROM generate_series(1, ${ADMIN_COUNT_CAP + 1}) AS g`);
      const all = (await call('GET', '/api/admin/business-cards')).json<BusinessCardPage>();
      expect(all).toMatchObject({ total: ADMIN_COUNT_CAP, totalCapped: true, pageSize: 25 });
      const many = (await call('GET', '/api/admin/business-cards?q=capcount')).json<BusinessCardPage>();
      expect(many).toMatchObject({ total: ADMIN_SEARCH_COUNT_CAP, totalCapped: true, pageSize: 25 });
      expect(many.items.map((c) => c.email)).toEqual(Array.from({ length: 25 }, (_, i) => `capcount-${i + 1}@example.in`));
      // A page past the newest accounts a search walks comes from the index, in the same order.
      const deep = (await call('GET', '/api/admin/business-cards?q=capcount&page=300')).json<BusinessCardPage>();
      expect(deep.items.map((c) => c.email)).toEqual(Array.from({ length: 25 }, (_, i) => `capcount-${7476 + i}@example.in`));
      const one = (await call('GET', '/api/admin/business-cards?q=capcount-77@')).json<BusinessCardPage>();
      expect(one).toMatchObject({ total: 1, totalCapped: false });
      expect(one.items.map((c) => c.email)).toEqual(['capcount-77@example.in']);
    });

    it('answers 404 for an unknown business and for the admin account', async () => {
      expect((await call('PUT', `/api/admin/business-cards/${crypto.randomUUID()}`, { verified: true })).statusCode).toBe(404);
    });
  });

  describe('categories', () => {
    const list = async (kind: string) => (await call('GET', `/api/admin/categories/${kind}`)).json<AdminCategory[]>();

    it('makes the admin’s ordered list the feed’s menu; merge moves posts and businesses in one change', async () => {
      await createPost(app.dbHandle.db, shop, { category: 'Sweets' });
      await createPost(app.dbHandle.db, shop, { category: 'snacks' });
      const sweets = (
        await oneAuditRow(() => call('POST', '/api/admin/categories/business', { name: 'Sweets' }), 201)
      ).res.json<AdminCategory>();
      const snacks = (
        await call('POST', '/api/admin/categories/business', { name: 'Snacks', nameHi: 'स्नैक्स' })
      ).json<AdminCategory>();
      expect(snacks.nameHi).toBe('स्नैक्स');
      expect((await call('POST', '/api/admin/categories/business', { name: 'SWEETS' })).statusCode).toBe(409);

      await oneAuditRow(() => call('POST', '/api/admin/categories/business/reorder', { ids: [snacks.id, sweets.id] }));
      const menu = (await call('GET', '/api/categories', undefined, {} as never)).json<Category[]>();
      expect(menu).toEqual([
        { name: 'Snacks', nameHi: 'स्नैक्स', postCount: 1 },
        { name: 'Sweets', nameHi: null, postCount: 1 },
      ]);

      const { row } = await oneAuditRow(() =>
        call('POST', `/api/admin/categories/business/${snacks.id}/merge`, { intoId: sweets.id }),
      );
      expect(row.after).toMatchObject({ mergedInto: 'Sweets', postsMoved: 1, businessesMoved: 1 });
      const shopPosts = await app.db.select({ category: posts.category }).from(posts).where(eq(posts.userId, shop.id));
      expect(shopPosts.map((p) => p.category)).toEqual(['Sweets', 'Sweets']);
      const [owner] = await app.db.select().from(users).where(eq(users.id, shop.id));
      expect(owner?.businessCategories).toEqual(['Sweets']);
      expect((await list('business')).map((c) => c.name)).toEqual(['Sweets']);
    });

    it('renames and retires; a retired template category’s templates are not offered', async () => {
      const [first] = await list('template');
      const { row } = await oneAuditRow(() => call('PUT', `/api/admin/categories/template/${first!.id}`, { retired: true }));
      expect(row).toMatchObject({ action: 'category.update', after: { retired: true } });
      const offered = (await call('GET', '/api/templates', undefined, shopAuth)).json<Template[]>();
      expect(offered.some((t) => t.category === first!.name)).toBe(false);
      await call('PUT', `/api/admin/categories/template/${first!.id}`, { retired: false, name: `${first!.name} Offers` });
      expect((await list('template'))[0]).toMatchObject({ name: `${first!.name} Offers`, nameHi: first!.nameHi, retired: false });
      // The Hindi name is edited beside the English one; an empty one clears it.
      await call('PUT', `/api/admin/categories/template/${first!.id}`, { nameHi: 'त्योहार ऑफ़र' });
      expect((await list('template'))[0]).toMatchObject({ nameHi: 'त्योहार ऑफ़र' });
      await call('PUT', `/api/admin/categories/template/${first!.id}`, { nameHi: ' ' });
      expect((await list('template'))[0]).toMatchObject({ nameHi: null });
    });
  });

  describe('templates', () => {
    it('creates, edits and publishes a template; businesses get it only when published and inside its window', async () => {
      const [category] = (await call('GET', '/api/admin/categories/template')).json<AdminCategory[]>();
      const [seeded] = await app.db.select().from(templates).limit(1);
      const today = viewDay(new Date());
      const draft = {
        categoryId: category!.id,
        title: 'Diwali dhamaka',
        titleHi: 'दिवाली धमाका',
        kind: 'offer',
        backgroundUrl: seeded!.backgroundUrl,
        text: '# {businessName}\n{offer}\nOnly {price}',
        textColor: '#FFEE00',
        textArea: { x: 0.1, y: 0.1, width: 0.8, height: 0.6 },
        occasion: 'Diwali',
        startsOn: today,
        endsOn: today,
      };
      const created = (await oneAuditRow(() => call('POST', '/api/admin/templates', draft), 201)).res.json<AdminTemplate>();
      expect(created).toMatchObject({ published: false, textColor: '#ffee00', occasion: 'Diwali', titleHi: 'दिवाली धमाका' });
      const offered = async () => (await call('GET', '/api/templates', undefined, shopAuth)).json<Template[]>().map((t) => t.id);
      expect(await offered()).not.toContain(created.id);

      await oneAuditRow(() => call('POST', `/api/admin/templates/${created.id}/publish`, { published: true }));
      expect(await offered()).toContain(created.id);

      const yesterday = viewDay(new Date(Date.now() - DAY_MS));
      const { row } = await oneAuditRow(() =>
        call('PUT', `/api/admin/templates/${created.id}`, { ...draft, published: true, startsOn: yesterday, endsOn: yesterday }),
      );
      expect(row).toMatchObject({ action: 'template.update', targetId: created.id });
      expect(await offered()).not.toContain(created.id);
      const render = await call('POST', `/api/templates/${created.id}/render`, {}, shopAuth);
      expect(render.statusCode).toBe(404);
    });

    it('refuses a background that is not ours, and a window that ends before it starts', async () => {
      const [category] = (await call('GET', '/api/admin/categories/template')).json<AdminCategory[]>();
      const base = {
        categoryId: category!.id,
        title: 'Holi colours',
        kind: 'post',
        text: 'Happy Holi',
        textColor: '#ffffff',
        textArea: { x: 0, y: 0, width: 1, height: 1 },
      };
      const outside = await call('POST', '/api/admin/templates', { ...base, backgroundUrl: 'https://evil.example/x.jpg' });
      expect(outside.statusCode).toBe(400);
      expect(outside.json<{ message: string }>().message).toMatch(/Upload the background first/);
      const window = await call('POST', '/api/admin/templates', {
        ...base,
        backgroundUrl: '/media/templates/none.webp',
        startsOn: '2026-03-10',
        endsOn: '2026-03-01',
      });
      expect(window.statusCode).toBe(400);
      expect(window.json<{ message: string }>().message).toBe('The window must end on or after the day it starts');
    });

    it('draws a live preview with the renderer businesses get', async () => {
      const [seeded] = await app.db.select().from(templates).limit(1);
      const res = await call('POST', '/api/admin/templates/preview', {
        backgroundUrl: seeded!.backgroundUrl,
        text: '# {businessName}',
        textColor: '#ffffff',
        textArea: { x: 0.1, y: 0.1, width: 0.8, height: 0.5 },
      });
      expect(res.statusCode).toBe(200);
      const { image } = res.json<{ image: string }>();
      expect(image.startsWith('data:image/jpeg;base64,')).toBe(true);
      const jpeg = Buffer.from(image.slice(image.indexOf(',') + 1), 'base64');
      expect(await sharp(jpeg).metadata()).toMatchObject({ format: 'jpeg', width: 720 });
    });
  });

  it('keeps every admin content route from a business (403) and from nobody (401)', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/business-cards'],
      ['PUT', `/api/admin/business-cards/${shop.id}`],
      ['GET', '/api/admin/templates'],
      ['GET', '/api/admin/categories/business'],
      ['PUT', '/api/admin/pages/about-us'],
    ] as const) {
      expect((await call(method, url, method === 'GET' ? undefined : {}, shopAuth)).statusCode, url).toBe(403);
      expect((await call(method, url, method === 'GET' ? undefined : {}, {} as never)).statusCode, url).toBe(401);
    }
  });
});
