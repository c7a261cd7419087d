import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkoutSignature, hmacSha256Hex } from '../payment-signature';

/** Razorpay's order and payment entities, as much of them as the app reads. */
export type SimOrder = {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
};
export type SimPayment = {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  method: string;
  captured: boolean;
  amount_refunded: number;
  error_code: string | null;
  error_description: string | null;
  created_at: number;
};
export type SimWebhook = { body: string; headers: Record<string, string> };

/**
 * A Razorpay stand-in speaking the part of its REST API the app uses (orders, an order's payments,
 * payments, capture, refund) with Basic auth, Checkout's signatures and signed webhooks. `npm start`
 * uses it as the test gateway when no Razorpay keys are set (no money moves); the API tests drive the
 * real `razorpay` SDK against it. Payments are captured on payment, as with Razorpay's auto-capture.
 */
export function createRazorpaySimulator(opts: {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Delivers a signed webhook (the app's webhook route); errors are the receiver's, not the payer's. */
  deliver?: (webhook: SimWebhook) => Promise<void>;
}) {
  const orders = new Map<string, SimOrder>();
  const payments = new Map<string, SimPayment>();
  /** Every webhook made, in order, so a test can deliver one again or in another order. */
  const webhooks: SimWebhook[] = [];
  const id = (prefix: string) => `${prefix}_${randomBytes(7).toString('base64url').replace(/[-_]/g, 'x')}`;
  const now = () => Math.floor(Date.now() / 1000);

  function webhook(event: string, payload: Record<string, { entity: unknown }>): SimWebhook {
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_simulated',
      event,
      contains: Object.keys(payload),
      payload,
      created_at: now(),
    });
    const made = {
      body,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': hmacSha256Hex(opts.webhookSecret, body),
        'x-razorpay-event-id': id('evt'),
      },
    };
    webhooks.push(made);
    return made;
  }

  async function send(made: SimWebhook[], deliver: boolean) {
    if (!deliver || !opts.deliver) return;
    for (const w of made) await opts.deliver(w);
  }

  function createOrder(input: { amount: number; currency?: string; receipt?: string; notes?: Record<string, string> }): SimOrder {
    const order: SimOrder = {
      id: id('order'),
      entity: 'order',
      amount: input.amount,
      amount_paid: 0,
      amount_due: input.amount,
      currency: input.currency ?? 'INR',
      receipt: input.receipt ?? null,
      status: 'created',
      attempts: 0,
      notes: input.notes ?? {},
      created_at: now(),
    };
    orders.set(order.id, order);
    return order;
  }

  return {
    orders,
    payments,
    webhooks,
    createOrder,

    /**
     * The payer pays `amount` (the order's by default) and it is captured: Checkout's result for the
     * browser, and `payment.captured` then `order.paid` webhooks (not delivered with `deliverWebhooks: false`,
     * as when the app was down).
     */
    async pay(orderId: string, options: { amount?: number; deliverWebhooks?: boolean } = {}) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      const payment: SimPayment = {
        id: id('pay'),
        entity: 'payment',
        amount: options.amount ?? order.amount,
        currency: order.currency,
        status: 'captured',
        order_id: order.id,
        method: 'upi',
        captured: true,
        amount_refunded: 0,
        error_code: null,
        error_description: null,
        created_at: now(),
      };
      payments.set(payment.id, payment);
      order.attempts += 1;
      order.amount_paid = payment.amount;
      order.amount_due = Math.max(0, order.amount - payment.amount);
      order.status = 'paid';
      const made = [
        webhook('payment.captured', { payment: { entity: { ...payment } } }),
        webhook('order.paid', { payment: { entity: { ...payment } }, order: { entity: { ...order } } }),
      ];
      await send(made, options.deliverWebhooks ?? true);
      return {
        payment,
        checkout: {
          razorpay_payment_id: payment.id,
          razorpay_order_id: order.id,
          razorpay_signature: checkoutSignature(opts.keySecret, order.id, payment.id),
        },
      };
    },

    /** The payment fails (a declined card, a UPI request left to expire): `payment.failed`. */
    async fail(orderId: string, options: { deliverWebhooks?: boolean } = {}) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      const payment: SimPayment = {
        id: id('pay'),
        entity: 'payment',
        amount: order.amount,
        currency: order.currency,
        status: 'failed',
        order_id: order.id,
        method: 'upi',
        captured: false,
        amount_refunded: 0,
        error_code: 'BAD_REQUEST_ERROR',
        error_description: 'Payment was declined by the payer',
        created_at: now(),
      };
      payments.set(payment.id, payment);
      order.attempts += 1;
      order.status = 'attempted';
      await send([webhook('payment.failed', { payment: { entity: { ...payment } } })], options.deliverWebhooks ?? true);
      return payment;
    },

    /** A refund of (part of) a captured payment: `refund.processed`. */
    async refund(paymentId: string, amount: number, options: { deliverWebhooks?: boolean } = {}) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`no payment ${paymentId}`);
      payment.amount_refunded += amount;
      if (payment.amount_refunded >= payment.amount) payment.status = 'refunded';
      const refund = {
        id: id('rfnd'),
        entity: 'refund',
        amount,
        currency: payment.currency,
        payment_id: payment.id,
        status: 'processed',
      };
      await send(
        [webhook('refund.processed', { refund: { entity: refund }, payment: { entity: { ...payment } } })],
        options.deliverWebhooks ?? true,
      );
      return refund;
    },

    /** Razorpay's REST API over HTTP on 127.0.0.1 (port 0: any free one); its base URL, and close(). */
    async listen(port = 0): Promise<{ url: string; close: () => Promise<void> }> {
      const server = http.createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const reply = (status: number, body: unknown) => {
            res.writeHead(status, { 'content-type': 'application/json' });
            res.end(JSON.stringify(body));
          };
          const error = (status: number, description: string) =>
            reply(status, { error: { code: 'BAD_REQUEST_ERROR', description, source: 'NA', step: 'NA', reason: 'NA' } });
          const auth = Buffer.from(`${opts.keyId}:${opts.keySecret}`).toString('base64');
          if (req.headers.authorization !== `Basic ${auth}`) return error(401, 'Authentication failed');
          const url = new URL(req.url ?? '/', 'http://localhost');
          const parts = url.pathname.split('/').filter(Boolean);
          let body: Record<string, unknown> = {};
          try {
            if (chunks.length) body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
          } catch {
            return error(400, 'The request body is not JSON');
          }
          if (parts[0] !== 'v1') return error(404, 'The requested URL was not found on the server.');
          const [, resource, entityId, action] = parts;
          if (req.method === 'POST' && resource === 'orders' && !entityId) {
            const amount = body.amount;
            if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) {
              return error(400, 'The amount must be atleast INR 1.00');
            }
            return reply(
              200,
              createOrder({
                amount,
                currency: typeof body.currency === 'string' ? body.currency : 'INR',
                receipt: typeof body.receipt === 'string' ? body.receipt : undefined,
                notes: (body.notes as Record<string, string> | undefined) ?? {},
              }),
            );
          }
          if (req.method === 'GET' && resource === 'orders' && entityId) {
            const order = orders.get(entityId);
            if (!order) return error(400, 'The id provided does not exist');
            if (action === 'payments') {
              const items = [...payments.values()].filter((p) => p.order_id === order.id);
              return reply(200, { entity: 'collection', count: items.length, items });
            }
            return reply(200, order);
          }
          if (resource === 'payments' && entityId) {
            const payment = payments.get(entityId);
            if (!payment) return error(400, 'The id provided does not exist');
            if (req.method === 'GET' && !action) return reply(200, payment);
            if (req.method === 'POST' && action === 'capture') {
              if (payment.status !== 'authorized') return error(400, 'This payment has already been captured');
              payment.status = 'captured';
              payment.captured = true;
              return reply(200, payment);
            }
          }
          return error(404, 'The requested URL was not found on the server.');
        });
      });
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      const { port: bound } = server.address() as AddressInfo;
      return {
        url: `http://127.0.0.1:${bound}`,
        close: () =>
          new Promise<void>((resolve) => {
            server.closeAllConnections();
            server.close(() => resolve());
          }),
      };
    },
  };
}
export type RazorpaySimulator = ReturnType<typeof createRazorpaySimulator>;
