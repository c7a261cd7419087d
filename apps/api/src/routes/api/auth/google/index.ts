import {
  AUTH_MESSAGES,
  ErrorResponseSchema,
  GOOGLE_RESULT_MESSAGE_TYPE,
  type GoogleMode,
  type GoogleResult,
  GoogleNativeRequestSchema,
  GoogleStartQuerySchema,
  AuthResponseSchema,
} from '@aaspaas/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '#src/lib/app-error';
import { authLimits } from '#src/plugins/app/auth/auth-limits';
import { callbackPage, resultPath } from '#src/plugins/app/auth/google-callback-page';

/** Popup: a page that tells the opener and closes. Redirect: back to the page that started it. */
function answer(reply: FastifyReply, result: GoogleResult, mode: GoogleMode) {
  reply.header('cache-control', 'no-store');
  if (mode === 'redirect') return reply.redirect(resultPath(result), 302);
  const { html, csp } = callbackPage(result);
  return (
    reply
      .header('content-security-policy', csp)
      // The opener keeps its handle on this popup only if the popup does not ask for isolation.
      .header('cross-origin-opener-policy', 'unsafe-none')
      .type('text/html; charset=utf-8')
      .send(html)
  );
}

const googleRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/start',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Start Google sign-in (302 to Google; 503 when Google is not configured)',
        querystring: GoogleStartQuerySchema,
        response: { 400: ErrorResponseSchema, 503: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const { intent, mode } = request.query;
      try {
        const url = await fastify.googleService.start(request, reply, { intent, mode });
        reply.header('cache-control', 'no-store');
        return reply.redirect(url.href, 302);
      } catch (error) {
        if (error instanceof AppError) throw error;
        // Google unreachable or its discovery document broken: the person gets the usual failure message.
        request.log.error({ err: error }, 'google sign-in could not start');
        return answer(reply, { type: GOOGLE_RESULT_MESSAGE_TYPE, ok: false, intent, message: AUTH_MESSAGES.googleFailed }, mode);
      }
    },
  );

  fastify.get(
    '/callback',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], summary: 'Where Google sends the browser back (HTML page or 302, never JSON)' },
    },
    async (request, reply) => {
      const { result, mode } = await fastify.googleService.finish(request, reply);
      return answer(reply, result, mode);
    },
  );

  fastify.post(
    '/native',
    {
      config: { access: 'public' },
      // Per IP: a token is either Google's or not, so there is no account to count guesses against.
      preHandler: authLimits(fastify, 'google-native', () => undefined),
      schema: {
        tags: ['auth'],
        summary: "Sign in with the Android app's Google ID token (native sign-in)",
        description:
          "The ID token is checked against the issuer's keys (JWKS), issuer and audience (GOOGLE_CLIENT_ID or GOOGLE_ANDROID_CLIENT_ID). 503 when no Android client id is configured.",
        body: GoogleNativeRequestSchema,
        response: {
          200: AuthResponseSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          429: ErrorResponseSchema,
          503: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => fastify.googleService.signInNative(request, reply, request.body),
  );
};
export default googleRoutes;
