import { createHash } from 'node:crypto';
import { formatRupees } from '@aaspaas/domain';
import type { SimOrder } from './razorpay-simulator';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #fff7ed; color: #1c1917; }
  main { max-width: 28rem; margin: 0 auto; padding: 1.5rem 1rem; }
  .banner { background: #b45309; color: #fff; padding: 0.75rem 1rem; border-radius: 0.5rem; font-weight: 700; }
  .amount { font-size: 2rem; font-weight: 700; margin: 1.5rem 0 0.25rem; }
  form { margin: 0.75rem 0; }
  button { width: 100%; min-height: 48px; font-size: 1rem; font-weight: 600; border-radius: 0.5rem; border: 2px solid #1c1917; cursor: pointer; }
  .pay { background: #15803d; color: #fff; border-color: #15803d; }
  .fail { background: #fff; }
  button:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
`;

/**
 * The page's own policy: helmet's CSP forbids inline styles, so this one allows exactly the page's
 * stylesheet by its hash, and forms posting back to this server.
 */
export const TEST_CHECKOUT_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE, 'utf8').digest('base64')}'`,
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The test gateway's stand-in for Razorpay Checkout: a plain page (no script), unmistakably a test,
 * whose buttons post to the test gateway and come back to /success as Checkout would.
 */
export function testCheckoutPage(order: SimOrder): string {
  const action = (outcome: string) => `/api/payments/test-gateway/${encodeURIComponent(order.id)}/${outcome}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Test payment — no money moves</title>
<style>${STYLE}</style>
</head>
<body>
<main>
  <h1 class="banner">Test payment — no money moves</h1>
  <p>This server has no Razorpay keys, so it uses a built-in test gateway. Paying here adds test credit to the wallet; nothing is charged.</p>
  <p class="amount">${escape(formatRupees(order.amount))}</p>
  <p>Order ${escape(order.id)}</p>
  <form method="post" action="${action('pay')}"><button class="pay" type="submit">Pay ${escape(formatRupees(order.amount))}</button></form>
  <form method="post" action="${action('fail')}"><button class="fail" type="submit">Fail the payment</button></form>
</main>
</body>
</html>`;
}
