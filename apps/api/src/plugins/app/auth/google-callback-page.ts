import { createHash } from 'node:crypto';
import { type GoogleResult, PRODUCT_NAME } from '@aaspaas/domain';

/** Where a finished Google sign-in lands in redirect mode (and the popup page's fallback). */
export function resultPath(result: GoogleResult): string {
  const page = result.intent === 'admin' ? '/admin/login' : '/auth';
  const query = new URLSearchParams({ google: result.ok ? 'ok' : 'error' });
  if (!result.ok && result.message) query.set('message', result.message);
  return `${page}?${query.toString()}`;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
/** JSON that cannot close the script element it sits in. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028|\u2029/g, '');
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The page the popup lands on: it hands the result to the page that opened it (same origin only)
 * and closes. Opened without an opener (the popup lost it to a cross-origin policy, or a person
 * opened the link directly), it continues like redirect mode. helmet's CSP forbids inline scripts,
 * so the page carries its own policy allowing exactly this script by its hash.
 */
export function callbackPage(result: GoogleResult): { html: string; csp: string } {
  const fallback = resultPath(result);
  const script =
    `(function(){var r=${scriptJson(result)},f=${scriptJson(fallback)};` +
    `try{if(window.opener&&window.opener!==window){window.opener.postMessage(r,window.location.origin);window.close();return;}}catch(e){}` +
    `window.location.replace(f);})();`;
  const style = 'body{font-family:system-ui,sans-serif;margin:2rem;line-height:1.5}a{color:#1d4ed8}';
  const text = result.ok ? 'Signed in with Google. You can close this window.' : (result.message ?? '');
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${escapeHtml(PRODUCT_NAME)}</title><style>${style}</style></head><body>` +
    `<p role="status">${escapeHtml(text)}</p>` +
    `<p><a href="${escapeHtml(fallback)}">Continue to ${escapeHtml(PRODUCT_NAME)}</a></p>` +
    `<script>${script}</script></body></html>`;
  const csp = [
    "default-src 'none'",
    `script-src ${sha256(script)}`,
    `style-src ${sha256(style)}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return { html, csp };
}
