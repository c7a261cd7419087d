import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { GoogleIdentity } from './google-oidc';

const DISCOVERY_TIMEOUT_MS = 10_000;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
/** Google writes its issuer either way in ID tokens. */
const GOOGLE_ISSUER_ALIASES: Record<string, string[]> = { 'https://accounts.google.com': ['accounts.google.com'] };

/**
 * Checks an ID token that the Android app got from Google's native sign-in (Credential Manager):
 * the signature against the issuer's published keys (JWKS, from its discovery document), the
 * issuer, the audience (one of `audiences`: the web client id, which the app names as its server
 * client, and the Android client ids) and the expiry. The keys are fetched on first use and then
 * kept (jose refetches when a token names an unknown key); a failed discovery is tried again.
 */
export function googleIdTokenVerifier(settings: { issuerUrl: string; audiences: string[] }) {
  const issuer = settings.issuerUrl.replace(/\/+$/, '');
  const url = new URL(issuer);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) {
    throw new Error('GOOGLE_ISSUER_URL must be https (plain http only on this machine)');
  }
  let keys: Promise<{ jwks: ReturnType<typeof createRemoteJWKSet>; issuers: string[] }> | undefined;

  async function discover() {
    const res = await fetch(`${issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS) });
    if (!res.ok) throw new Error(`OpenID discovery answered ${res.status}`);
    const doc = (await res.json()) as { issuer?: unknown; jwks_uri?: unknown };
    if (typeof doc.jwks_uri !== 'string' || typeof doc.issuer !== 'string') throw new Error('OpenID discovery without jwks_uri');
    return {
      jwks: createRemoteJWKSet(new URL(doc.jwks_uri), { timeoutDuration: DISCOVERY_TIMEOUT_MS }),
      issuers: [doc.issuer, ...(GOOGLE_ISSUER_ALIASES[doc.issuer] ?? [])],
    };
  }

  return {
    /** The verified identity; throws when the token is not one this server accepts. */
    async verify(idToken: string): Promise<GoogleIdentity> {
      keys ??= discover().catch((error: unknown) => {
        keys = undefined;
        throw error;
      });
      const { jwks, issuers } = await keys;
      const { payload } = await jwtVerify(idToken, jwks, {
        issuer: issuers,
        audience: settings.audiences,
        algorithms: ['RS256', 'ES256'],
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
      return {
        subject: String(payload.sub),
        email: text(payload.email)?.toLowerCase() ?? null,
        emailVerified: payload.email_verified === true || payload.email_verified === 'true',
        name: text(payload.name),
        picture: text(payload.picture),
      };
    },
  };
}

export type GoogleIdTokenVerifier = ReturnType<typeof googleIdTokenVerifier>;
