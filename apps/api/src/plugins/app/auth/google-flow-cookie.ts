import { createHmac } from 'node:crypto';
import { GOOGLE_INTENTS, GOOGLE_MODES, type GoogleIntent, type GoogleMode } from '@aaspaas/domain';
import { signerFactory } from '@fastify/cookie';
import { z } from 'zod';

export const GOOGLE_FLOW_COOKIE = 'aaspaas_google';
export const GOOGLE_FLOW_PATH = '/api/auth/google';
export const GOOGLE_FLOW_TTL_S = 10 * 60;

/** What the browser carries from /start to /callback: the one-time checks of this sign-in and where it began. */
export type GoogleFlow = {
  state: string;
  nonce: string;
  codeVerifier: string;
  intent: GoogleIntent;
  mode: GoogleMode;
  redirectUri: string;
  /** Epoch ms after which the flow is refused, whatever the browser kept. */
  expiresAt: number;
};

const FlowSchema = z.object({
  state: z.string().min(16).max(200),
  nonce: z.string().min(16).max(200),
  codeVerifier: z.string().min(43).max(128),
  intent: z.enum(GOOGLE_INTENTS),
  mode: z.enum(GOOGLE_MODES),
  redirectUri: z.url(),
  expiresAt: z.number().int(),
});

/**
 * Signs and reads the flow cookie. The key is derived from the JWT secret for this one use, so a
 * signature made here is worth nothing anywhere else. Signed, not encrypted: everything in it
 * belongs to the browser that started the sign-in, and only a server-made value is accepted back.
 */
export function googleFlowCookie(jwtSecret: string) {
  const key = createHmac('sha256', jwtSecret).update('aaspaas:google-flow-cookie:v1').digest();
  const signer = signerFactory(key);
  return {
    seal(flow: GoogleFlow): string {
      return signer.sign(Buffer.from(JSON.stringify(flow)).toString('base64url'));
    },
    /** The flow of a genuine, unexpired cookie; null for anything else. */
    open(value: string | undefined, now: number = Date.now()): GoogleFlow | null {
      if (!value || value.length > 4096) return null;
      const unsigned = signer.unsign(value);
      if (!unsigned.valid) return null;
      try {
        const parsed = FlowSchema.safeParse(JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8')));
        if (!parsed.success || parsed.data.expiresAt < now) return null;
        return parsed.data;
      } catch {
        return null;
      }
    },
  };
}
