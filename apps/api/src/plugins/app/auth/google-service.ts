import {
  accountSuspendedMessage,
  AUTH_MESSAGES,
  type AuthResponse,
  GOOGLE_RESULT_MESSAGE_TYPE,
  type GoogleIntent,
  type GoogleMode,
  type GoogleResult,
} from '@aaspaas/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '#src/config/env';
import { AppError } from '#src/lib/app-error';
import type { AdminRepository } from '../admin/admin-repository';
import type { UsersRepository } from '../users/users-repository';
import { GOOGLE_FLOW_COOKIE, GOOGLE_FLOW_PATH, GOOGLE_FLOW_TTL_S, type GoogleFlow, googleFlowCookie } from './google-flow-cookie';
import { type GoogleIdTokenVerifier, googleIdTokenVerifier } from './google-id-token';
import { type GoogleIdentity, type GoogleOidc, googleOidc } from './google-oidc';
import type { IdentityService } from './identity-service';
import { resolveJwtSecret } from './jwt-secret';
import type { SessionService } from './session-service';

const CALLBACK_PATH = `${GOOGLE_FLOW_PATH}/callback`;
const PROVIDER = 'google';

/** Sign-in with Google (OpenID Connect): the flow's cookie, the provider's answer, the user and the session. */
export function createGoogleService(deps: {
  config: Env;
  usersRepository: UsersRepository;
  identityService: IdentityService;
  adminRepository: AdminRepository;
  sessionService: SessionService;
}) {
  const { config, usersRepository, identityService, adminRepository, sessionService } = deps;
  const { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, GOOGLE_ISSUER_URL, NODE_ENV, publicOrigin } = config;
  const client: GoogleOidc | null =
    GOOGLE_CLIENT_ID && GOOGLE_CLIENT_SECRET
      ? googleOidc({ issuerUrl: GOOGLE_ISSUER_URL, clientId: GOOGLE_CLIENT_ID, clientSecret: GOOGLE_CLIENT_SECRET })
      : null;
  const nativeAudiences = [GOOGLE_CLIENT_ID, ...config.GOOGLE_ANDROID_CLIENT_ID].filter((id): id is string => Boolean(id));
  // The Android app's sign-in needs no client secret: only the ID token's checks.
  const nativeVerifier: GoogleIdTokenVerifier | null =
    config.GOOGLE_ANDROID_CLIENT_ID.length > 0
      ? googleIdTokenVerifier({ issuerUrl: GOOGLE_ISSUER_URL, audiences: nativeAudiences })
      : null;
  const cookie = googleFlowCookie(resolveJwtSecret(config));

  const cookieOptions = (request: FastifyRequest) => ({
    httpOnly: true,
    // Lax: the provider's top-level redirect back to the callback must carry it.
    sameSite: 'lax' as const,
    secure: NODE_ENV === 'production' || request.protocol === 'https',
    path: GOOGLE_FLOW_PATH,
  });
  // The URL registered with the provider, on the configured origin (never the request's Host).
  const redirectUri = () => new URL(CALLBACK_PATH, publicOrigin).toString();

  /** Sets the flow cookie and answers the provider URL to send the browser to (503 when not enabled). */
  async function start(request: FastifyRequest, reply: FastifyReply, how: { intent: GoogleIntent; mode: GoogleMode }) {
    if (!client) throw new AppError('SERVICE_UNAVAILABLE', AUTH_MESSAGES.googleNotEnabled);
    const uri = redirectUri();
    const { url, state, nonce, codeVerifier } = await client.start(uri);
    const flow: GoogleFlow = {
      state,
      nonce,
      codeVerifier,
      ...how,
      redirectUri: uri,
      expiresAt: Date.now() + GOOGLE_FLOW_TTL_S * 1000,
    };
    reply.setCookie(GOOGLE_FLOW_COOKIE, cookie.seal(flow), { ...cookieOptions(request), maxAge: GOOGLE_FLOW_TTL_S });
    return url;
  }

  /**
   * Finishes a sign-in from the provider's redirect: checks it, finds or makes the user, starts the
   * session (refresh cookie). Never throws: every failure is a result with the message to show.
   */
  async function finish(request: FastifyRequest, reply: FastifyReply): Promise<{ result: GoogleResult; mode: GoogleMode }> {
    const flow = cookie.open(request.cookies[GOOGLE_FLOW_COOKIE]);
    // One sign-in per cookie: whatever happens next, it cannot be replayed.
    reply.clearCookie(GOOGLE_FLOW_COOKIE, cookieOptions(request));
    const intent = flow?.intent ?? 'business';
    const mode = flow?.mode ?? 'popup';
    const fail = (message: string) => ({
      result: { type: GOOGLE_RESULT_MESSAGE_TYPE, ok: false, intent, message } as GoogleResult,
      mode,
    });

    const query = new URL(request.url, 'http://callback.invalid').searchParams;
    if (query.get('error') === 'access_denied') return fail(AUTH_MESSAGES.googleCancelled);
    if (!client) return fail(AUTH_MESSAGES.googleNotEnabled);
    if (!flow) {
      request.log.warn('google callback without a valid flow cookie (expired, tampered or from another browser)');
      return fail(AUTH_MESSAGES.googleFailed);
    }

    try {
      const callbackUrl = new URL(flow.redirectUri);
      callbackUrl.search = query.toString();
      const identity = await client.finish(callbackUrl, flow);
      const outcome = await signIn(request, reply, identity, intent);
      if ('refused' in outcome) return fail(outcome.refused);
      return { result: { type: GOOGLE_RESULT_MESSAGE_TYPE, ok: true, intent } as GoogleResult, mode };
    } catch (error) {
      request.log.error({ err: error }, 'google sign-in failed');
      return fail(AUTH_MESSAGES.googleFailed);
    }
  }

  /** A verified identity → the user (found, linked or made) and a session; or the message refusing it. */
  async function signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    identity: GoogleIdentity,
    intent: GoogleIntent,
  ): Promise<{ auth: AuthResponse } | { refused: string }> {
    if (!identity.email || !identity.emailVerified) {
      request.log.warn({ subject: identity.subject }, 'google sign-in refused: email missing or not verified');
      return { refused: AUTH_MESSAGES.googleFailed };
    }
    // An admin sign-in by someone who is not the admin makes no account and no session.
    if (intent === 'admin' && !usersRepository.isAdminEmail(identity.email)) return { refused: AUTH_MESSAGES.notAdminGoogle };
    const { user } = await identityService.signIn({
      provider: PROVIDER,
      subject: identity.subject,
      email: identity.email,
      displayName: identity.name,
      photoUrl: identity.picture,
    });
    if (user.status !== 'active') return { refused: accountSuspendedMessage(user.suspensionReason) };
    if (intent === 'admin') {
      // The linked account decides, in case it was linked under another address.
      if (!usersRepository.isAdmin(user)) return { refused: AUTH_MESSAGES.notAdminGoogle };
      await adminRepository.recordLogin(user, identity.picture);
    }
    return { auth: await sessionService.start(reply, user, request) };
  }

  /**
   * The Android app's native sign-in (ADR 020): Google's SDK on the phone gave it an ID token; the
   * token's signature, issuer and audience are checked here, then sign-in goes on as from the web.
   * 503 when no Android client id is configured, 401 for a token this server does not accept.
   */
  async function signInNative(
    request: FastifyRequest,
    reply: FastifyReply,
    input: { idToken: string; intent: GoogleIntent },
  ): Promise<AuthResponse> {
    if (!nativeVerifier) throw new AppError('SERVICE_UNAVAILABLE', AUTH_MESSAGES.googleNotEnabled);
    let identity: GoogleIdentity;
    try {
      identity = await nativeVerifier.verify(input.idToken);
    } catch (error) {
      request.log.warn({ err: error }, 'native google sign-in: ID token refused');
      throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.googleFailed);
    }
    const outcome = await signIn(request, reply, identity, input.intent);
    if ('refused' in outcome) {
      throw new AppError(outcome.refused === AUTH_MESSAGES.googleFailed ? 'UNAUTHORIZED' : 'FORBIDDEN', outcome.refused);
    }
    return outcome.auth;
  }

  /** `enabled`: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set. */
  return { enabled: client !== null, nativeEnabled: nativeVerifier !== null, start, finish, signInNative };
}

export type GoogleService = ReturnType<typeof createGoogleService>;

declare module 'fastify' {
  interface FastifyInstance {
    googleService: GoogleService;
  }
}

export default fp(
  async (fastify) => {
    const { config, usersRepository, identityService, adminRepository, sessionService } = fastify;
    fastify.decorate(
      'googleService',
      createGoogleService({ config, usersRepository, identityService, adminRepository, sessionService }),
    );
  },
  {
    name: 'google-service',
    dependencies: ['env', 'cookie', 'users-repository', 'identity-service', 'admin-repository', 'session-service'],
  },
);
