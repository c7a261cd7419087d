import { randomBytes } from 'node:crypto';
import { type Topup, TOPUP_RECONCILE_AFTER_MIN, type TopupCheckout, type VerifyTopup, WALLET_MESSAGES } from '@aaspaas/domain';
import { and, asc, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Db, Executor } from '#src/db/client';
import { paymentEvents, type TopupRow, topups, type UserRow, users } from '#src/db/schema';
import { AppError } from '#src/lib/app-error';
import { countEvent } from '#src/lib/product-events';
import type { LedgerRepository } from './ledger-repository';
import { checkoutSignature, hmacSha256Hex, signatureMatches } from './payment-signature';
import { createRazorpayGateway, type GatewayPayment, type PaymentGateway, toGatewayPayment } from './razorpay-gateway';
import { nextReceiptNumber } from './receipt-number';
import { parseWebhook } from './razorpay-webhook';
import { createRazorpaySimulator, type RazorpaySimulator } from './test-gateway/razorpay-simulator';

/** Pending top-ups older than this are given up (marked failed) when Razorpay still has no capture. */
const TOPUP_ABANDON_AFTER_MS = 3 * 24 * 60 * 60_000;
const RECONCILE_BATCH = 100;

export type TopupsService = ReturnType<typeof createTopupsService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Top-ups, plus the built-in test gateway when it is the gateway (null otherwise). */
    topupsService: TopupsService & { testGateway: TestGateway | null };
  }
}

export function toTopup(row: TopupRow): Topup {
  return {
    id: row.id,
    amountPaise: row.amountPaise,
    creditedPaise: row.creditedPaise,
    status: row.status,
    receiptNumber: row.receiptNumber,
    createdAt: row.createdAt.toISOString(),
  };
}

export type TopupsConfig = {
  /** 'razorpay': real keys; 'test': the built-in test gateway; 'off': production without keys. */
  gatewayKind: 'razorpay' | 'test' | 'off';
  keyId: string;
  keySecret: string;
  webhookSecret: string;
};

/**
 * Top-ups: a Razorpay order per top-up, credited once with what Razorpay says was captured — by the
 * browser's verify call, the webhook or the reconciliation job, whichever comes first (ADR 014).
 */
