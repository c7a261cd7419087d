import { IP_GUESS_ELEMENT_ID, type LocateResponse } from '@aaspaas/domain';

/**
 * The visitor's IP guess (the answer POST /api/geo/locate gives) as a JSON data block in the feed's
 * HTML: the app's first module reads it instead of asking, so a first visit requests its feed page,
 * and then the first photo (the LCP), one round trip sooner. A data block is never run, so the
 * CSP's script-src does not concern it; '<' is escaped so that no value can close the element.
 */
export function injectIpGuess(html: string, answer: LocateResponse): string {
  const json = JSON.stringify(answer).replace(/</g, '\\u003c');
  const tag = `<script type="application/json" id="${IP_GUESS_ELEMENT_ID}">${json}</script>`;
  return html.replace(/<\/head>/i, `${tag}\n  </head>`);
}
