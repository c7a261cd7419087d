import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** Encrypts the businesses' access tokens at rest: AES-256-GCM, a random 12-byte nonce each. */
export type TokenCipher = { seal(token: string): string; open(sealed: string): string | null };

const VERSION = 'v1';

/**
 * The key is SHA-256 of the secret with this use's label, so a secret shared with another use (the JWT
 * secret, when WHATSAPP_TOKEN_KEY is unset) never becomes the same key twice.
 */
export function createTokenCipher(secret: string): TokenCipher {
  const key = createHash('sha256').update(`aaspaas whatsapp access token\0${secret}`).digest();
  return {
    seal(token) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), data.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, data, tag] = sealed.split('.');
      if (version !== VERSION || !iv || !data || !tag) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        // Another key (WHATSAPP_TOKEN_KEY changed): the business connects again.
        return null;
      }
    },
  };
}