export function createTopupsService(deps: {
  db: Db;
  ledger: LedgerRepository;
  gateway: PaymentGateway | null;
  config: TopupsConfig;
  log: FastifyBaseLogger;
  /** The test gateway's checkout page for an order (null with Razorpay). */
  testCheckoutUrl: (orderId: string) => string | null;
  checkoutScriptUrl: string;
}) {
  const { db, ledger, config, log } = deps;

  function gateway(): PaymentGateway {
    if (!deps.gateway) throw new AppError('SERVICE_UNAVAILABLE', 'Payments are not set up on this server yet');
    return deps.gateway;
  }

  async function owned(userId: string, topupId: string, executor: Executor = db): Promise<TopupRow> {
    const [row] = await executor
      .select()
      .from(topups)
      .where(and(eq(topups.id, topupId), eq(topups.userId, userId)))
      .limit(1);
    if (!row) throw AppError.notFound(WALLET_MESSAGES.topupNotFound);
    return row;
  }

  /**
   * Credits a captured payment to its top-up, once: the top-up's row lock orders verify, webhook and
   * reconciliation, and the ledger's key `topup:<id>` would refuse a second credit anyway.
   */
  async function creditCaptured(executor: Executor, topupId: string, payment: GatewayPayment): Promise<TopupRow | null> {
    let credited = false;
    const result = await executor.transaction(async (tx) => {
      const [row] = await tx.select().from(topups).where(eq(topups.id, topupId)).for('update');
      if (!row) return null;
      if (row.status === 'paid' || row.status === 'refunded') return row;
      if (!payment.captured || payment.orderId !== row.orderId || payment.amountPaise <= 0) return row;
      const [owner] = await tx.select({ gstNumber: users.gstNumber }).from(users).where(eq(users.id, row.userId));
      const now = new Date();
      const receiptNumber = await nextReceiptNumber(tx, now);
      await ledger.credit(tx, {
        userId: row.userId,
        kind: 'topup',
        amountPaise: payment.amountPaise,
        idempotencyKey: `topup:${row.id}`,
        note: WALLET_MESSAGES.topupNote,
        causeType: 'topup',
        causeId: row.id,
      });
      const [paid] = await tx
        .update(topups)
        .set({
          status: 'paid',
          paymentId: payment.id,
          creditedPaise: payment.amountPaise,
          receiptNumber,
          receiptGstin: owner?.gstNumber ?? null,
          failureReason: null,
          paidAt: now,
          updatedAt: now,
        })
        .where(eq(topups.id, row.id))
        .returning();
      log.info({ topupId: row.id, amountPaise: payment.amountPaise }, 'top-up credited');
      credited = true;
      return paid ?? row;
    });
    if (credited) countEvent('paymentCredited');
    return result;
  }

  /** A failed attempt marks a pending top-up failed; a later capture of another attempt still credits it. */
  async function markFailed(executor: Executor, orderId: string, reason: string | null) {
    await executor
      .update(topups)
      .set({ status: 'failed', failureReason: reason, updatedAt: new Date() })
      .where(and(eq(topups.orderId, orderId), eq(topups.status, 'created')));
  }

  async function refund(executor: Executor, refund: { id: string; paymentId: string; amountPaise: number }) {
    await executor.transaction(async (tx) => {
      const [row] = await tx.select().from(topups).where(eq(topups.paymentId, refund.paymentId)).for('update');
      if (!row || row.status === 'created' || row.status === 'failed') return;
      // Money already spent cannot be taken back below zero (ADR 014): what the balance cannot cover is logged.
      const balance = await ledger.balance(row.userId, tx);
      const take = Math.min(balance, refund.amountPaise);
      if (take > 0) {
        const { repeated } = await ledger.debit(tx, {
          userId: row.userId,
          kind: 'refund',
          amountPaise: take,
          idempotencyKey: `refund:${refund.id}`,
          note: `Refund of ${row.receiptNumber ?? 'a top-up'}`,
          causeType: 'topup',
          causeId: row.id,
        });
        if (repeated) return;
      }
      if (take < refund.amountPaise) {
        log.warn(
          { topupId: row.id, refundId: refund.id, unrecoveredPaise: refund.amountPaise - take },
          'refund larger than the balance',
        );
      }
      const refundedPaise = row.refundedPaise + refund.amountPaise;
      await tx
        .update(topups)
        .set({
          refundedPaise,
          status: refundedPaise >= (row.creditedPaise ?? 0) ? 'refunded' : row.status,
          updatedAt: new Date(),
        })
        .where(eq(topups.id, row.id));
    });
  }

  return {
    config,

    async create(user: UserRow, amountPaise: number): Promise<TopupCheckout> {
      const gw = gateway();
      const [row] = await db
        .insert(topups)
        .values({ userId: user.id, amountPaise, gateway: config.gatewayKind === 'test' ? 'test' : 'razorpay' })
        .returning();
      if (!row) throw new Error('top-up not inserted');
      let orderId: string;
      try {
        ({ id: orderId } = await gw.createOrder({
          amountPaise,
          receipt: row.id,
          notes: { topup_id: row.id, business_id: user.id },
        }));
      } catch (error) {
        log.error({ err: error, topupId: row.id }, 'creating the Razorpay order failed');
        await db
          .update(topups)
          .set({ status: 'failed', failureReason: 'order not created', updatedAt: new Date() })
          .where(eq(topups.id, row.id));
        throw new AppError('SERVICE_UNAVAILABLE', WALLET_MESSAGES.gatewayUnavailable);
      }
      const [withOrder] = await db
        .update(topups)
        .set({ orderId, updatedAt: new Date() })
        .where(eq(topups.id, row.id))
        .returning();
      return {
        topup: toTopup(withOrder ?? row),
        gateway: config.gatewayKind === 'test' ? 'test' : 'razorpay',
        keyId: config.keyId,
        orderId,
        amountPaise,
        currency: 'INR',
        name: 'Aaspaas',
        description: 'Add money to your Aaspaas wallet',
        prefill: { name: user.name, email: user.username, contact: user.mobileNumber ?? user.businessPhone ?? '' },
        testCheckoutUrl: deps.testCheckoutUrl(orderId),
        checkoutScriptUrl: config.gatewayKind === 'test' ? null : deps.checkoutScriptUrl,
      };
    },

    async get(userId: string, topupId: string): Promise<Topup> {
      return toTopup(await owned(userId, topupId));
    },

    /** Checkout's result from the browser: the signature first, then Razorpay's word on what was captured. */
    async verify(userId: string, topupId: string, body: VerifyTopup): Promise<Topup> {
      const row = await owned(userId, topupId);
      if (!row.orderId) throw AppError.badRequest(WALLET_MESSAGES.paymentMismatch);
      const expected = checkoutSignature(config.keySecret, row.orderId, body.razorpay_payment_id);
      if (!signatureMatches(expected, body.razorpay_signature)) throw AppError.badRequest(WALLET_MESSAGES.invalidSignature);
      if (row.status === 'paid' || row.status === 'refunded') return toTopup(row);
      const payment = await gateway().fetchPayment(body.razorpay_payment_id);
      if (!payment || payment.orderId !== row.orderId) throw AppError.badRequest(WALLET_MESSAGES.paymentMismatch);
      if (payment.status === 'failed') {
        await markFailed(db, row.orderId, payment.errorDescription);
        return toTopup(await owned(userId, topupId));
      }
      // Authorized but not captured yet: pending; the webhook or the reconciliation job credits it.
      const credited = payment.captured ? await creditCaptured(db, row.id, payment) : null;
      return toTopup(credited ?? (await owned(userId, topupId)));
    },

    /**
     * A Razorpay webhook: the signature over the raw body, then at most once per event id, in the same
     * transaction as its effect (a failure rolls both back and Razorpay delivers it again).
     */
    async webhook(rawBody: Buffer, signature: string | undefined, eventId: string | undefined): Promise<void> {
      if (!signature || !signatureMatches(hmacSha256Hex(config.webhookSecret, rawBody), signature)) {
        throw AppError.badRequest(WALLET_MESSAGES.invalidSignature);
      }
      const event = parseWebhook(rawBody);
      await db.transaction(async (tx) => {
        if (eventId) {
          const [fresh] = await tx
            .insert(paymentEvents)
            .values({ eventId, event: event.event })
            .onConflictDoNothing()
            .returning({ eventId: paymentEvents.eventId });
          if (!fresh) return;
        }
        const payment = event.payload.payment?.entity;
        switch (event.event) {
          case 'payment.captured':
          case 'order.paid': {
            if (!payment) return;
            const p = toGatewayPayment(payment);
            const [row] = p.orderId ? await tx.select({ id: topups.id }).from(topups).where(eq(topups.orderId, p.orderId)) : [];
            if (row) await creditCaptured(tx, row.id, p);
            return;
          }
          case 'payment.failed':
            if (payment?.order_id) await markFailed(tx, payment.order_id, payment.error_description ?? null);
            return;
          case 'refund.processed': {
            const r = event.payload.refund?.entity;
            if (r) await refund(tx, { id: r.id, paymentId: r.payment_id, amountPaise: Number(r.amount) });
            return;
          }
          default:
            return;
        }
      });
    },

    /** Asks Razorpay about every top-up pending longer than TOPUP_RECONCILE_AFTER_MIN; the number credited. */
    async reconcile(now = new Date()): Promise<number> {
      const gw = gateway();
      const pending = await db
        .select()
        .from(topups)
        .where(
          and(eq(topups.status, 'created'), lt(topups.createdAt, new Date(now.getTime() - TOPUP_RECONCILE_AFTER_MIN * 60_000))),
        )
        .orderBy(asc(topups.createdAt))
        .limit(RECONCILE_BATCH);
      let credited = 0;
      for (const row of pending) {
        if (!row.orderId) continue;
        try {
          const payments = await gw.fetchOrderPayments(row.orderId);
          const captured = payments.find((p) => p.captured && p.orderId === row.orderId);
          if (captured) {
            const after = await creditCaptured(db, row.id, captured);
            if (after?.status === 'paid') credited += 1;
          } else if (now.getTime() - row.createdAt.getTime() > TOPUP_ABANDON_AFTER_MS) {
            await markFailed(db, row.orderId, 'abandoned');
          }
        } catch (error) {
          log.warn({ err: error, topupId: row.id }, 'reconciling a top-up failed; the next run tries again');
        }
      }
      return credited;
    },
  };
}

