import { AppError } from '#src/lib/app-error';

/**
 * Keyset cursor of the feed: the last row's created_at in microseconds since the epoch (exact,
 * unlike a JS Date) and its id, base64url-encoded so clients treat it as opaque.
 */
export type FeedCursor = { createdUs: string; id: string };

const CURSOR_SHAPE = /^(\d{1,17})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function encodeCursor(cursor: FeedCursor): string {
  return Buffer.from(`${cursor.createdUs}.${cursor.id}`, 'utf8').toString('base64url');
}

/** `source` names where the client found the cursor, for the message of a malformed one. */
export function decodeCursor(raw: string, source = 'the X-Next-Cursor value'): FeedCursor {
  const match = /^[A-Za-z0-9_-]+$/.test(raw) ? CURSOR_SHAPE.exec(Buffer.from(raw, 'base64url').toString('utf8')) : null;
  if (!match?.[1] || !match[2]) throw AppError.badRequest(`cursor is malformed: use ${source} of the previous page`);
  return { createdUs: match[1], id: match[2] };
}
