import {
  CreateTopupSchema,
  ErrorResponseSchema,
  ReceiptParamsSchema,
  TopupCheckoutSchema,
  TopupParamsSchema,
  TopupSchema,
  TOPUP_MAX_PAISE,
  TOPUP_MIN_PAISE,
  VerifyTopupSchema,
  WALLET_MESSAGES,
  WalletBalanceSchema,
  WalletHistoryQuerySchema,
  WalletHistorySchema,
} from '@aaspaas/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { topups } from '#src/db/schema';
import { AppError } from '#src/lib/app-error';
import { currentUser } from '#src/plugins/app/auth/access-guard-plugin';
import { receiptPdf } from '#src/plugins/app/wallet/receipt-pdf';

/** A file download, not JSON: the route's response schemas cover only its errors. */
function sendPdf(reply: FastifyReply, pdf: Buffer, filename: string) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema };
const byIdErrors = { ...errors, 404: ErrorResponseSchema };

/** The signed-in business's wallet: balance, history, top-ups and receipts. No path names a business. */
const walletRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const ledger = fastify.ledgerRepository;
  const service = fastify.topupsService;

  fastify.get(
    '/',
    {
      config: { access: 'business' },
      schema: { tags: ['wallet'], summary: 'My wallet balance, in paise', response: { 200: WalletBalanceSchema, ...errors } },
    },
    async (request) => ({ balancePaise: await ledger.balance(currentUser(request).id) }),
  );

  fastify.get(
    '/history',
    {
      config: { access: 'business' },
      schema: {
        tags: ['wallet'],
        summary: 'Every change of my balance, newest first',
        description:
          '`filter`: `in` (money in), `out` (money out) or `all`. Pass `nextCursor` back as `cursor` for the next page. ' +
          'A paid top-up carries its `receiptNumber`; its PDF is at `/api/wallet/receipts/{causeId}`.',
        querystring: WalletHistoryQuerySchema,
        response: { 200: WalletHistorySchema, ...errors },
      },
    },
    async (request) => ledger.history(currentUser(request).id, request.query),
  );

  fastify.post(
    '/topups',
    {
      config: { access: 'business' },
      schema: {
        tags: ['wallet'],
        summary: 'Start adding money: a Razorpay order, and what Checkout needs to open',
        description:
          `\`amountPaise\` from ${TOPUP_MIN_PAISE} to ${TOPUP_MAX_PAISE} (₹10 to ₹50,000). With \`gateway: 'test'\` (no Razorpay keys on ` +
          'this server) open `testCheckoutUrl` instead of Checkout: no money moves. 503 when the payment service does not answer.',
        body: CreateTopupSchema,
        response: { 201: TopupCheckoutSchema, ...errors, 503: ErrorResponseSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(currentUser(request), request.body.amountPaise)),
  );

  fastify.get(
    '/topups/:id',
    {
      config: { access: 'business' },
      schema: {
        tags: ['wallet'],
        summary: 'A top-up of mine and its state (created = pending, paid, failed, refunded)',
        params: TopupParamsSchema,
        response: { 200: TopupSchema, ...byIdErrors },
      },
    },
    async (request) => service.get(currentUser(request).id, request.params.id),
  );

  fastify.post(
    '/topups/:id/verify',
    {
      config: { access: 'business' },
      schema: {
        tags: ['wallet'],
        summary: "Checkout's result: checks its signature and credits what Razorpay says was captured",
        description:
          'The signature must be HMAC-SHA256(key secret, order_id + "|" + razorpay_payment_id) for the order stored with the ' +
          "top-up (400 otherwise, nothing credited). The amount credited is the captured payment's, never one the client " +
          "sends. A payment not captured yet answers the top-up still 'created' (pending).",
        params: TopupParamsSchema,
        body: VerifyTopupSchema,
        response: { 200: TopupSchema, ...byIdErrors, 503: ErrorResponseSchema },
      },
    },
    async (request) => service.verify(currentUser(request).id, request.params.id, request.body),
  );

  fastify.get(
    '/receipts/:id',
    {
      config: { access: 'business' },
      schema: {
        tags: ['wallet'],
        summary: "A paid top-up's receipt as PDF (id: the top-up's)",
        description:
          "GST is shown as the part of the amount at 18% (prices include GST), with the business's GSTIN when it has one.",
        params: ReceiptParamsSchema,
        response: byIdErrors,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const [row] = await fastify.db
        .select()
        .from(topups)
        .where(and(eq(topups.id, request.params.id), eq(topups.userId, user.id)))
        .limit(1);
      if (!row?.receiptNumber || !row.paidAt || row.creditedPaise === null)
        throw AppError.notFound(WALLET_MESSAGES.receiptNotFound);
      const pdf = await receiptPdf({
        receiptNumber: row.receiptNumber,
        paidAt: row.paidAt,
        businessName: user.businessName,
        ownerName: user.name,
        email: user.username,
        gstin: row.receiptGstin,
        paymentId: row.paymentId,
        amountPaise: row.creditedPaise,
      });
      return sendPdf(reply, pdf, `receipt-${row.receiptNumber.replace(/\//g, '-')}.pdf`);
    },
  );
};

export default walletRoutes;
