import type { FastifyInstance } from 'fastify';
import {
  createRazorpaySimulator,
  type RazorpaySimulator,
  type SimWebhook,
} from '#src/plugins/app/wallet/test-gateway/razorpay-simulator';

export const RAZORPAY_TEST_KEYS = {
  RAZORPAY_KEY_ID: 'rzp_test_local123',
  RAZORPAY_KEY_SECRET: 'local-key-secret-for-tests',
  RAZORPAY_WEBHOOK_SECRET: 'local-webhook-secret-for-tests',
};

export type LocalRazorpay = {
  simulator: RazorpaySimulator;
  /** The env that points the app's real `razorpay` SDK here. */
  env: Record<string, string>;
  /** Delivers a webhook to the app as Razorpay would (HTTP POST of the raw body with its headers); the status. */
  deliver: (webhook: SimWebhook) => Promise<number>;
  close: () => Promise<void>;
};

/**
 * A Razorpay-compatible HTTP server on 127.0.0.1 (orders, payments, capture, fetch, signed
 * webhooks) for the real SDK to talk to. Webhooks are delivered only when a test says so, so it can
 * deliver them late, twice or in another order.
 */
export async function startLocalRazorpay(app: () => FastifyInstance): Promise<LocalRazorpay> {
  const simulator = createRazorpaySimulator({
    keyId: RAZORPAY_TEST_KEYS.RAZORPAY_KEY_ID,
    keySecret: RAZORPAY_TEST_KEYS.RAZORPAY_KEY_SECRET,
    webhookSecret: RAZORPAY_TEST_KEYS.RAZORPAY_WEBHOOK_SECRET,
  });
  const server = await simulator.listen();
  return {
    simulator,
    env: { ...RAZORPAY_TEST_KEYS, RAZORPAY_API_URL: server.url },
    async deliver(webhook) {
      const res = await app().inject({
        method: 'POST',
        url: '/api/payments/razorpay/webhook',
        headers: webhook.headers,
        payload: webhook.body,
      });
      return res.statusCode;
    },
    close: server.close,
  };
}
