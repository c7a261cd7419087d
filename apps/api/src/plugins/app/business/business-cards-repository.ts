import {
  ADMIN_CONTENT_MESSAGES,
  ADMIN_COUNT_CAP,
  ADMIN_PAGE_SIZE,
  ADMIN_SEARCH_COUNT_CAP,
  type BusinessCard,
  type BusinessCardPage,
  type UpdateBusinessCardRequestSchema,
} from '@aaspaas/domain';
import { and, count, desc, eq, notInArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import type { Db } from '#src/db/client';
import { type UserRow, users } from '#src/db/schema';
import { AppError } from '#src/lib/app-error';
import { ilike, likePattern } from '#src/lib/like-pattern';
import { ADMIN_SEARCH_WALK } from '#src/plugins/app/admin/admin-search-walk';
import type { AuditRepository } from '#src/plugins/app/audit/audit-repository';

type UpdateCard = z.output<typeof UpdateBusinessCardRequestSchema>;

function toCard(row: UserRow): BusinessCard {
  return {
    userId: row.id,
    email: row.username,
    businessName: row.businessName,
    businessPhone: row.businessPhone,
    businessAddress: row.businessAddress,
    businessCategories: row.businessCategories,
    profileImageUrl: row.profileImageUrl,
    city: row.city,
    status: row.status,
    verified: row.verifiedAt !== null,
    featured: row.featuredAt !== null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The public part of a card, as the audit log keeps it before and after a change. */
function cardFields(card: BusinessCard) {
  const { updatedAt: _u, email: _e, status: _s, ...rest } = card;
  return rest;
}

const notFound = () => AppError.notFound(ADMIN_CONTENT_MESSAGES.businessNotFound);

/**
 * The admin's view of the businesses' public cards: a server-paged list with search, and edits of
 * what a visitor sees (name, photo, categories, address, phone) plus the verified and featured marks.
 * The admin accounts themselves are not businesses and are left out.
 */
export function createBusinessCardsRepository(deps: {
  db: Db;
  audit: Pick<AuditRepository, 'record'>;
  adminEmails: () => string[];
}) {
  const { db, audit, adminEmails } = deps;

  type Columns = { username: PgColumn; name: PgColumn; businessName: PgColumn; businessPhone: PgColumn; mobileNumber: PgColumn };

  /**
   * The expression of the trigram index users_search_idx (migration 0013), so a search can read the index;
   * a walk of the newest accounts compares them one by one (`ilike`).
   */
  function searchFilter(t: Columns, q: string, walk = false): SQL {
    const text = sql`users_search_text(${t.username}, ${t.name}, ${t.businessName}, ${t.businessPhone}, ${t.mobileNumber})`;
    const pattern = likePattern(q, 'contains');
    const fast = sql`${text} ${ilike(pattern)}`;
    // For the index, its own expression; the fast comparison first decides most rows when the planner
    // reads the table instead (a capped count of a common name).
    return walk ? fast : sql`${fast} AND ${text} ILIKE ${pattern}`;
  }

  function filters(q?: string, featuredOnly = false): SQL | undefined {
    const admins = adminEmails();
    return and(
      admins.length > 0 ? notInArray(users.username, admins) : undefined,
      q ? searchFilter(users, q) : undefined,
      featuredOnly ? sql`${users.featuredAt} IS NOT NULL` : undefined,
    );
  }

  /** Newest business first; the featured ones as the dashboard lists them, the most recently featured first. */
  const order = (t: { featuredAt: PgColumn; createdAt: PgColumn; id: PgColumn }, featured?: boolean) => [
    ...(featured ? [desc(t.featuredAt)] : []),
    desc(t.createdAt),
    desc(t.id),
  ];

  return {
    async list(query: { q?: string; page: number; featured?: boolean }): Promise<BusinessCardPage> {
      const where = filters(query.q, query.featured);
      const offset = (query.page - 1) * ADMIN_PAGE_SIZE;
      const indexed = () =>
        db
          .select()
          .from(users)
          .where(where)
          .orderBy(...order(users, query.featured))
          .limit(ADMIN_PAGE_SIZE)
          .offset(offset);
      let rows: UserRow[];
      if (query.q) {
        // The list's newest accounts walked first (ADR 017): a name a thousand accounts share fills its
        // first pages from ~150 blocks, where the trigram index reads every match; a rarer one, or a
        // deep page, is then read through the index.
        const recent = db
          .select()
          .from(users)
          .where(filters(undefined, query.featured))
          .orderBy(...order(users, query.featured))
          .limit(ADMIN_SEARCH_WALK)
          .as('recent');
        rows = await db
          .select()
          .from(recent)
          .where(searchFilter(recent, query.q, true))
          .orderBy(...order(recent, query.featured))
          .limit(ADMIN_PAGE_SIZE)
          .offset(offset);
        if (rows.length < ADMIN_PAGE_SIZE) rows = await indexed();
      } else {
        rows = await indexed();
      }
      // Counted up to the cap: an exact count read every account on every page (3,000 blocks at 100,000),
      // and every account a search matches (~2,000 blocks for a name a thousand accounts share).
      const cap = query.q ? ADMIN_SEARCH_COUNT_CAP : ADMIN_COUNT_CAP;
      const matched = db
        .select({ one: sql`1` })
        .from(users)
        .where(where)
        .limit(cap + 1)
        .as('matched');
      const [counted] = await db.select({ n: count() }).from(matched);
      const n = counted?.n ?? 0;
      return {
        items: rows.map(toCard),
        total: Math.min(n, cap),
        totalCapped: n > cap,
        page: query.page,
        pageSize: ADMIN_PAGE_SIZE,
      };
    },

    async get(userId: string): Promise<BusinessCard> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, userId), filters()))
        .limit(1);
      if (!row) throw notFound();
      return toCard(row);
    },

    update(admin: UserRow, userId: string, input: UpdateCard): Promise<BusinessCard> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(users)
          .where(and(eq(users.id, userId), filters()))
          .for('update');
        if (!before) throw notFound();
        const now = new Date();
        const set: Partial<typeof users.$inferInsert> = { updatedAt: now };
        if (input.businessName !== undefined) set.businessName = input.businessName;
        if (input.businessPhone !== undefined) set.businessPhone = input.businessPhone;
        if (input.businessAddress !== undefined) set.businessAddress = input.businessAddress;
        if (input.businessCategories !== undefined) set.businessCategories = [...new Set(input.businessCategories)];
        if (input.removePhoto) set.profileImageUrl = null;
        if (input.verified !== undefined) set.verifiedAt = input.verified ? (before.verifiedAt ?? now) : null;
        if (input.featured !== undefined) set.featuredAt = input.featured ? (before.featuredAt ?? now) : null;
        const [row] = await tx.update(users).set(set).where(eq(users.id, userId)).returning();
        if (!row) throw notFound();
        const card = toCard(row);
        await audit.record(tx, {
          admin,
          action: 'business-card.update',
          targetType: 'business',
          targetId: userId,
          before: cardFields(toCard(before)),
          after: cardFields(card),
          reason: input.reason ?? null,
        });
        return card;
      });
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    businessCardsRepository: ReturnType<typeof createBusinessCardsRepository>;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate(
      'businessCardsRepository',
      createBusinessCardsRepository({
        db: fastify.db,
        audit: fastify.auditRepository,
        adminEmails: () => fastify.config.ADMIN_EMAILS,
      }),
    );
  },
  { name: 'business-cards-repository', dependencies: ['db', 'env', 'audit-repository'] },
);
