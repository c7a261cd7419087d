import fs from 'node:fs';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postTags } from '#src/db/schema';
import { buildTestApp, createBusiness, createPost, type TestApp } from '#test/helper';

const MIGRATION = path.join(import.meta.dirname, '../../src/db/migrations/0026_post_tags.sql');

/** Migration 0026 fills post_tags from the posts already there; its triggers keep it from then on (ADR 035). */
describe('migration 0026_post_tags: a row per hashtag of every post', () => {
  let app: TestApp;
  const rows = () => app.dbHandle.db.select().from(postTags).orderBy(asc(postTags.postId), asc(postTags.tag));

  beforeAll(async () => {
    app = await buildTestApp();
    const db = app.dbHandle.db;
    const shop = await createBusiness(db, { lat: 26.8467, lon: 80.9462 });
    await createPost(db, shop, { content: 'Cakes', hashtags: ['birthdaycake', 'मिठाई'], category: 'Bakery' });
    await createPost(db, shop, { content: 'No tags', hashtags: [] });
    // A tag twice, as a row written before hashtags were deduplicated could hold it: one row.
    await createPost(db, shop, { content: 'Twice', hashtags: ['offer', 'offer'], category: 'Grocery' });
  });
  afterAll(() => app?.close());

  it('its triggers wrote each distinct tag with the post’s time, place and lower-cased category', async () => {
    const written = await rows();
    expect(written.map((r) => [r.tag, r.category])).toEqual(
      expect.arrayContaining([
        ['birthdaycake', 'bakery'],
        ['मिठाई', 'bakery'],
        ['offer', 'grocery'],
      ]),
    );
    expect(written).toHaveLength(3);
    expect(written.every((r) => r.lat === 26.8467 && r.lon === 80.9462 && r.createdAt instanceof Date)).toBe(true);
  });

  it('its fill writes the same rows from the posts alone', async () => {
    const written = await rows();
    const fill = fs
      .readFileSync(MIGRATION, 'utf8')
      .split('--> statement-breakpoint')
      .find((statement) => /INSERT INTO post_tags .*FROM posts p/s.test(statement));
    expect(fill).toBeDefined();
    await app.dbHandle.db.execute(sql`DELETE FROM post_tags`);
    await app.dbHandle.db.execute(sql.raw(fill!));
    expect(await rows()).toEqual(written);
  });
});
