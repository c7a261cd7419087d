import { EMAIL_VERIFICATION_MAILS_PER_DAY, EMAIL_VERIFICATION_RESEND_MIN, EMAIL_VERIFICATION_TTL_HOURS } from '@aaspaas/domain';
import { and, count, eq, gt, max } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Env } from '#src/config/env';
import type { Db } from '#src/db/client';
import { emailVerifications, type UserRow, users } from '#src/db/schema';
import { emailVerificationMail, type VerificationPurpose } from '../mail/email-verification-mail';
import type { MailService } from '../mail/mail-service';
import type { UsersRepository } from '../users/users-repository';
import { hashToken, newOpaqueToken } from './opaque-token';
import { markEmailVerified } from './mark-email-verified';

/**
 * What one verification link did. A link spent before names no address: whoever holds an old link
 * (a forwarded mail, a mail scanner's log) learns nothing from it.
 */
export type VerifyOutcome =
  { kind: 'verified'; email: string } | { kind: 'already-used' } | { kind: 'expired' | 'invalid' | 'admin-address' };

/** What asking for a verification mail did. */
export type SendOutcome = 'sent' | 'rationed' | 'already-verified' | 'admin-address';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Links that prove a user reads their address: mailed within a ration, spent once. */
export function createEmailVerificationService(deps: {
  db: Db;
  config: Env;
  mailService: MailService;
  usersRepository: UsersRepository;
}) {
  const { db, config, mailService, usersRepository } = deps;

  /** A new link row for the user, or null when the ration is spent. One user's requests queue on its row lock. */
  function issue(user: UserRow, now: Date) {
    return db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
      const [recent] = await tx
        .select({ n: count(), last: max(emailVerifications.createdAt) })
        .from(emailVerifications)
        .where(and(eq(emailVerifications.userId, user.id), gt(emailVerifications.createdAt, new Date(now.getTime() - DAY_MS))));
      const last = recent?.last ? new Date(recent.last).getTime() : 0;
      if ((recent?.n ?? 0) >= EMAIL_VERIFICATION_MAILS_PER_DAY) return null;
      if (now.getTime() - last < EMAIL_VERIFICATION_RESEND_MIN * 60_000) return null;
      const { token, hash } = newOpaqueToken();
      await tx.insert(emailVerifications).values({
        userId: user.id,
        email: user.username,
        tokenHash: hash,
        expiresAt: new Date(now.getTime() + EMAIL_VERIFICATION_TTL_HOURS * 3_600_000),
        createdAt: now,
      });
      return token;
    });
  }

  /**
   * Mails `user` a single-use verification link, within the ration (one per 2 minutes, five per
   * 24 hours). Admin addresses never get one: they are proven by the admin set-up link.
   */
  async function send(user: UserRow, purpose: VerificationPurpose): Promise<SendOutcome> {
    if (user.emailVerifiedAt) return 'already-verified';
    if (usersRepository.isAdminEmail(user.username)) return 'admin-address';
    const token = await issue(user, new Date());
    if (!token) return 'rationed';
    // On the configured origin, never the request's Host. The mail service logs the link only for the
    // local outbox outside production: it is a credential.
    const link = `${config.publicOrigin}/verify-email?token=${encodeURIComponent(token)}`;
    await mailService.send({
      ...emailVerificationMail({ email: user.username, name: user.name, businessName: user.businessName }, link, purpose),
      link,
    });
    return 'sent';
  }

  /** Spends a link: marks the address it was sent to verified. */
  function verify(token: string): Promise<VerifyOutcome> {
    return db.transaction(async (tx) => {
      const now = new Date();
      const [row] = await tx
        .select({ link: emailVerifications, user: users })
        .from(emailVerifications)
        .innerJoin(users, eq(users.id, emailVerifications.userId))
        .where(eq(emailVerifications.tokenHash, hashToken(token)))
        .limit(1)
        .for('update');
      // A link proves the address it was sent to, and only while the account still uses it.
      if (!row || row.link.email !== row.user.username) return { kind: 'invalid' };
      if (usersRepository.isAdminEmail(row.user.username)) return { kind: 'admin-address' };
      if (row.link.usedAt) {
        return row.user.emailVerifiedAt ? { kind: 'already-used' } : { kind: 'invalid' };
      }
      if (row.link.expiresAt <= now) return { kind: 'expired' };
      await tx.update(emailVerifications).set({ usedAt: now }).where(eq(emailVerifications.id, row.link.id));
      await markEmailVerified(tx, row.user.id, now);
      return { kind: 'verified', email: row.user.username };
    });
  }

  return { send, verify };
}

export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;

declare module 'fastify' {
  interface FastifyInstance {
    emailVerificationService: EmailVerificationService;
  }
}

export default fp(
  async (fastify) => {
    const { db, config, mailService, usersRepository } = fastify;
    fastify.decorate('emailVerificationService', createEmailVerificationService({ db, config, mailService, usersRepository }));
  },
  { name: 'email-verification-service', dependencies: ['db', 'env', 'mail-service', 'users-repository'] },
);
