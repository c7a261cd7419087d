import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  AVIF_VARIANT_WIDTHS,
  distanceKm,
  FEED_DEFAULT_RADIUS_KM,
  IMAGE_VARIANT_WIDTHS,
  MAX_HASHTAGS,
  SITE_PAGE_SLUGS,
} from '@aaspaas/domain';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../../src/db/client';
import { posts, sitePages, users } from '../../src/db/schema';
import { PLACES } from '../../src/db/seed/places';
import { verifyPassword } from '../../src/lib/password-hashing';
import { localDiskStorage } from '../../src/plugins/app/media/media-storage-service';
import { DEMO_OWNER, isDatabaseEmpty, seedDemoData, seedSitePages } from '../../src/db/seed/seed-demo-data';

let handle: DbHandle;
let mediaDir: string;
const now = new Date('2026-03-15T10:00:00Z');
let result: Awaited<ReturnType<typeof seedDemoData>>;

beforeAll(async () => {
  handle = await openDatabase({ dataDir: null });
  await handle.migrate();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aaspaas-seed-'));
  expect(await isDatabaseEmpty(handle.db)).toBe(true);
  result = await seedDemoData(handle.db, { storage: localDiskStorage(mediaDir), now });
}, 300_000);

afterAll(async () => {
  await handle?.close();
  if (mediaDir) fs.rmSync(mediaDir, { recursive: true, force: true });
});

