import * as oidc from 'openid-client';

export type GoogleOidcSettings = { issuerUrl: string; clientId: string; clientSecret: string };

/** The verified facts of an ID token that sign-in needs. */
export type GoogleIdentity = {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
};

const DISCOVERY_TIMEOUT_S = 10;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The OpenID Connect client for Google (or any issuer, such as the local one the tests start).
 * Discovery happens on first use, not at start-up, so the app starts while Google is unreachable;
 * a failed discovery is forgotten and tried again by the next sign-in.
 */
export function googleOidc(settings: GoogleOidcSettings) {
  const issuer = new URL(settings.issuerUrl);
  // Plain HTTP only for an issuer on this machine (tests, local development).
  const insecure = issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname);
  let configuration: Promise<oidc.Configuration> | undefined;

  function config(): Promise<oidc.Configuration> {
    configuration ??= oidc
      .discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
        timeout: DISCOVERY_TIMEOUT_S,
        execute: insecure ? [oidc.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  }

  return {
    /** Fresh one-time values for a sign-in and the URL that sends the browser to the provider. */
    async start(redirectUri: string) {
      const cfg = await config();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const url = oidc.buildAuthorizationUrl(cfg, {
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        prompt: 'select_account',
      });
      return { url, state, nonce, codeVerifier };
    },

    /**
     * Checks the provider's answer (state, then the code exchange with the PKCE verifier, then the
     * ID token's signature, audience and nonce) and returns who signed in. Throws on any mismatch.
     */
    async finish(callbackUrl: URL, checks: { state: string; nonce: string; codeVerifier: string }): Promise<GoogleIdentity> {
      const cfg = await config();
      const tokens = await oidc.authorizationCodeGrant(cfg, callbackUrl, {
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        pkceCodeVerifier: checks.codeVerifier,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('no ID token in the token response');
      const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
      return {
        subject: claims.sub,
        email: text(claims.email)?.toLowerCase() ?? null,
        // Google sends a boolean; some issuers send the string "true".
        emailVerified: claims.email_verified === true || claims.email_verified === 'true',
        name: text(claims.name),
        picture: text(claims.picture),
      };
    },
  };
}

export type GoogleOidc = ReturnType<typeof googleOidc>;
