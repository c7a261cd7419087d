import {
  CONSENT_CODE_LIMIT_WINDOW_MS,
  CONSENT_CODES_PER_IP_PER_HOUR,
  CONSENT_CODES_PER_NUMBER_PER_HOUR,
  normalizeIndianMobile,
  tooManyCodesMessage,
} from '@aaspaas/domain';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { rateBudget } from '#src/lib/rate-budget';

const numberOf = (request: FastifyRequest) => {
  const body = request.body as { mobileNumber?: unknown } | undefined;
  return typeof body?.mobileNumber === 'string' ? (normalizeIndianMobile(body.mobileNumber) ?? undefined) : undefined;
};

/**
 * The budgets of the code requests, shared by the join and the opt-out forms (one SMS costs the same):
 * per address, spent on every request, and per number across businesses, spent only when a code is
 * about to be sent, so a request refused for another reason does not use up a number's codes.
 */
export function consentCodeLimits(fastify: FastifyInstance): {
  perAddress: preHandlerAsyncHookHandler;
  perNumber: preHandlerAsyncHookHandler;
} {
  return {
    perAddress: rateBudget(
      fastify,
      [{ max: CONSENT_CODES_PER_IP_PER_HOUR, windowMs: CONSENT_CODE_LIMIT_WINDOW_MS, key: (req) => `consent-code:ip:${req.ip}` }],
      tooManyCodesMessage,
    ),
    perNumber: rateBudget(
      fastify,
      [
        {
          max: CONSENT_CODES_PER_NUMBER_PER_HOUR,
          windowMs: CONSENT_CODE_LIMIT_WINDOW_MS,
          key: (req) => {
            const mobile = numberOf(req);
            return mobile ? `consent-code:number:${mobile}` : undefined;
          },
        },
      ],
      tooManyCodesMessage,
    ),
  };
}
