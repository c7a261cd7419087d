import type { Topup, TopupCheckout } from '@aaspaas/domain';
import { describe, expect, it } from 'vitest';
import { checkoutOptions } from './razorpay-checkout';

const checkout: TopupCheckout = {
  // Not part of Checkout's options.
  topup: {} as Topup,
  gateway: 'razorpay',
  keyId: 'rzp_test_key',
  orderId: 'order_123',
  amountPaise: 50_000,
  currency: 'INR',
  name: 'Aaspaas',
  description: 'Wallet top-up',
  prefill: { name: 'Asha', email: 'asha@example.com', contact: '+919800000000' },
  testCheckoutUrl: null,
  checkoutScriptUrl: 'https://checkout.razorpay.com/v1/checkout.js',
};
const callbacks = { handler: () => undefined, modal: { ondismiss: () => undefined } };

describe('checkoutOptions', () => {
  it('asks Checkout for UPI intents inside the Android app', () => {
    expect(checkoutOptions(checkout, '#c2410c', callbacks, true)).toMatchObject({
      key: 'rzp_test_key',
      order_id: 'order_123',
      amount: 50_000,
      theme: { color: '#c2410c' },
      webview_intent: true,
    });
  });

  it('leaves a browser to Checkout’s own choice', () => {
    const options = checkoutOptions(checkout, '#c2410c', callbacks, false);
    expect(options).toMatchObject({ key: 'rzp_test_key', order_id: 'order_123' });
    expect(options).not.toHaveProperty('webview_intent');
  });

  it('is in the browser unless the app’s bridge says otherwise', () => {
    expect(checkoutOptions(checkout, '#c2410c', callbacks)).not.toHaveProperty('webview_intent');
  });
});
