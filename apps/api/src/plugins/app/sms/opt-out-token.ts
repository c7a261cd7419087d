import { createHmac, timingSafeEqual } from 'node:crypto';
import { SMS_OPT_OUT_TOKEN_LENGTH } from '@aaspaas/domain';

const ID_CHARS = 8;
const TAG_CHARS = SMS_OPT_OUT_TOKEN_LENGTH - ID_CHARS;

/**
 * The opt-out link's token: the message's id (base 36, fixed width) and an HMAC tag over it, so it
 * opts out only the number that message went to, and nobody can make one for another number. Fixed
 * length, so a preview counts the same characters and parts as the message sent.
 */
export function createOptOutTokens(secret: string) {
  const key = createHmac('sha256', secret).update('aaspaas:sms-opt-out:v1').digest();
  const tagOf = (id: string) => createHmac('sha256', key).update(id).digest('base64url').slice(0, TAG_CHARS);
  return {
    sign(messageId: number): string {
      const id = messageId.toString(36).padStart(ID_CHARS, '0');
      if (id.length !== ID_CHARS) throw new Error('message id too large for an opt-out token');
      return id + tagOf(id);
    },
    /** The message id of a genuine token; null for anything else. */
    open(token: string): number | null {
      if (token.length !== SMS_OPT_OUT_TOKEN_LENGTH || !/^[0-9a-z]{8}[A-Za-z0-9_-]+$/.test(token)) return null;
      const id = token.slice(0, ID_CHARS);
      const given = Buffer.from(token.slice(ID_CHARS));
      const expected = Buffer.from(tagOf(id));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return Number.parseInt(id, 36);
    },
  };
}
export type OptOutTokens = ReturnType<typeof createOptOutTokens>;

/** The link as it appears in the message (the text before the id is known uses the same length). */
export function optOutLink(origin: string, token: string): string {
  return `${origin}/o/${token}`;
}