/** /media/seed/x.webp → <mediaDir>/seed/x.webp */
const mediaFile = (url: string): string => path.join(mediaDir, url.replace(/^\/media\//, ''));

describe('places', () => {
  it('keeps localities within 15 km of their centre and centres far apart', () => {
    expect(PLACES.length).toBeGreaterThanOrEqual(8);
    for (const p of PLACES) {
      expect(p.localities.length).toBeGreaterThanOrEqual(5);
      for (const l of p.localities)
        expect(distanceKm(p.lat, p.lon, l.lat, l.lon), `${l.name}, ${p.city}`).toBeLessThanOrEqual(15);
    }
    for (const a of PLACES)
      for (const b of PLACES)
        if (a !== b) expect(distanceKm(a.lat, a.lon, b.lat, b.lon), `${a.city}–${b.city}`).toBeGreaterThan(100);
  });
});

describe('seedDemoData', () => {
  it('creates at least 60 businesses in at least 8 places, with phones and avatars', async () => {
    const rows = await handle.db.select().from(users);
    expect(result.businesses).toBe(rows.length);
    expect(rows.length).toBeGreaterThanOrEqual(60);
    const cities = new Set(rows.map((u) => u.city));
    expect(cities.size).toBeGreaterThanOrEqual(8);
    for (const city of ['Mumbai', 'Pune', 'Delhi', 'Bengaluru', 'Hyderabad', 'Jaipur']) expect(cities).toContain(city);
    for (const city of cities) expect(rows.filter((u) => u.city === city).length, city ?? undefined).toBeGreaterThanOrEqual(8);
    for (const u of rows) {
      expect(u.username).toMatch(/^([a-z0-9-]+@demo\.aaspaas\.in|demo@aaspaas\.in)$/);
      expect((u.businessPhone ?? '').replace(/\D/g, '').slice(-10)).toMatch(/^[6-9]\d{9}$/);
      expect(u.mobileNumber).toMatch(/^[6-9]\d{9}$/);
      expect(u.businessAddress).toContain(u.city ?? '-');
      expect(u.businessCategories.length).toBeGreaterThan(0);
      expect(u.profileImageUrl).toMatch(/^\/media\/seed\/avatars\/.+\.webp$/);
      const place = PLACES.find((p) => p.city === u.city);
      expect(place).toBeDefined();
      if (place) expect(distanceKm(place.lat, place.lon, u.lat ?? 0, u.lon ?? 0)).toBeLessThan(FEED_DEFAULT_RADIUS_KM);
    }
    expect(new Set(rows.map((u) => u.username)).size).toBe(rows.length);
    // Phone numbers come in the formats people type.
    expect(rows.some((u) => u.businessPhone?.startsWith('+91'))).toBe(true);
    expect(rows.some((u) => /^\d{5} \d{5}$/.test(u.businessPhone ?? ''))).toBe(true);
  });

  it('has one demo owner who can sign in, with posts in Mumbai; every other demo account has no password', async () => {
    const rows = await handle.db.select().from(users);
    const withPassword = rows.filter((u) => u.passwordHash !== null);
    expect(withPassword.map((u) => u.username)).toEqual([DEMO_OWNER.email]);
    const owner = withPassword[0];
    expect(owner?.city).toBe('Mumbai');
    expect(await verifyPassword(owner?.passwordHash ?? '', DEMO_OWNER.password)).toBe(true);
    expect(await verifyPassword(owner?.passwordHash ?? '', 'wrong-password')).toBe(false);
    const mine = await handle.db
      .select()
      .from(posts)
      .where(eq(posts.userId, owner?.id ?? ''));
    expect(mine.length).toBeGreaterThanOrEqual(4);
    expect(mine.some((p) => p.likesCount > 0)).toBe(true);
  });

  it('creates at least 300 valid posts over the last 30 days', async () => {
    const rows = await handle.db.select().from(posts);
    const byId = new Map((await handle.db.select().from(users)).map((u) => [u.id, u]));
    expect(result.posts).toBe(rows.length);
    expect(rows.length).toBeGreaterThanOrEqual(300);
    for (const p of rows) {
      const business = byId.get(p.userId);
      expect(business?.businessPhone).toBeTruthy();
      expect(p.city).toBe(business?.city);
      expect(p.content.length).toBeGreaterThan(20);
      // Prices: both null or both set, integers in paise, MRP ≥ our price.
      expect(p.mrpPaise === null).toBe(p.ourPricePaise === null);
      if (p.mrpPaise !== null && p.ourPricePaise !== null) {
        expect(Number.isInteger(p.mrpPaise) && Number.isInteger(p.ourPricePaise)).toBe(true);
        expect(p.ourPricePaise).toBeGreaterThan(0);
        expect(p.mrpPaise).toBeGreaterThanOrEqual(p.ourPricePaise);
      }
      expect(p.hashtags.length).toBeLessThanOrEqual(MAX_HASHTAGS);
      for (const tag of p.hashtags) expect(tag).toMatch(/^[\p{Ll}\p{N}_]+$/u);
      expect(p.images.length).toBeLessThanOrEqual(3);
      const age = now.getTime() - p.createdAt.getTime();
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThanOrEqual(30 * 24 * 3600 * 1000);
      expect(p.likesCount).toBeLessThanOrEqual(p.viewsCount + 2);
    }
    expect(new Set(rows.map((p) => p.homeDelivery))).toEqual(new Set([true, false, null]));
    expect(rows.some((p) => p.mrpPaise === null)).toBe(true);
    expect(rows.some((p) => (p.mrpPaise ?? 0) >= 1_00_000 * 100)).toBe(true); // a lakh-rupee item exercises Indian grouping
    expect(rows.some((p) => p.images.length === 0)).toBe(true);
    expect(rows.some((p) => p.images.length >= 2)).toBe(true);
    expect(rows.filter((p) => now.getTime() - p.createdAt.getTime() < 3600_000).length).toBeGreaterThanOrEqual(3);
    expect(new Set(rows.map((p) => p.category)).size).toBeGreaterThanOrEqual(12);
  });

  it('has #diwali and #offer posts in several cities and a Mumbai post with 3 images', async () => {
    const rows = await handle.db.select().from(posts);
    const diwaliCities = new Set(
      rows.filter((p) => p.hashtags.includes('diwali') && p.hashtags.includes('offer')).map((p) => p.city),
    );
    expect(diwaliCities.size).toBeGreaterThanOrEqual(6);
    expect(rows.some((p) => p.city === 'Mumbai' && p.images.length === 3)).toBe(true);
  });

  it('gives every shop opening hours (with their copy for the open-now filter) and two in three a UPI ID', async () => {
    const [row] = (
      await handle.db.execute(
        sql`select count(*)::int as shops, count(hours)::int as with_hours, count(upi_id)::int as with_upi,
          (select count(distinct user_id) from business_week_hours)::int as in_filter,
          (select count(*) from posts p join users u on u.id = p.user_id where p.our_price_paise is not null and u.upi_id is not null)::int as payable
        from users`,
      )
    ).rows as { shops: number; with_hours: number; with_upi: number; in_filter: number; payable: number }[];
    expect(row?.with_hours).toBe(row?.shops);
    expect(row?.in_filter).toBe(row?.shops);
    expect(row!.with_upi).toBeGreaterThan(row!.shops / 2);
    expect(row!.payable).toBeGreaterThan(10);
  });

  it('keeps the like and view counters in step with the engagement tables', async () => {
    const [likes] = (
      await handle.db.execute(
        sql`select (select count(*) from post_likes)::int as rows, (select coalesce(sum(likes_count), 0) from posts)::int as total`,
      )
    ).rows as { rows: number; total: number }[];
    const [views] = (
      await handle.db.execute(
        sql`select (select count(*) from post_views)::int as rows, (select coalesce(sum(views_count), 0) from posts)::int as total`,
      )
    ).rows as { rows: number; total: number }[];
    expect(likes?.rows).toBe(likes?.total);
    expect(views?.rows).toBe(views?.total);
  });

  it('writes every image as WebP with the variants of an upload (160, 480, 720, 1080 WebP; 160, 480, 720 AVIF)', async () => {
    const rows = await handle.db.select({ images: posts.images }).from(posts);
    const urls = new Set(rows.flatMap((r) => r.images));
    expect(urls.size).toBeGreaterThan(200);
    for (const url of urls) {
      expect(url).toMatch(/^\/media\/seed\/.+\.webp$/);
      for (const suffix of ['', ...IMAGE_VARIANT_WIDTHS.map((w) => `-${w}`)]) {
        expect(fs.existsSync(mediaFile(url.replace(/\.webp$/, `${suffix}.webp`))), `${url} ${suffix}`).toBe(true);
      }
      for (const w of AVIF_VARIANT_WIDTHS)
        expect(fs.existsSync(mediaFile(url.replace(/\.webp$/, `-${w}.avif`))), `${url} -${w}.avif`).toBe(true);
    }
    const sample = [...urls].filter((_, i) => i % 25 === 0);
    for (const url of sample) {
      const meta = await sharp(mediaFile(url)).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([1080, 1080]);
      const small = await sharp(mediaFile(url.replace(/\.webp$/, '-480.webp'))).metadata();
      expect([small.format, small.width]).toEqual(['webp', 480]);
      // What a phone that decodes AVIF takes: really AVIF (sharp says HEIF with AV1), and lighter than the WebP.
      const avifFile = mediaFile(url.replace(/\.webp$/, '-720.avif'));
      const avif = await sharp(avifFile).metadata();
      expect([avif.format, avif.compression, avif.width]).toEqual(['heif', 'av1', 720]);
      expect(fs.statSync(avifFile).size).toBeLessThan(fs.statSync(mediaFile(url.replace(/\.webp$/, '-720.webp'))).size);
      // A real card, not a flat box: plenty of colour variation.
      const stats = await sharp(mediaFile(url)).stats();
      expect(stats.channels.some((c) => c.stdev > 20)).toBe(true);
    }
    const avatars = await handle.db.select({ url: users.profileImageUrl }).from(users);
    for (const { url } of avatars.slice(0, 5)) {
      expect((await sharp(mediaFile(url ?? '')).metadata()).format).toBe('webp');
      // The feed's 44 px avatar takes the 160 px variant: really 160 px, not the 256 px original.
      const thumb = await sharp(mediaFile((url ?? '').replace(/\.webp$/, '-160.webp'))).metadata();
      expect([thumb.format, thumb.width]).toEqual(['webp', 160]);
      const avifThumb = await sharp(mediaFile((url ?? '').replace(/\.webp$/, '-160.avif'))).metadata();
      expect([avifThumb.format, avifThumb.width]).toEqual(['heif', 160]);
      // Wider AVIF names point at the 256 px picture, as the WebP ones do (no upscaling).
      expect((await sharp(mediaFile((url ?? '').replace(/\.webp$/, '-720.avif'))).metadata()).width).toBe(256);
    }
  });

  it('stores the four landing pages and keeps edited ones', async () => {
    const rows = await handle.db.select().from(sitePages);
    expect(rows.map((r) => r.slug).sort()).toEqual([...SITE_PAGE_SLUGS].sort());
    for (const r of rows) {
      expect(r.title.length).toBeGreaterThan(3);
      expect(r.body.length).toBeGreaterThan(800);
      expect(r.body).toMatch(/^## /m);
    }
    const privacy = rows.find((r) => r.slug === 'privacy');
    expect(privacy?.body).toContain('Digital Personal Data Protection Act, 2023');
    expect(rows.find((r) => r.slug === 'contact-us')?.body).toContain('support@aaspaas.in');

    await handle.db.update(sitePages).set({ body: 'Edited by the admin' }).where(eq(sitePages.slug, 'about-us'));
    await handle.db.delete(sitePages).where(eq(sitePages.slug, 'terms'));
    expect(await seedSitePages(handle.db)).toBe(1);
    const after = await handle.db.select().from(sitePages);
    expect(after.find((r) => r.slug === 'about-us')?.body).toBe('Edited by the admin');
    expect(after.find((r) => r.slug === 'terms')?.body.length).toBeGreaterThan(800);
  });

  it('is no longer empty, and a second run over the same media directory reuses the images', async () => {
    expect(await isDatabaseEmpty(handle.db)).toBe(false);
    const again = await openDatabase({ dataDir: null });
    try {
      await again.migrate();
      const second = await seedDemoData(again.db, { storage: localDiskStorage(mediaDir), now });
      expect(second.imagesRendered).toBe(0);
      expect(second.posts).toBe(result.posts);
      // Deterministic: the same ids and content.
      const a = await handle.db.select({ id: posts.id, content: posts.content }).from(posts).orderBy(posts.id);
      const b = await again.db.select({ id: posts.id, content: posts.content }).from(posts).orderBy(posts.id);
      expect(b).toEqual(a);
    } finally {
      await again.close();
    }
  }, 300_000);
});
