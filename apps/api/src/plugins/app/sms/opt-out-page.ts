import { createHash } from 'node:crypto';
import { PRODUCT_NAME, SMS_MESSAGES, type Language } from '@aaspaas/domain';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type OptOutText = {
  title: string;
  question: (business: string) => string;
  button: string;
  done: (business: string) => string;
  invalid: string;
};

/** The page's words: English from the contracts, Hindi beside them (the customer's language, docs/product.md §Languages). */
const TEXT: Record<Language, OptOutText> = {
  en: {
    title: SMS_MESSAGES.optOutTitle,
    question: (business) => `Stop SMS offers from ${business} to your number?`,
    button: SMS_MESSAGES.optOutButton,
    done: (business) => `Done: ${business} will not send offers to your number again.`,
    invalid: SMS_MESSAGES.optOutInvalid,
  },
  hi: {
    title: 'मैसेज बंद करें',
    question: (business) => `क्या ${business} के SMS ऑफ़र आपके नंबर पर बंद करें?`,
    button: 'मैसेज बंद करें',
    done: (business) => `हो गया: ${business} अब आपके नंबर पर ऑफ़र नहीं भेजेगा।`,
    invalid: 'यह लिंक सही नहीं है। इसके बजाय मैसेज का जवाब STOP लिखकर दें।',
  },
};

// The product's colours and type (apps/web/src/index.css), without the web app's bundle.
const STYLE =
  "body{margin:0;background:#fbf7f2;color:#1c1917;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans','Noto Sans Devanagari',sans-serif}" +
  'header{background:#c2410c;color:#fff;padding:.75rem 1rem;font-weight:800;font-size:1.125rem}' +
  'main{max-width:32rem;margin:1.5rem auto;padding:1.25rem 1rem;background:#fff;border:1px solid #e7e0d8;border-radius:1rem}' +
  'h1{font-size:1.5rem;margin:0 0 .5rem}.shop{font-weight:700}' +
  'button{width:100%;min-height:48px;margin-top:1rem;border:0;border-radius:.75rem;background:#c2410c;color:#fff;font:inherit;font-weight:700;cursor:pointer}' +
  'button:hover{background:#9a3412}button:focus-visible{outline:3px solid #1c1917;outline-offset:2px}' +
  // Until FONT_SCRIPT says the Devanagari faces are in: a style it then drops, so the text is laid out again.
  'html[lang=hi]:not(.fonts-in) main{letter-spacing:.01px}';

/**
 * A phone without a Devanagari font of its own (Debian's Chromium) keeps the boxes of text laid out
 * before its face arrived (the web's lib/devanagari-font.ts): once the faces are in (or after 3 s),
 * the page's text is laid out again.
 */
const FONT_SCRIPT =
  "(function(){var d=document.documentElement,s=function(){d.classList.add('fonts-in')};setTimeout(s,3000);" +
  "if(!document.fonts){s();return;}Promise.all([400,700].map(function(w){return document.fonts.load(w+' 1em \"Noto Sans Devanagari\"','क');})).then(s,s);})();";
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * helmet's CSP forbids inline styles and scripts: the page carries its own policy allowing exactly its
 * stylesheet and font script by their hashes, the built Devanagari font's files, and its form posting
 * back to this server.
 */
export const OPT_OUT_CSP = [
  "default-src 'none'",
  `style-src 'self' ${sha256(STYLE)}`,
  `script-src ${sha256(FONT_SCRIPT)}`,
  "font-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export type OptOutView = { kind: 'ask'; business: string } | { kind: 'done'; business: string } | { kind: 'invalid' };

/**
 * The opt-out link's small page of its own (it opens on any phone's browser, without the web app's
 * bundle), naming the business, in the visitor's language; `devanagariStylesheet` is the web build's
 * font stylesheet for a Hindi page, when there is a build.
 */
export function optOutPage(view: OptOutView, language: Language, devanagariStylesheet: string | null): string {
  const text = TEXT[language];
  const shop = (name: string) => `<span class="shop">${escapeHtml(name)}</span>`;
  let body: string;
  if (view.kind === 'invalid') body = `<p>${escapeHtml(text.invalid)}</p>`;
  else if (view.kind === 'done')
    body = `<h1>${escapeHtml(text.title)}</h1><p role="status">${text.done(shop(view.business))}</p>`;
  else
    body =
      `<h1>${escapeHtml(text.title)}</h1><p>${text.question(shop(view.business))}</p>` +
      `<form method="post"><button type="submit">${escapeHtml(text.button)}</button></form>`;
  const font =
    language === 'hi' && devanagariStylesheet
      ? `<link rel="stylesheet" href="${escapeHtml(devanagariStylesheet)}"><script>${FONT_SCRIPT}</script>`
      : '';
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(text.title)} · ${PRODUCT_NAME}</title>${font}<style>${STYLE}</style></head>` +
    `<body><header>${PRODUCT_NAME}</header><main>${body}</main></body></html>`
  );
}
