import fs from 'node:fs';
import path from 'node:path';
import type { Post } from '@aaspaas/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts, users } from '#src/db/schema';
import { buildTestApp, createBusiness, createPost, type TestApp } from '#test/helper';

const MIGRATION = path.join(import.meta.dirname, '../../src/db/migrations/0022_nfc_text.sql');

// ताज़ा and फ़ as some keyboards type them: the nukta letter as one code point (U+095B, U+095E), which
// NFC writes as two (the letter and U+093C). Both look the same; before the migration, only one was found.
const TAAZA_ONE_CODE_POINT = '\u0924\u093E\u095B\u093E';
const TAAZA_NFC = TAAZA_ONE_CODE_POINT.normalize('NFC');
const FOOD_ONE_CODE_POINT = '\u095E\u0942\u0921';

/** Rows saved before text was written in NFC, then the migration 0022_nfc_text as the app applies it. */
describe('migration 0022_nfc_text: text saved before NFC is found by NFC search terms', () => {
  let app: TestApp;
  const ids: Record<string, string> = {};
  const search = async (q: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/feed?limit=50&q=${encodeURIComponent(q)}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Post[]).map((p) => p.id).sort();
  };

  beforeAll(async () => {
    app = await buildTestApp();
    const db = app.dbHandle.db;
    expect(TAAZA_NFC).not.toBe(TAAZA_ONE_CODE_POINT);
    const shop = await createBusiness(db, { businessName: `${FOOD_ONE_CODE_POINT} कॉर्नर`, lat: 26.8467, lon: 80.9462 });
    ids.sweets = (
      await createPost(db, shop, {
        content: `दिवाली की ${TAAZA_ONE_CODE_POINT} मिठाई`,
        hashtags: ['दिवाली', TAAZA_ONE_CODE_POINT, 'mithai'],
      })
    ).id;
    // The same tag in both forms, as two phones typed it: one tag after the migration.
    ids.both = (await createPost(db, shop, { content: 'Fresh samosa', hashtags: [TAAZA_ONE_CODE_POINT, TAAZA_NFC] })).id;
  });

  afterAll(async () => {
    await app?.close();
  });

  it('before it, NFC terms miss the tag and the text', async () => {
    expect(await search(`#${TAAZA_NFC}`)).toEqual([ids.both]);
    expect(await search(`${TAAZA_NFC} मिठाई`)).toEqual([]);
    expect(await search('#दिवाली')).toEqual([ids.sweets]);
  });

  it('after it, the post holds NFC text and one copy of each tag, and is found by #दिवाली, #ताज़ा and the name', async () => {
    const statements = fs.readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint');
    for (const statement of statements) await app.dbHandle.db.execute(sql.raw(statement));

    const [row] = await app.dbHandle.db
      .select()
      .from(posts)
      .where(eq(posts.id, String(ids.sweets)));
    expect(row?.hashtags).toEqual(['दिवाली', TAAZA_NFC, 'mithai']);
    expect(row?.content).toBe(`दिवाली की ${TAAZA_NFC} मिठाई`);
    const [shop] = await app.dbHandle.db
      .select()
      .from(users)
      .where(eq(users.id, String(row?.userId)));
    expect(shop?.businessName).toBe(`${FOOD_ONE_CODE_POINT.normalize('NFC')} कॉर्नर`);

    const [both] = await app.dbHandle.db
      .select()
      .from(posts)
      .where(eq(posts.id, String(ids.both)));
    expect(both?.hashtags).toEqual([TAAZA_NFC]);

    const sweetsAndBoth = [ids.sweets, ids.both].sort();
    expect(await search('#दिवाली')).toEqual([ids.sweets]);
    expect(await search(`#${TAAZA_NFC}`)).toEqual(sweetsAndBoth);
    expect(await search(`${TAAZA_NFC} मिठाई`)).toEqual([ids.sweets]);
    // A term typed the other way is written in NFC too (parseSearchTerms).
    expect(await search(`#${TAAZA_ONE_CODE_POINT}`)).toEqual(sweetsAndBoth);
    expect(await search(FOOD_ONE_CODE_POINT)).toEqual(sweetsAndBoth);
  });
});
