import { POLICY_SLUGS, type PolicyUpdate, type SitePage, type SitePageSlug, type SitePageVersion } from '@aaspaas/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '#src/db/client';
import { sitePages, sitePageVersions, type UserRow, users } from '#src/db/schema';
import { AppError } from '#src/lib/app-error';
import type { AuditRepository } from '#src/plugins/app/audit/audit-repository';
import { renderMarkdown } from './render-markdown';

const VERSIONS_SHOWN = 50;

type VersionRow = typeof sitePageVersions.$inferSelect;
const toVersion = (row: VersionRow & { publishedByEmail: string | null }): SitePageVersion => ({
  id: row.id,
  slug: row.slug as SitePageSlug,
  title: row.title,
  body: row.body,
  publishedAt: row.publishedAt.toISOString(),
  publishedBy: row.publishedByEmail,
});

/** Landing pages: the current version for everyone, every published version kept for the admin. */
export function createPagesRepository(deps: { db: Db; audit: Pick<AuditRepository, 'record'> }) {
  const { db, audit } = deps;
  return {
    async bySlug(slug: SitePageSlug): Promise<SitePage> {
      const [row] = await db.select().from(sitePages).where(eq(sitePages.slug, slug));
      if (!row) throw AppError.notFound('Page not found');
      return { slug, title: row.title, body: row.body, html: renderMarkdown(row.body), updatedAt: row.updatedAt.toISOString() };
    },

    /** Publishes a new version: the page, its kept version and the audit row are written together. */
    async publish(
      admin: UserRow,
      slug: SitePageSlug,
      input: { title: string; body: string; reason?: string },
    ): Promise<SitePage> {
      const page = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(sitePages).where(eq(sitePages.slug, slug)).for('update');
        const now = new Date();
        const [row] = await tx
          .insert(sitePages)
          .values({ slug, title: input.title, body: input.body, updatedAt: now })
          .onConflictDoUpdate({ target: sitePages.slug, set: { title: input.title, body: input.body, updatedAt: now } })
          .returning();
        const [version] = await tx
          .insert(sitePageVersions)
          .values({ slug, title: input.title, body: input.body, publishedBy: admin.id, publishedAt: now })
          .returning({ id: sitePageVersions.id });
        await audit.record(tx, {
          admin,
          action: 'page.publish',
          targetType: 'page',
          targetId: slug,
          before: before ? { title: before.title, body: before.body } : null,
          after: { title: input.title, body: input.body, versionId: version?.id },
          reason: input.reason ?? null,
        });
        return row!;
      });
      return {
        slug,
        title: page.title,
        body: page.body,
        html: renderMarkdown(page.body),
        updatedAt: page.updatedAt.toISOString(),
      };
    },

    async versions(slug: SitePageSlug): Promise<SitePageVersion[]> {
      const rows = await db
        .select({
          id: sitePageVersions.id,
          slug: sitePageVersions.slug,
          title: sitePageVersions.title,
          body: sitePageVersions.body,
          publishedBy: sitePageVersions.publishedBy,
          publishedAt: sitePageVersions.publishedAt,
          publishedByEmail: users.username,
        })
        .from(sitePageVersions)
        .leftJoin(users, eq(users.id, sitePageVersions.publishedBy))
        .where(eq(sitePageVersions.slug, slug))
        .orderBy(desc(sitePageVersions.publishedAt), desc(sitePageVersions.id))
        .limit(VERSIONS_SHOWN);
      return rows.map(toVersion);
    },

    /**
     * The terms or privacy policy published since the account last acknowledged them (or since it was
     * made: signing up accepts the versions of that day).
     */
    async policyUpdates(user: UserRow): Promise<PolicyUpdate> {
      const seen = user.policiesSeenAt ?? user.createdAt;
      const rows = await db
        .select({ slug: sitePages.slug, title: sitePages.title, updatedAt: sitePages.updatedAt })
        .from(sitePages)
        .where(and(inArray(sitePages.slug, [...POLICY_SLUGS]), sql`${sitePages.updatedAt} > ${seen.toISOString()}::timestamptz`))
        .orderBy(sitePages.slug);
      return {
        updated: rows.map((r) => ({
          slug: r.slug as (typeof POLICY_SLUGS)[number],
          title: r.title,
          publishedAt: r.updatedAt.toISOString(),
        })),
      };
    },

    async acknowledgePolicies(user: UserRow, now: Date = new Date()): Promise<void> {
      await db.update(users).set({ policiesSeenAt: now }).where(eq(users.id, user.id));
    },

    renderPreview: (body: string) => ({ html: renderMarkdown(body) }),
  };
}

export type PagesRepository = ReturnType<typeof createPagesRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    pagesRepository: PagesRepository;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('pagesRepository', createPagesRepository({ db: fastify.db, audit: fastify.auditRepository }));
  },
  { name: 'pages-repository', dependencies: ['db', 'audit-repository'] },
);
