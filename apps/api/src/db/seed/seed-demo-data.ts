/**
 * Demo data: ~70 businesses in 8 Indian places and ~370 posts over the last 30 days, with card
 * images rendered locally, plus the landing pages. Deterministic (seeded PRNG): every run gives
 * the same businesses, posts, ids and images; only dates move with `now`.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { businessWeekHours, posts, sitePages, sitePageVersions, users } from '../schema';
import { hashPassword } from '../../lib/password-hashing';
import { generateBusinesses } from './businesses';
import { demoHours, demoUpiId, demoWeekHourRows } from './counter';
import { PLACES } from './places';
import {
  avatarSvg,
  postCardSvg,
  type RenderStorage,
  writeAvatarImage,
  writeCardImages,
} from '../../plugins/app/templates/post-card-image';
import { generatePosts } from './posts';
import { createRng } from './random';
import { SITE_PAGES } from '../../content/site-pages';
import { BUSINESS_CATEGORY_HINDI } from '../../content/hindi-names';

export const DEMO_SEED = 20_241_101;
export const DEMO_EMAIL_DOMAIN = 'demo.aaspaas.in';
/**
 * The one demo business owner who can sign in (documented in README.md): the first Mumbai
 * business, so /app shows real posts. Every other demo account has no password.
 */
export const DEMO_OWNER = { email: 'demo@aaspaas.in', password: 'demo1234' } as const;
/** Seeded likes/views rows use visitor ids with this prefix. */
export const DEMO_VISITOR_PREFIX = 'seed-';

export type SeedOptions = {
  /** Where the pictures go: the app's media storage (DATA_DIR/media or the bucket), served at /media. */
  storage: RenderStorage;
  now?: Date;
  log?: (msg: string) => void;
  /** Images rendered at once (default: CPU count + 1, at least 2). */
  concurrency?: number;
};

export type SeedResult = { businesses: number; posts: number; images: number; imagesRendered: number; ms: number };

const CHUNK = 200;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** True when there are no users, i.e. a fresh database that should get demo data. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length === 0;
}

/**
 * Inserts the landing pages that are missing, each with its first kept version; pages that exist
 * (maybe edited by the admin) are kept.
 */
export async function seedSitePages(db: Db, now: Date = new Date()): Promise<number> {
  const rows = Object.entries(SITE_PAGES).map(([slug, p]) => ({ slug, title: p.title, body: p.body, updatedAt: now }));
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(sitePages)
      .values(rows)
      .onConflictDoNothing({ target: sitePages.slug })
      .returning({ slug: sitePages.slug, title: sitePages.title, body: sitePages.body });
    if (inserted.length > 0) await tx.insert(sitePageVersions).values(inserted.map((page) => ({ ...page, publishedAt: now })));
    return inserted.length;
  });
}

/**
 * The feed's category menu starts as the demo posts' categories, most used first (the admin
 * reorders it later); categories already listed are kept.
 */
async function seedBusinessCategories(db: Pick<Db, 'execute'>): Promise<void> {
  await db.execute(sql`
    INSERT INTO business_categories (name, sort_order)
    SELECT min(category), (row_number() OVER (ORDER BY count(*) DESC, min(category)))::int
    FROM posts WHERE category <> '' GROUP BY lower(category)
    ON CONFLICT DO NOTHING`);
  // Their Hindi names (platform content; the admin edits both languages later).
  const names = Object.entries(BUSINESS_CATEGORY_HINDI).map(([en, hi]) => sql`(${en}::text, ${hi}::text)`);
  await db.execute(sql`
    UPDATE business_categories AS c SET name_hi = v.hi FROM (VALUES ${sql.join(names, sql`, `)}) AS v(en, hi)
    WHERE lower(c.name) = lower(v.en) AND c.name_hi IS NULL`);
}

/** Runs `fn` over `items` with at most `limit` running at once. */
async function pool<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next++] as T;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const shortHash = (s: string): string => crypto.createHash('sha1').update(s).digest('hex').slice(0, 12);

