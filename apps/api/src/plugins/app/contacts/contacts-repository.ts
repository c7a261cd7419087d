// A business's contacts: list, search, create, edit, delete, import and consent (SMS and WhatsApp)
// share one row mapping and one ownership check, hence one file above the usual size.
import {
  CONTACT_MESSAGES,
  CONTACTS_MAX_PER_BUSINESS,
  type ContactImportResult,
  type ContactImportRow,
  type ContactInputSchema,
  type ContactList,
  type ContactListQuerySchema,
  importOverLimitMessage,
  normalizeIndianMobile,
} from '@aaspaas/domain';
import { and, asc, count, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { setImmediate } from 'node:timers/promises';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import type { Db } from '#src/db/client';
import { type ContactRow, contacts, users } from '#src/db/schema';
import { isUniqueViolation } from '#src/db/unique-violation';
import { decodeContactCursor, encodeContactCursor } from './contact-cursor';
import { whatsappConsentEdit, whatsappJoinConsent, whatsappStopped } from '../whatsapp/whatsapp-consent';
import { AppError } from '#src/lib/app-error';
import { checkImportRows, type ImportRowError } from './contact-import';
import { toContact } from './contact-row';

export type ContactInput = z.output<typeof ContactInputSchema>;
export type ContactListQuery = z.output<typeof ContactListQuerySchema>;

/** A write that would give the business a second contact with the same number names the first. */
export type ContactWrite = { contact: ContactRow } | { duplicateOf: string } | { notFound: true };

export type JoinTarget = { businessId: string; businessName: string; city: string | null; profileImageUrl: string | null };

/**
 * Rows per INSERT of an import (~13 parameters a row, far below PostgreSQL's 65,535): small enough
 * that one statement holds the embedded database for a few tens of milliseconds.
 */
const IMPORT_SLICE = 500;

const sortName = sql<string>`lower(${contacts.name})`;

/** `%` and `_` in what the owner typed are letters, not wildcards. */
const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * The digits to look for in mobile numbers, when the search looks like a number: "98200",
 * "+91 98200 12345", "098200-12345". A full number in any accepted form becomes its 10 digits.
 */
export function numberSearchDigits(q: string): string | null {
  if (!/^[\d\s+\-().]+$/.test(q)) return null;
  const full = normalizeIndianMobile(q);
  if (full) return full;
  const digits = q.replace(/\D/g, '');
  const local = /^\s*\+\s*91/.test(q) ? digits.slice(2) : digits;
  return local || null;
}

/** The editable fields of a contact, as ContactInputSchema hands them over (absent = empty). */
function editableFields(input: ContactInput) {
  return {
    name: input.name,
    mobileNumber: input.mobileNumber,
    email: input.email ?? null,
    notes: input.notes ?? null,
    tags: input.tags ?? [],
    birthday: input.birthday ?? null,
    anniversary: input.anniversary ?? null,
  };
}

export function createContactsRepository(deps: { db: Db }) {
  const { db } = deps;
  const owned = (userId: string, id: string) => and(eq(contacts.userId, userId), eq(contacts.id, id));

  async function idByMobile(userId: string, mobileNumber: string): Promise<string | null> {
    const [row] = await db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.userId, userId), eq(contacts.mobileNumber, mobileNumber)));
    return row?.id ?? null;
  }

  async function countOf(userId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(contacts).where(eq(contacts.userId, userId));
    return row?.n ?? 0;
  }

  return {
    /** One page of the business's contacts, by name then id, with the total and every tag in use. */
    async list(userId: string, query: ContactListQuery): Promise<ContactList> {
      const filters: SQL[] = [eq(contacts.userId, userId)];
      if (query.q) {
        const byName = sql`${sortName} LIKE lower(${likeContains(query.q)})`;
        const digits = numberSearchDigits(query.q);
        filters.push(digits ? sql`(${byName} OR ${contacts.mobileNumber} LIKE ${likeContains(digits)})` : byName);
      }
      if (query.tag) filters.push(sql`${query.tag} = ANY(${contacts.tags})`);
      const after = query.cursor ? decodeContactCursor(query.cursor) : null;
      const page = after ? [...filters, sql`(${sortName}, ${contacts.id}) > (${after.sortName}, ${after.id}::uuid)`] : filters;

      const [rows, totals, tagRows] = await Promise.all([
        db
          .select({ row: contacts, sortName })
          .from(contacts)
          .where(and(...page))
          .orderBy(sortName, asc(contacts.id))
          .limit(query.limit + 1),
        db
          .select({ n: count() })
          .from(contacts)
          .where(and(...filters)),
        db.execute<{ tag: string }>(
          sql`SELECT DISTINCT t AS tag FROM ${contacts}, unnest(${contacts.tags}) AS t WHERE ${contacts.userId} = ${userId} ORDER BY t`,
        ),
      ]);
      const more = rows.length > query.limit;
      const shown = more ? rows.slice(0, query.limit) : rows;
      const last = shown.at(-1);
      return {
        contacts: shown.map((r) => toContact(r.row)),
        total: totals[0]?.n ?? 0,
        nextCursor: more && last ? encodeContactCursor({ sortName: last.sortName, id: last.row.id }) : null,
        tags: tagRows.rows.map((r) => r.tag),
      };
    },

    async byId(userId: string, id: string): Promise<ContactRow | null> {
      const [row] = await db.select().from(contacts).where(owned(userId, id));
      return row ?? null;
    },

    count: countOf,

    /** Adds a contact by hand. The unique (user_id, mobile_number) decides between concurrent adds. */
    async create(userId: string, input: ContactInput): Promise<ContactWrite> {
      const now = new Date();
      const values = {
        userId,
        ...editableFields(input),
        source: 'manual' as const,
        consentAt: input.consent ? now : null,
        consentChannel: input.consent ? (input.consentChannel ?? 'in_person') : null,
        optedOut: input.optedOut ?? false,
        optedOutAt: input.optedOut ? now : null,
        ...whatsappConsentEdit(input.whatsappConsent, null, now),
      };
      if ((await countOf(userId)) >= CONTACTS_MAX_PER_BUSINESS) {
        const existing = await idByMobile(userId, values.mobileNumber);
        if (existing) return { duplicateOf: existing };
        throw new AppError('CONFLICT', CONTACT_MESSAGES.listFull);
      }
      // The existing contact may be deleted between the conflict and the look-up: then try again.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const [row] = await db
          .insert(contacts)
          .values(values)
          .onConflictDoNothing({ target: [contacts.userId, contacts.mobileNumber] })
          .returning();
        if (row) return { contact: row };
        const existing = await idByMobile(userId, values.mobileNumber);
        if (existing) return { duplicateOf: existing };
      }
      throw new Error('contact insert kept conflicting with a contact that vanished');
    },

    /**
     * Replaces the editable fields. Consent and opt-out are records, not form values: consent
     * turned on is dated now (an existing consent keeps its date and channel), turned off is
     * cleared; opting out is dated now and undone by optedOut false. Absent flags change nothing.
     */
    async update(userId: string, id: string, input: ContactInput): Promise<ContactWrite> {
      const fields = editableFields(input);
      try {
        return await db.transaction(async (tx): Promise<ContactWrite> => {
          const [current] = await tx.select().from(contacts).where(owned(userId, id)).for('update');
          if (!current) return { notFound: true };
          const [clash] = await tx
            .select({ id: contacts.id })
            .from(contacts)
            .where(and(eq(contacts.userId, userId), eq(contacts.mobileNumber, fields.mobileNumber), ne(contacts.id, id)));
          if (clash) return { duplicateOf: clash.id };
          const now = new Date();
          const set: Partial<typeof contacts.$inferInsert> = { ...fields, updatedAt: now };
          if (input.consent === true && !current.consentAt) {
            set.consentAt = now;
            set.consentChannel = input.consentChannel ?? 'in_person';
          } else if (input.consent === false) {
            set.consentAt = null;
            set.consentChannel = null;
          }
          Object.assign(set, whatsappConsentEdit(input.whatsappConsent, current, now));
          if (input.optedOut === true && !current.optedOut) {
            set.optedOut = true;
            set.optedOutAt = now;
          } else if (input.optedOut === false) {
            set.optedOut = false;
            set.optedOutAt = null;
          }
          const [row] = await tx.update(contacts).set(set).where(owned(userId, id)).returning();
          return row ? { contact: row } : { notFound: true };
        });
      } catch (error) {
        // Another request gave the number to a contact after our check.
        if (!isUniqueViolation(error)) throw error;
        const existing = await idByMobile(userId, fields.mobileNumber);
        if (!existing) throw error;
        return { duplicateOf: existing };
      }
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const gone = await db.delete(contacts).where(owned(userId, id)).returning({ id: contacts.id });
      return gone.length > 0;
    },

    /** Deletes those of `ids` that belong to the business; others' ids are ignored, not reported. */
    async removeMany(userId: string, ids: readonly string[]): Promise<number> {
      const gone = await db
        .delete(contacts)
        .where(and(eq(contacts.userId, userId), inArray(contacts.id, [...new Set(ids)])))
        .returning({ id: contacts.id });
      return gone.length;
    },

    /**
     * Imports the rows the browser parsed: each validated like a hand-added contact, duplicates in
     * the file and numbers already on the list skipped and counted. An import that would take the
     * list past CONTACTS_MAX_PER_BUSINESS is refused whole before anything is written.
     *
     * The new rows go in slices of IMPORT_SLICE, each its own statement, with a turn of the event
     * loop between them: the embedded database runs inside this process and holds it for as long
     * as one statement (or transaction) runs, so one transaction of 20,000 rows would make every
     * other request — static files included — wait seconds. A slice that fails takes the import's
     * earlier slices back out, so an import is still all or nothing.
     */
    async import(userId: string, rows: readonly ContactImportRow[], consent: boolean): Promise<ContactImportResult> {
      const check = checkImportRows(rows);
      const numbers = check.candidates.map((c) => c.mobileNumber);
      const [present, current] = await Promise.all([
        numbers.length === 0
          ? Promise.resolve([])
          : db
              .select({ mobileNumber: contacts.mobileNumber })
              .from(contacts)
              .where(and(eq(contacts.userId, userId), inArray(contacts.mobileNumber, numbers))),
        countOf(userId),
      ]);
      const onList = new Set(present.map((r) => r.mobileNumber));
      const fresh = check.candidates.filter((c) => !onList.has(c.mobileNumber));
      if (current + fresh.length > CONTACTS_MAX_PER_BUSINESS) {
        throw new AppError('CONFLICT', importOverLimitMessage(current, fresh.length));
      }

      const now = new Date();
      const insertedIds: string[] = [];
      const stored = new Set<string>();
      try {
        for (let start = 0; start < fresh.length; start += IMPORT_SLICE) {
          if (start > 0) await setImmediate();
          const slice = fresh.slice(start, start + IMPORT_SLICE);
          const inserted = await db
            .insert(contacts)
            .values(
              slice.map(({ row: _row, ...fields }) => ({
                userId,
                ...fields,
                source: 'import' as const,
                consentAt: consent ? now : null,
                consentChannel: consent ? ('import' as const) : null,
                createdAt: now,
                updatedAt: now,
              })),
            )
            // A number added meanwhile (by hand, by QR) is kept as it is: this row counts as already there.
            .onConflictDoNothing({ target: [contacts.userId, contacts.mobileNumber] })
            .returning({ id: contacts.id, mobileNumber: contacts.mobileNumber });
          for (const r of inserted) {
            insertedIds.push(r.id);
            stored.add(r.mobileNumber);
          }
        }
      } catch (error) {
        for (let start = 0; start < insertedIds.length; start += IMPORT_SLICE * 4) {
          await db.delete(contacts).where(inArray(contacts.id, insertedIds.slice(start, start + IMPORT_SLICE * 4)));
        }
        throw error;
      }
      const alreadyThere = check.candidates.filter((c) => !stored.has(c.mobileNumber));
      const errors: ImportRowError[] = [
        ...check.errors,
        ...alreadyThere.map((c) => ({ row: c.row, reason: 'Already in your contacts' })),
      ].sort((a, b) => a.row - b.row);
      return {
        imported: stored.size,
        duplicates: check.duplicates + alreadyThere.length,
        invalid: check.invalid,
        errors,
      };
    },

    /** Every contact of the business, in list order (for the CSV export). */
    async all(userId: string): Promise<ContactRow[]> {
      return db.select().from(contacts).where(eq(contacts.userId, userId)).orderBy(sortName, asc(contacts.id));
    },

    /** The business behind a public opt-in link; null for an unknown or inactive one. */
    async joinTarget(businessId: string): Promise<JoinTarget | null> {
      const [row] = await db
        .select({
          businessId: users.id,
          businessName: users.businessName,
          city: users.city,
          profileImageUrl: users.profileImageUrl,
        })
        .from(users)
        .where(and(eq(users.id, businessId), eq(users.status, 'active')));
      return row ?? null;
    },

    /**
     * A customer adds themself through the business's QR code. A number already on the list keeps
     * the business's record (name, notes…) and gets a fresh consent; it is opted back in.
     * Answers whether the contact is new.
     */
    async join(businessId: string, name: string, mobileNumber: string, whatsapp = false): Promise<{ created: boolean }> {
      const now = new Date();
      const consent = {
        consentAt: now,
        consentChannel: 'qr_opt_in' as const,
        optedOut: false,
        optedOutAt: null,
        ...(whatsapp ? whatsappJoinConsent(now) : {}),
      };
      if ((await countOf(businessId)) >= CONTACTS_MAX_PER_BUSINESS && !(await idByMobile(businessId, mobileNumber))) {
        throw new AppError('CONFLICT', CONTACT_MESSAGES.joinListFull);
      }
      const [created] = await db
        .insert(contacts)
        .values({ userId: businessId, name, mobileNumber, source: 'qr', ...consent })
        .onConflictDoNothing({ target: [contacts.userId, contacts.mobileNumber] })
        .returning({ id: contacts.id });
      if (created) return { created: true };
      await db
        .update(contacts)
        .set({ ...consent, updatedAt: now })
        .where(and(eq(contacts.userId, businessId), eq(contacts.mobileNumber, mobileNumber)));
      return { created: false };
    },

    /** Marks the number opted out (SMS and WhatsApp alike) if it is on the list; the first opt-out's date is kept. */
    async optOut(businessId: string, mobileNumber: string): Promise<void> {
      const now = new Date();
      await db
        .update(contacts)
        .set({
          optedOut: true,
          optedOutAt: sql`coalesce(${contacts.optedOutAt}, ${now.toISOString()}::timestamptz)`,
          ...whatsappStopped(now),
          whatsappOptedOutAt: sql`coalesce(${contacts.whatsappOptedOutAt}, ${now.toISOString()}::timestamptz)`,
          updatedAt: now,
        })
        .where(and(eq(contacts.userId, businessId), eq(contacts.mobileNumber, mobileNumber)));
    },
  };
}

export type ContactsRepository = ReturnType<typeof createContactsRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    contactsRepository: ContactsRepository;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('contactsRepository', createContactsRepository({ db: fastify.db }));
  },
  { name: 'contacts-repository', dependencies: ['db'] },
);
