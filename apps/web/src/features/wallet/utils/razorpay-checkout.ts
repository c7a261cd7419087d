import type { TopupCheckout, VerifyTopup } from '@aaspaas/domain';

type RazorpayInstance = { open: () => void; on: (event: string, handler: (response: unknown) => void) => void };
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

let loading: Promise<RazorpayConstructor> | null = null;

/** checkout.js, loaded only when a payment starts (not on every visit to the wallet). */
function loadCheckout(src: string): Promise<RazorpayConstructor> {
  const existing = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => {
      const loaded = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
      if (loaded) resolve(loaded);
      else reject(new Error('checkout.js loaded without Razorpay'));
    };
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('checkout.js could not load'));
    };
    document.head.append(script);
  });
  return loading;
}

export type CheckoutOutcome = { kind: 'paid'; result: VerifyTopup } | { kind: 'dismissed' } | { kind: 'failed'; reason: string };

/** Opens Razorpay Checkout for an order; resolves with what the payer did. */
export async function openRazorpayCheckout(checkout: TopupCheckout, color: string): Promise<CheckoutOutcome> {
  const Razorpay = await loadCheckout(checkout.checkoutScriptUrl ?? '');
  return new Promise((resolve) => {
    const instance = new Razorpay({
      key: checkout.keyId,
      order_id: checkout.orderId,
      amount: checkout.amountPaise,
      currency: checkout.currency,
      name: checkout.name,
      description: checkout.description,
      prefill: checkout.prefill,
      theme: { color },
      handler: (result: VerifyTopup) => resolve({ kind: 'paid', result }),
      modal: { ondismiss: () => resolve({ kind: 'dismissed' }) },
    });
    instance.on('payment.failed', (response) => {
      const reason = (response as { error?: { description?: string } }).error?.description ?? '';
      resolve({ kind: 'failed', reason });
    });
    instance.open();
  });
}