export async function seedDemoData(db: Db, opts: SeedOptions): Promise<SeedResult> {
  const started = Date.now();
  const now = opts.now ?? new Date();
  const log = opts.log ?? (() => {});
  const rng = createRng(DEMO_SEED);
  const businesses = generateBusinesses(rng, PLACES);
  const demoPosts = generatePosts(rng, businesses);
  const demoOwner = businesses.find((b) => b.place.city === 'Mumbai') ?? businesses[0];
  // One argon2 hash for the whole seed, computed while the images render.
  const demoOwnerHash = hashPassword(DEMO_OWNER.password);

  // Images: one job per distinct SVG (file names are content hashes, so identical cards are shared
  // and a changed design never reuses a stale file).
  type Job = { svg: string; base: string; kind: 'card' | 'avatar' };
  const jobs = new Map<string, Job>();
  const mediaUrl = (key: string): string => `/media/${key}.webp`;

  const avatarUrl = new Map<string, string>();
  for (const b of businesses) {
    const svg = avatarSvg(b.businessName, b.colour, b.category);
    const rel = `seed/avatars/${b.slug}-${shortHash(svg).slice(0, 8)}`;
    jobs.set(rel, { svg, base: rel, kind: 'avatar' });
    avatarUrl.set(b.id, mediaUrl(rel));
  }
  const postImages = new Map<string, string[]>();
  for (const p of demoPosts) {
    const urls = p.cards.map((card) => {
      const svg = postCardSvg(card);
      const rel = `seed/posts/${p.business.slug}/${shortHash(svg)}`;
      if (!jobs.has(rel)) jobs.set(rel, { svg, base: rel, kind: 'card' });
      return mediaUrl(rel);
    });
    postImages.set(p.id, urls);
  }

  let rendered = 0;
  const limit = opts.concurrency ?? Math.max(2, os.availableParallelism() + 1);
  const imagesDone = pool([...jobs.values()], limit, async (job) => {
    const wrote =
      job.kind === 'avatar'
        ? await writeAvatarImage(opts.storage, job.svg, job.base)
        : await writeCardImages(opts.storage, job.svg, job.base);
    if (wrote) rendered++;
  });
  // Keep the rejection handled while the database work runs; it is awaited below.
  imagesDone.catch(() => {});

  const passwordHash = await demoOwnerHash;
  const userRows = businesses.map((b, i) => {
    const created = new Date(now.getTime() - b.joinedDaysAgo * DAY);
    const isDemoOwner = b === demoOwner;
    return {
      id: b.id,
      username: isDemoOwner ? DEMO_OWNER.email : b.username,
      passwordHash: isDemoOwner ? passwordHash : null,
      // The published demo login is ours: its address counts as verified (no banner in the demo).
      emailVerifiedAt: isDemoOwner ? now : null,
      name: b.name,
      businessName: b.businessName,
      businessDetails: b.businessDetails,
      businessPhone: b.businessPhone,
      businessAddress: b.businessAddress,
      gstNumber: b.gstNumber,
      businessCategories: b.businessCategories,
      onboardingCompleted: true,
      mobileNumber: b.mobileNumber,
      balancePaise: b.balancePaise,
      status: 'active',
      profileImageUrl: avatarUrl.get(b.id) ?? null,
      city: b.place.city,
      state: b.place.state,
      country: 'India',
      lat: b.lat,
      lon: b.lon,
      hours: demoHours(b, i),
      upiId: demoUpiId(b, i),
      createdAt: created,
      updatedAt: created,
    };
  });
  const weekHourRows = userRows.flatMap((u) => demoWeekHourRows(u.id, u.hours));
  const postRows = demoPosts.map((p) => {
    const created = new Date(now.getTime() - Math.round(p.ageMinutes * MINUTE));
    return {
      id: p.id,
      userId: p.business.id,
      category: p.category,
      content: p.content,
      hashtags: p.hashtags,
      images: postImages.get(p.id) ?? [],
      mrpPaise: p.mrpPaise,
      ourPricePaise: p.ourPricePaise,
      homeDelivery: p.homeDelivery,
      city: p.business.place.city,
      state: p.business.place.state,
      country: 'India',
      lat: p.lat,
      lon: p.lon,
      likesCount: p.likesCount,
      viewsCount: p.viewsCount,
      createdAt: created,
      updatedAt: created,
    };
  });

  const dbStarted = Date.now();
  await db.transaction(async (tx) => {
    for (const chunk of chunks(userRows, CHUNK)) await tx.insert(users).values(chunk);
    for (const chunk of chunks(postRows, CHUNK)) await tx.insert(posts).values(chunk);
    for (const chunk of chunks(weekHourRows, CHUNK)) await tx.insert(businessWeekHours).values(chunk);
    // One row per like and per (visitor, day) view, so the counters match the engagement tables.
    const demoUsers = sql`(select id from users where username like ${`%@${DEMO_EMAIL_DOMAIN}`} or username = ${DEMO_OWNER.email})`;
    const nowTs = now.toISOString();
    await tx.execute(sql`
      insert into post_likes (post_id, visitor_id, created_at)
      select p.id, ${DEMO_VISITOR_PREFIX} || g, p.created_at + (${nowTs}::timestamptz - p.created_at) * (((g * 7919) % 997) / 997.0)
      from posts p cross join lateral generate_series(1, p.likes_count) g
      where p.user_id in ${demoUsers}
      on conflict do nothing`);
    await tx.execute(sql`
      insert into post_views (post_id, visitor_id, day, created_at)
      select p.id, ${DEMO_VISITOR_PREFIX} || g, (v.at at time zone 'UTC')::date, v.at
      from posts p cross join lateral generate_series(1, p.views_count) g
      cross join lateral (select p.created_at + (${nowTs}::timestamptz - p.created_at) * (((g * 4001) % 1009) / 1009.0) as at) v
      where p.user_id in ${demoUsers}
      on conflict do nothing`);
    await seedBusinessCategories(tx);
  });
  const dbMs = Date.now() - dbStarted;
  const pages = await seedSitePages(db, now);

  const imagesStarted = Date.now();
  await imagesDone;
  const ms = Date.now() - started;
  log(
    `seed: ${businesses.length} businesses in ${new Set(businesses.map((b) => b.place.city)).size} places, ${postRows.length} posts, ` +
      `${pages} site pages; database ${dbMs} ms; ${jobs.size} images (${rendered} rendered, ${jobs.size - rendered} already on disk, ` +
      `waited ${Date.now() - imagesStarted} ms after the database); total ${ms} ms`,
  );
  return { businesses: businesses.length, posts: postRows.length, images: jobs.size, imagesRendered: rendered, ms };
}
