import { AppError } from '#src/lib/app-error';

/**
 * Keyset cursor of the contact list: the last row's sort key (lower(name) exactly as the database
 * computed it, so the comparison uses the database's collation) and its id, base64url-encoded so
 * clients treat it as opaque.
 */
export type ContactCursor = { sortName: string; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function encodeContactCursor(cursor: ContactCursor): string {
  return Buffer.from(JSON.stringify([cursor.sortName, cursor.id]), 'utf8').toString('base64url');
}

export function decodeContactCursor(raw: string): ContactCursor {
  const malformed = () => AppError.badRequest('cursor is malformed: use the nextCursor value of the previous page');
  if (!/^[A-Za-z0-9_-]+$/.test(raw)) throw malformed();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw malformed();
  }
  if (!Array.isArray(value) || value.length !== 2) throw malformed();
  const [sortName, id] = value as unknown[];
  if (typeof sortName !== 'string' || typeof id !== 'string' || !UUID.test(id)) throw malformed();
  return { sortName, id };
}
