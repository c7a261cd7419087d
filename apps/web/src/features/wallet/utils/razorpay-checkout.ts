import type { TopupCheckout, VerifyTopup } from '@aaspaas/domain';
import { isNativeApp } from '@/lib/native/platform';

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

type Callbacks = { handler: (result: VerifyTopup) => void; modal: { ondismiss: () => void } };

/**
 * Checkout's options for an order. Inside the Android app, `webview_intent` makes Checkout offer the
 * phone's UPI apps and start them with upi:// and intent:// links, which the app hands to Android
 * (Razorpay's WebView guide; the app's side: IntentLinksPlugin, ADR 020). A browser on a phone gets
 * UPI apps without it.
 */
export function checkoutOptions(
  checkout: TopupCheckout,
  color: string,
  callbacks: Callbacks,
  native = isNativeApp(),
): Record<string, unknown> {
  return {
    key: checkout.keyId,
    order_id: checkout.orderId,
    amount: checkout.amountPaise,
    currency: checkout.currency,
    name: checkout.name,
    description: checkout.description,
    prefill: checkout.prefill,
    theme: { color },
    ...(native ? { webview_intent: true } : {}),
    ...callbacks,
  };
}

/** Opens Razorpay Checkout for an order; resolves with what the payer did. */
export async function openRazorpayCheckout(checkout: TopupCheckout, color: string): Promise<CheckoutOutcome> {
  const Razorpay = await loadCheckout(checkout.checkoutScriptUrl ?? '');
  return new Promise((resolve) => {
    const instance = new Razorpay(
      checkoutOptions(checkout, color, {
        handler: (result: VerifyTopup) => resolve({ kind: 'paid', result }),
        modal: { ondismiss: () => resolve({ kind: 'dismissed' }) },
      }),
    );
    instance.on('payment.failed', (response) => {
      const reason = (response as { error?: { description?: string } }).error?.description ?? '';
      resolve({ kind: 'failed', reason });
    });
    instance.open();
  });
}
