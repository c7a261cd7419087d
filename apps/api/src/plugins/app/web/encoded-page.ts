import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';

/** The encodings a shared page is kept in, the server's preference first (as the compress plugin's). */
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

function encode(encoding: Encoding, html: string): Buffer {
  // Brotli at quality 4, the compress plugin's own setting: the same bytes a request would have had.
  return encoding === 'br'
    ? zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
    : zlib.gzipSync(html);
}

export type EncodedPage = {
  html: string;
  /** The body for a request's Accept-Encoding, encoded once and then reused; null: send the HTML as it is. */
  encodedFor(acceptEncoding: string | undefined): { encoding: Encoding; body: Buffer } | null;
};

/**
 * A page many requests receive whole (a first visit's feed for one place, ADR 018), with its encodings
 * made on first asking and kept with it: compressing the same HTML again for every request was a
 * quarter of `GET /`'s CPU under load.
 */
export function encodedPage(html: string): EncodedPage {
  const kept = new Map<Encoding, Buffer>();
  return {
    html,
    encodedFor(acceptEncoding) {
      if (!acceptEncoding) return null;
      // "*" (no preference) and x-gzip as the compress plugin reads them.
      const encoding = negotiate(acceptEncoding.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), [...ENCODINGS]) as Encoding | null;
      if (!encoding) return null;
      let body = kept.get(encoding);
      if (!body) {
        body = encode(encoding, html);
        kept.set(encoding, body);
      }
      return { encoding, body };
    },
  };
}
