import crypto from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { templateCategories, templates } from '../schema';
import { type RenderStorage, writeCardImages } from '../../plugins/app/templates/post-card-image';
import { TEMPLATE_CATEGORY_HINDI, TEMPLATE_TITLE_HINDI } from '../../content/hindi-names';
import { STARTER_TEMPLATE_CATEGORIES, STARTER_TEMPLATES, type StarterTemplate } from '../../content/starter-templates';
import { STARTER_TEXT_AREA, templateBackgroundSvg } from '../../plugins/app/templates/template-backgrounds';

export type TemplateSeedResult = { categories: number; templates: number; imagesRendered: number };

/** Where a starter background lives: named by its design's hash, so a changed design never reuses a stale file. */
function backgroundOf(t: StarterTemplate): { svg: string; url: string; base: string } {
  const svg = templateBackgroundSvg(t.motif);
  const name = `${t.key}-${crypto.createHash('sha1').update(svg).digest('hex').slice(0, 8)}`;
  return { svg, url: `/media/templates/${name}.webp`, base: `templates/${name}` };
}

/**
 * The starter templates: their backgrounds (with the upload variants) are rendered when the media
 * storage lacks them (the bucket when S3 is set, so every process serves them; ADR 046), and the rows are added when the database has no templates at all — a new database, or an
 * existing one from before templates. Templates an admin later removes stay removed.
 */
export async function seedTemplates(db: Db, storage: RenderStorage): Promise<TemplateSeedResult> {
  const backgrounds = STARTER_TEMPLATES.map((t) => ({ template: t, ...backgroundOf(t) }));
  let imagesRendered = 0;
  // One at a time: a first start on a small machine also serves requests meanwhile.
  for (const b of backgrounds) if (await writeCardImages(storage, b.svg, b.base)) imagesRendered++;

  return db.transaction(async (tx) => {
    // Two processes starting together must not both seed.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('aaspaas:seed-templates'))`);
    const [existing] = await tx.select({ n: count() }).from(templates);
    if ((existing?.n ?? 0) > 0) return { categories: 0, templates: 0, imagesRendered };

    const addedCategories = await tx
      .insert(templateCategories)
      .values(
        STARTER_TEMPLATE_CATEGORIES.map((name, i) => ({ name, nameHi: TEMPLATE_CATEGORY_HINDI[name] ?? null, sortOrder: i })),
      )
      .onConflictDoNothing({ target: templateCategories.name })
      .returning();
    const idOf = new Map((await tx.select().from(templateCategories)).map((c) => [c.name, c.id]));
    const rows = backgrounds.map((b, i) => {
      const categoryId = idOf.get(b.template.category);
      if (!categoryId) throw new Error(`starter template category missing: ${b.template.category}`);
      return {
        categoryId,
        title: b.template.title,
        titleHi: TEMPLATE_TITLE_HINDI[b.template.title] ?? null,
        kind: b.template.kind,
        backgroundUrl: b.url,
        text: b.template.text,
        textHi: b.template.textHi,
        textColor: '#ffffff',
        textArea: { ...STARTER_TEXT_AREA },
        defaultContent: b.template.defaultContent,
        defaultContentHi: b.template.defaultContentHi,
        defaultHashtags: b.template.defaultHashtags,
        sortOrder: i,
      };
    });
    const added = await tx.insert(templates).values(rows).returning({ id: templates.id });
    return { categories: addedCategories.length, templates: added.length, imagesRendered };
  });
}
