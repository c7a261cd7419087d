import {
  COUNTER_MESSAGES,
  indiaTimeOn,
  isOnboardingComplete,
  nextIndiaMidnight,
  type Language,
  NEW_USER_BALANCE_PAISE,
  type UpdateProfileRequestSchema,
  type UserStats,
} from '@aaspaas/domain';
import { and, count, eq, inArray, or } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import type { Db, Executor } from '#src/db/client';
import { analyticsEvents, contacts, posts, smsMessages, type UserRow, uploads, users } from '#src/db/schema';
import { AppError } from '#src/lib/app-error';
import { writeOpeningHoursRows } from '#src/plugins/app/business/opening-hours-rows';

export type ProfileChanges = z.output<typeof UpdateProfileRequestSchema>;

/**
 * A new business owner's account: by email and password (sign-up) or by an outside identity
 * (`passwordHash` null, the address already proven by the provider).
 */
export type NewAccount = {
  email: string;
  passwordHash: string | null;
  name: string;
  businessName: string;
  mobileNumber?: string | null;
  emailVerifiedAt?: Date | null;
  /** The language the owner was using when the account was made (the page's, from the request). */
  language?: Language;
};

const PROFILE_COLUMNS = [
  'name',
  'businessName',
  'businessDetails',
  'businessPhone',
  'gstNumber',
  'businessCategories',
  'businessAddress',
  'city',
  'state',
  'lat',
  'lon',
  'language',
  'hours',
  'upiId',
] as const satisfies readonly (keyof ProfileChanges & keyof UserRow)[];

/** When the one-tap closure ends (docs/product.md §3): India midnight for 'today', that time today for 'HH:MM'. */
function closureEnd(closure: ProfileChanges['closure'], now: Date): Date | null | undefined {
  if (closure === undefined || closure === null) return closure;
  const end = closure === 'today' ? nextIndiaMidnight(now.getTime()) : indiaTimeOn(now.getTime(), closure);
  if (end === null || end <= now.getTime()) throw AppError.badRequest(COUNTER_MESSAGES.timePassed);
  return new Date(end);
}

/** A business owner's account as a whole: created, its profile changed, counted, erased. */
export function createAccountsRepository(deps: { db: Db; removeFiles: (storageKeys: string[]) => Promise<void> }) {
  const { db, removeFiles } = deps;
  return {
    /**
     * The one place an account is created (sign-up and first sign-in with an outside identity), in
     * the caller's transaction when given one. Null when the (lower-cased) email is taken: the unique
     * index decides, so two sign-ups at once cannot both pass.
     */
    async create(account: NewAccount, executor: Executor = db): Promise<UserRow | null> {
      const [row] = await executor
        .insert(users)
        .values({
          username: account.email.trim().toLowerCase(),
          passwordHash: account.passwordHash,
          name: account.name,
          businessName: account.businessName,
          mobileNumber: account.mobileNumber ?? null,
          balancePaise: NEW_USER_BALANCE_PAISE,
          emailVerifiedAt: account.emailVerifiedAt ?? null,
          ...(account.language ? { language: account.language } : {}),
        })
        .onConflictDoNothing({ target: users.username })
        .returning();
      return row ?? null;
    },

    /** Applies only the fields present in `changes`; recomputes onboarding. Null when the user is gone. */
    updateProfile(userId: string, changes: ProfileChanges, now: Date = new Date()): Promise<UserRow | null> {
      const closedUntil = closureEnd(changes.closure, now);
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
        if (!current) return null;
        const set: Partial<typeof users.$inferInsert> = {};
        for (const column of PROFILE_COLUMNS) {
          if (changes[column] !== undefined) Object.assign(set, { [column]: changes[column] });
        }
        if (closedUntil !== undefined) set.closedUntil = closedUntil;
        const next = { ...current, ...set };
        const [updated] = await tx
          .update(users)
          .set({ ...set, onboardingCompleted: isOnboardingComplete(next), updatedAt: new Date() })
          .where(eq(users.id, userId))
          .returning();
        if (updated && (changes.hours !== undefined || closedUntil !== undefined)) {
          await writeOpeningHoursRows(tx, userId, updated.hours, updated.closedUntil, now);
        }
        return updated ?? null;
      });
    },

    async setProfileImage(userId: string, url: string): Promise<UserRow | null> {
      const [updated] = await db
        .update(users)
        .set({ profileImageUrl: url, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning();
      return updated ?? null;
    },

    async stats(user: UserRow): Promise<UserStats> {
      const [[postRow], [contactRow], [smsRow]] = await Promise.all([
        db.select({ n: count() }).from(posts).where(eq(posts.userId, user.id)),
        db.select({ n: count() }).from(contacts).where(eq(contacts.userId, user.id)),
        // Messages that went out (submitted or delivered): queued, failed and cancelled ones were not sent.
        db
          .select({ n: count() })
          .from(smsMessages)
          .where(and(eq(smsMessages.userId, user.id), inArray(smsMessages.status, ['submitted', 'delivered']))),
      ]);
      return { contacts: contactRow?.n ?? 0, sentSms: smsRow?.n ?? 0, balancePaise: user.balancePaise, posts: postRow?.n ?? 0 };
    },

    /** Erases the user and everything they own; their media files go after the rows are gone. */
    async erase(userId: string): Promise<void> {
      const storageKeys = await db.transaction(async (tx) => {
        const owned = await tx.select({ storageKey: uploads.storageKey }).from(uploads).where(eq(uploads.userId, userId));
        // Analytics events name posts and businesses without a foreign key: remove the ones about this business.
        const postIds = tx.select({ id: posts.id }).from(posts).where(eq(posts.userId, userId));
        await tx
          .delete(analyticsEvents)
          .where(or(eq(analyticsEvents.businessId, userId), inArray(analyticsEvents.postId, postIds)));
        // Posts (with their likes and views), contacts, uploads, sessions, reset links, identities and
        // the admin record all reference the user ON DELETE CASCADE.
        await tx.delete(users).where(eq(users.id, userId));
        return owned.map((o) => o.storageKey);
      });
      await removeFiles(storageKeys);
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    accountsRepository: AccountsRepository;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate(
      'accountsRepository',
      createAccountsRepository({ db: fastify.db, removeFiles: fastify.uploadsService.removeFiles }),
    );
  },
  { name: 'accounts-repository', dependencies: ['db', 'uploads-service'] },
);