/** The built-in test gateway's Razorpay stand-in, when it is the gateway (its checkout page reads the orders). */
export type TestGateway = { simulator: RazorpaySimulator; url: string; close: () => Promise<void> };

export const RECONCILE_JOB = 'wallet-reconcile-topups';

export default fp(
  async (fastify) => {
    const env = fastify.config;
    const keysSet = Boolean(env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET && env.RAZORPAY_WEBHOOK_SECRET);
    const testAllowed = env.NODE_ENV !== 'production' || env.PAYMENTS_TEST_GATEWAY;
    let config: TopupsConfig;
    let gateway: PaymentGateway | null = null;
    let testGateway: TestGateway | null = null;
    if (keysSet) {
      config = {
        gatewayKind: 'razorpay',
        keyId: env.RAZORPAY_KEY_ID as string,
        keySecret: env.RAZORPAY_KEY_SECRET as string,
        webhookSecret: env.RAZORPAY_WEBHOOK_SECRET as string,
      };
      gateway = createRazorpayGateway({ keyId: config.keyId, keySecret: config.keySecret, apiUrl: env.RAZORPAY_API_URL });
    } else if (testAllowed) {
      // Fresh secrets per process: the test gateway's orders live in memory and die with it.
      config = {
        gatewayKind: 'test',
        keyId: 'rzp_test_builtin',
        keySecret: randomBytes(24).toString('hex'),
        webhookSecret: randomBytes(24).toString('hex'),
      };
      // Its webhooks take the real path: the app's own webhook route, signature and all.
      const simulator = createRazorpaySimulator({
        keyId: config.keyId,
        keySecret: config.keySecret,
        webhookSecret: config.webhookSecret,
        deliver: async (webhook) => {
          const res = await fastify.inject({
            method: 'POST',
            url: '/api/payments/razorpay/webhook',
            headers: webhook.headers,
            payload: webhook.body,
          });
          if (res.statusCode >= 300) fastify.log.warn({ status: res.statusCode }, 'test gateway webhook refused');
        },
      });
      const server = await simulator.listen();
      testGateway = { simulator, ...server };
      gateway = createRazorpayGateway({ keyId: config.keyId, keySecret: config.keySecret, apiUrl: server.url });
      fastify.addHook('onClose', () => server.close());
    } else {
      config = { gatewayKind: 'off', keyId: '', keySecret: '', webhookSecret: '' };
    }
    const service = createTopupsService({
      db: fastify.db,
      ledger: fastify.ledgerRepository,
      gateway,
      config,
      log: fastify.log,
      testCheckoutUrl: (orderId) => (testGateway ? `/api/payments/test-gateway/${encodeURIComponent(orderId)}` : null),
      checkoutScriptUrl: env.RAZORPAY_CHECKOUT_URL,
    });
    fastify.decorate('topupsService', { ...service, testGateway });

    if (env.JOBS_RECURRING && gateway) {
      fastify.addHook('onReady', async () => {
        await fastify.jobsService.work(RECONCILE_JOB, async () => {
          const credited = await service.reconcile();
          if (credited) fastify.log.info({ credited }, 'reconciliation credited pending top-ups');
        });
        await fastify.jobsService.schedule(RECONCILE_JOB, '*/5 * * * *', {});
      });
    }
  },
  { name: 'topups-service', dependencies: ['db', 'env', 'ledger-repository', 'jobs-service'] },
);
