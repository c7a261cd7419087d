import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  CONSENT_CODE_DIGITS,
  CONSENT_CODE_MAX_TRIES,
  CONSENT_CODE_MESSAGES,
  CONSENT_CODE_RESEND_AFTER_MS,
  CONSENT_CODE_TTL_MS,
  type ConsentCodePurpose,
  wrongCodeMessage,
} from '@aaspaas/domain';
import { and, eq, lt, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Env } from '#src/config/env';
import type { Db } from '#src/db/client';
import { consentCodes } from '#src/db/schema';
import { AppError } from '#src/lib/app-error';
import { resolveJwtSecret } from '../auth/jwt-secret';
import { consentCodeSms } from './consent-code-sms';
import type { OtpSender } from './otp-sender';
import { createGatewayOtpSender } from './gateway-otp-sender';
import { createSmsOutboxSender } from './sms-outbox-sender';

/** Whose number, on which business's page, for which form: a code opens only that. */
export type ConsentCodeTarget = { businessId: string; mobileNumber: string; purpose: ConsentCodePurpose };

type Checked = { ok: true } | { ok: false; message: string };

/**
 * One-time codes that prove a visitor owns the number they opt in or out with (docs/security.md).
 * A code is 6 random digits kept only as an HMAC (key derived from JWT_SECRET for this one use), lives
 * CONSENT_CODE_TTL_MS, dies after CONSENT_CODE_MAX_TRIES wrong tries and is used once. Nothing here
 * reads the business's contacts, so no answer depends on whether the number is one of them.
 * `now` is injectable so the tests move a fake clock.
 */
export function createConsentCodeService(deps: { db: Db; config: Env; otpSender: OtpSender; now?: () => Date }) {
  const { db, config, otpSender } = deps;
  const clock = deps.now ?? (() => new Date());
  const key = createHmac('sha256', resolveJwtSecret(config)).update('aaspaas:consent-code:v1').digest();
  const hashOf = (target: ConsentCodeTarget, code: string) =>
    createHmac('sha256', key).update(`${target.purpose}:${target.businessId}:${target.mobileNumber}:${code}`).digest('hex');
  const same = (a: string, b: string) => {
    const x = Buffer.from(a, 'hex');
    const y = Buffer.from(b, 'hex');
    return x.length === y.length && timingSafeEqual(x, y);
  };
  const row = (target: ConsentCodeTarget) =>
    and(
      eq(consentCodes.businessId, target.businessId),
      eq(consentCodes.mobileNumber, target.mobileNumber),
      eq(consentCodes.purpose, target.purpose),
    );

  return {
    /** Seconds before another code may be sent to this target; 0 when one may be sent now. */
    async resendWaitSeconds(target: ConsentCodeTarget): Promise<number> {
      const [last] = await db.select({ sentAt: consentCodes.sentAt }).from(consentCodes).where(row(target));
      if (!last) return 0;
      const waitMs = last.sentAt.getTime() + CONSENT_CODE_RESEND_AFTER_MS - clock().getTime();
      return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
    },

    /** Makes a new code for the target (the last one stops working) and sends it by SMS. */
    async send(target: ConsentCodeTarget & { businessName: string }): Promise<void> {
      const now = clock();
      const code = String(randomInt(0, 10 ** CONSENT_CODE_DIGITS)).padStart(CONSENT_CODE_DIGITS, '0');
      const fields = {
        codeHash: hashOf(target, code),
        wrongTries: 0,
        sentAt: now,
        expiresAt: new Date(now.getTime() + CONSENT_CODE_TTL_MS),
      };
      // Codes nobody used are of no more use once expired.
      await db.delete(consentCodes).where(lt(consentCodes.expiresAt, now));
      await db
        .insert(consentCodes)
        .values({ businessId: target.businessId, mobileNumber: target.mobileNumber, purpose: target.purpose, ...fields })
        .onConflictDoUpdate({
          target: [consentCodes.businessId, consentCodes.mobileNumber, consentCodes.purpose],
          set: fields,
        });
      const idempotencyKey = `consent-code:${target.purpose}:${target.businessId}:${target.mobileNumber}:${now.getTime()}`;
      try {
        await otpSender.send(consentCodeSms(config, { ...target, code, idempotencyKey }));
      } catch (error) {
        // A code that never left cannot be entered: let the visitor ask again at once.
        await db.delete(consentCodes).where(and(row(target), eq(consentCodes.codeHash, fields.codeHash)));
        throw error;
      }
    },

    /**
     * Uses the target's code: on success it is deleted (used once); a wrong one costs a try. Throws a
     * 400 on the `code` field saying what to do (tries left, send a new code) otherwise.
     */
    async consume(target: ConsentCodeTarget, code: string): Promise<void> {
      const checked = await db.transaction(async (tx): Promise<Checked> => {
        const [live] = await tx.select().from(consentCodes).where(row(target)).for('update');
        if (!live) return { ok: false, message: CONSENT_CODE_MESSAGES.noCode };
        if (live.expiresAt.getTime() <= clock().getTime()) return { ok: false, message: CONSENT_CODE_MESSAGES.expired };
        if (live.wrongTries >= CONSENT_CODE_MAX_TRIES) return { ok: false, message: CONSENT_CODE_MESSAGES.dead };
        if (same(hashOf(target, code), live.codeHash)) {
          await tx.delete(consentCodes).where(row(target));
          return { ok: true };
        }
        await tx
          .update(consentCodes)
          .set({ wrongTries: sql`${consentCodes.wrongTries} + 1` })
          .where(row(target));
        return { ok: false, message: wrongCodeMessage(CONSENT_CODE_MAX_TRIES - live.wrongTries - 1) };
      });
      if (!checked.ok) throw AppError.badRequest(checked.message, { field: 'code' });
    },
  };
}

export type ConsentCodeService = ReturnType<typeof createConsentCodeService>;

declare module 'fastify' {
  interface FastifyInstance {
    consentCodeService: ConsentCodeService;
  }
}

export default fp(
  async (fastify) => {
    // A real provider (SMPP, HTTP) takes the codes; without one they go to the private local outbox (0600).
    const gateway = fastify.smsGateway;
    const otpSender =
      gateway.name === 'local'
        ? createSmsOutboxSender({ dataDir: fastify.config.dataDir, log: fastify.log })
        : createGatewayOtpSender({ gateway, log: fastify.log });
    fastify.decorate('consentCodeService', createConsentCodeService({ db: fastify.db, config: fastify.config, otpSender }));
  },
  { name: 'consent-code-service', dependencies: ['env', 'db', 'sms-gateway-plugin'] },
);
