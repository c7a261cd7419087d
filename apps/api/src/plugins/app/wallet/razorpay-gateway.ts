import Razorpay from 'razorpay';

/** What the app reads of a Razorpay payment. */
export type GatewayPayment = {
  id: string;
  orderId: string | null;
  amountPaise: number;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  captured: boolean;
  errorDescription: string | null;
};

export type PaymentGateway = {
  /** Creates an order; `receipt` is our top-up id, so Razorpay's dashboard leads back to it. */
  createOrder(input: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<{ id: string }>;
  fetchPayment(paymentId: string): Promise<GatewayPayment | null>;
  fetchOrderPayments(orderId: string): Promise<GatewayPayment[]>;
};

type RawPayment = {
  id: string;
  order_id?: string | null;
  amount: number | string;
  status: GatewayPayment['status'];
  captured?: boolean;
  error_description?: string | null;
};

export function toGatewayPayment(raw: RawPayment): GatewayPayment {
  return {
    id: raw.id,
    orderId: raw.order_id ?? null,
    amountPaise: Number(raw.amount),
    status: raw.status,
    captured: raw.captured === true || raw.status === 'captured' || raw.status === 'refunded',
    errorDescription: raw.error_description ?? null,
  };
}

/** Razorpay answers an unknown id with 400 BAD_REQUEST_ERROR "The id provided does not exist". */
function isUnknownId(error: unknown): boolean {
  const e = error as { statusCode?: number; error?: { description?: string } } | null;
  return e?.statusCode === 400 && /does not exist/i.test(e.error?.description ?? '');
}

/**
 * Razorpay through its official SDK. `apiUrl` replaces the SDK's host (its HTTP client, `api.rq`, is
 * an axios instance): the test gateway and the tests' local Razorpay-compatible server answer there.
 */
export function createRazorpayGateway(opts: {
  keyId: string;
  keySecret: string;
  apiUrl: string;
  timeoutMs?: number;
}): PaymentGateway {
  const instance = new Razorpay({ key_id: opts.keyId, key_secret: opts.keySecret });
  const http = (instance as unknown as { api: { rq: { defaults: { baseURL?: string; timeout?: number } } } }).api.rq;
  http.defaults.baseURL = opts.apiUrl;
  // A request waits for Razorpay: not for ever on a mobile-network afternoon.
  http.defaults.timeout = opts.timeoutMs ?? 15_000;
  return {
    async createOrder(input) {
      const order = (await instance.orders.create({
        amount: input.amountPaise,
        currency: 'INR',
        receipt: input.receipt,
        notes: input.notes,
      })) as { id: string };
      return { id: order.id };
    },
    async fetchPayment(paymentId) {
      try {
        return toGatewayPayment((await instance.payments.fetch(paymentId)) as unknown as RawPayment);
      } catch (error) {
        if (isUnknownId(error)) return null;
        throw error;
      }
    },
    async fetchOrderPayments(orderId) {
      try {
        const page = (await instance.orders.fetchPayments(orderId)) as unknown as { items: RawPayment[] };
        return page.items.map(toGatewayPayment);
      } catch (error) {
        if (isUnknownId(error)) return [];
        throw error;
      }
    },
  };
}
