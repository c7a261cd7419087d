import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARTER_TEMPLATES } from '#src/content/starter-templates';
import { templates } from '#src/db/schema';
import { seedTemplates } from '#src/db/seed/seed-templates';
import { buildTestApp, type TestApp } from '#test/helper';

const MIGRATION = path.join(import.meta.dirname, '../../src/db/migrations/0036_hindi_template_text.sql');

/** A database seeded before templates had Hindi text, then migration 0036's statements as the app applies them. */
describe('migration 0036_hindi_template_text: the starter set’s Hindi for databases seeded before', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await buildTestApp();
    await seedTemplates(app.db, app.mediaStorageService);
    // As before the migration: no Hindi text; and one template whose English the admin has since edited.
    await app.db.update(templates).set({ textHi: null, defaultContentHi: null });
    await app.db
      .update(templates)
      .set({ text: '# Diwali Mega Sale\n{offer}' })
      .where(eq(templates.title, 'Diwali Dhamaka Offer'));
  });
  afterAll(() => app.close());

  it('fills in the Hindi where the English is still the starter’s own, and leaves an edited text without a stale one', async () => {
    const statements = fs.readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint');
    // The columns exist already (the test database is migrated): the statements that fill them in.
    for (const statement of statements.filter((s) => s.includes('UPDATE'))) await app.db.execute(sql.raw(statement));

    const rows = await app.db.select().from(templates);
    expect(rows).toHaveLength(STARTER_TEMPLATES.length);
    for (const row of rows) {
      const starter = STARTER_TEMPLATES.find((t) => t.title === row.title)!;
      expect(row.defaultContentHi, row.title).toBe(starter.defaultContentHi);
      expect(row.textHi, row.title).toBe(row.title === 'Diwali Dhamaka Offer' ? null : starter.textHi);
    }
  });
});
