import { ErrorResponseSchema } from '@aaspaas/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#src/lib/app-error';
import { TEST_CHECKOUT_CSP, testCheckoutPage } from '#src/plugins/app/wallet/test-gateway/test-checkout-page';

/** A page, not JSON: the route's response schemas cover only its errors. */
function sendHtml(reply: FastifyReply, html: string) {
  return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

const RAW_BODY_LIMIT = 256 * 1024;
const OrderParamsSchema = z.object({ orderId: z.string().regex(/^order_[A-Za-z0-9]{1,40}$/, 'Unknown order') });

/** Razorpay's webhook, and the built-in test gateway's checkout page when it is the gateway. */
const paymentsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  // The signature covers the exact bytes Razorpay sent: this plugin keeps JSON bodies raw.
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: RAW_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  // The test gateway's buttons are plain forms with no fields.
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) =>
    done(null, {}),
  );

  fastify.post(
    '/razorpay/webhook',
    {
      config: { access: 'public' },
      bodyLimit: RAW_BODY_LIMIT,
      schema: {
        tags: ['payments'],
        summary: 'Razorpay webhook (payment.captured, order.paid, payment.failed, refund.processed)',
        description:
          'X-Razorpay-Signature must be the HMAC-SHA256 of the raw body with RAZORPAY_WEBHOOK_SECRET (400 otherwise, nothing ' +
          'changes). Deliveries are handled once per X-Razorpay-Event-Id, in any order; other events are acknowledged.',
        headers: z.looseObject({
          'x-razorpay-signature': z.string().max(256).optional(),
          'x-razorpay-event-id': z.string().max(128).optional(),
        }),
        response: { 200: z.object({ ok: z.literal(true) }), 400: ErrorResponseSchema },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) throw AppError.badRequest('Send the event as application/json');
      await fastify.topupsService.webhook(
        request.body,
        request.headers['x-razorpay-signature'],
        request.headers['x-razorpay-event-id'],
      );
      return { ok: true as const };
    },
  );

  const { testGateway } = fastify.topupsService;
  const unknownOrder = () => AppError.notFound('Unknown order');

  fastify.get(
    '/test-gateway/:orderId',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payments'],
        summary: 'The test gateway\'s checkout page (servers without Razorpay keys): "Test payment — no money moves"',
        params: OrderParamsSchema,
        response: { 404: ErrorResponseSchema, 400: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const order = testGateway?.simulator.orders.get(request.params.orderId);
      if (!order) throw unknownOrder();
      return sendHtml(reply.header('content-security-policy', TEST_CHECKOUT_CSP), testCheckoutPage(order));
    },
  );

  for (const outcome of ['pay', 'fail'] as const) {
    fastify.post(
      `/test-gateway/:orderId/${outcome}`,
      {
        config: { access: 'public' },
        schema: {
          tags: ['payments'],
          summary: outcome === 'pay' ? 'Test gateway: pay the order (no money moves)' : 'Test gateway: the payment fails',
          description: 'Follows Razorpay: the payment, its signed webhook to this server, then back to /success.',
          params: OrderParamsSchema,
          response: { 404: ErrorResponseSchema, 400: ErrorResponseSchema },
        },
      },
      async (request, reply) => {
        const order = testGateway?.simulator.orders.get(request.params.orderId);
        if (!testGateway || !order?.receipt) throw unknownOrder();
        const back = new URLSearchParams({ topup: order.receipt });
        if (outcome === 'pay' && order.status !== 'paid') {
          const { checkout } = await testGateway.simulator.pay(order.id);
          for (const [k, v] of Object.entries(checkout)) back.set(k, v);
        } else if (outcome === 'fail') {
          await testGateway.simulator.fail(order.id);
          back.set('status', 'failed');
        }
        return reply.redirect(`/success?${back.toString()}`, 303);
      },
    );
  }
};

export default paymentsRoutes;
