import { createHash, randomBytes } from 'node:crypto';

/** What the database keeps of an opaque token: its SHA-256 (a leaked table cannot be replayed). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A fresh unguessable token (32 random bytes, base64url) and its stored hash. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}
