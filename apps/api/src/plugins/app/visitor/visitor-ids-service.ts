import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { SIGNED_VISITOR_ID_PATTERN, VISITOR_COOKIE, VISITOR_COOKIE_MAX_AGE_S, VISITOR_HEADER } from '@aaspaas/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '#src/config/env';
import { resolveJwtSecret } from '../auth/jwt-secret';

const HOUR_MS = 60 * 60 * 1000;
const TAG_BYTES = 16;

/**
 * Visitor ids are made by the server: a random UUID with an HMAC tag (key derived from JWT_SECRET
 * for this one use). Likes, views and shares count only ids that carry a valid tag, so rotating
 * invented ids counts nothing; new ids are rationed per address (VISITOR_IDS_PER_IP_PER_HOUR), which
 * bounds what one address can inflate without ever blocking a visitor from reading the feed.
 */
export function createVisitorIdsService(deps: {
  config: Env;
  /** Spends one of the address's new ids for the hour (@fastify/rate-limit's counter). */
  newIdRation: ReturnType<FastifyInstance['createRateLimit']>;
}) {
  const { config, newIdRation } = deps;
  const key = createHmac('sha256', resolveJwtSecret(config)).update('aaspaas:visitor-id:v1').digest();
  const tagOf = (id: string) => createHmac('sha256', key).update(id).digest().subarray(0, TAG_BYTES);
  const sign = (id: string) => `${id}.${tagOf(id).toString('base64url')}`;

  /** The UUID of a genuine signed id; undefined for anything else. */
  function open(value: unknown): string | undefined {
    if (typeof value !== 'string' || !SIGNED_VISITOR_ID_PATTERN.test(value)) return undefined;
    const [id = '', tag = ''] = value.split('.');
    const given = Buffer.from(tag, 'base64url');
    return given.length === TAG_BYTES && timingSafeEqual(given, tagOf(id)) ? id : undefined;
  }

  const signedOf = (request: FastifyRequest): string | undefined => {
    const header = request.headers[VISITOR_HEADER];
    const fromHeader = Array.isArray(header) ? header[0] : header;
    if (open(fromHeader)) return fromHeader;
    const fromCookie = request.cookies?.[VISITOR_COOKIE];
    return open(fromCookie) ? fromCookie : undefined;
  };

  const httpsSite = config.PUBLIC_URL?.startsWith('https:') ?? false;

  /**
   * This browser's signed visitor id, sent back to it in the one-year cookie: the one it holds,
   * or a new one while its address's ration lasts (null once it is spent).
   */
  async function issue(request: FastifyRequest, reply: FastifyReply): Promise<string | null> {
    let signed = signedOf(request);
    if (!signed) {
      const ration = await newIdRation(request);
      if (!ration.isAllowed && ration.isExceeded) {
        request.log.info('visitor id ration of this address spent for the hour');
        return null;
      }
      signed = sign(randomUUID());
    }
    // Not httpOnly: the web keeps the id in local storage too and sends it as X-Visitor-Id.
    reply.setCookie(VISITOR_COOKIE, signed, {
      path: '/',
      maxAge: VISITOR_COOKIE_MAX_AGE_S,
      sameSite: 'lax',
      secure: httpsSite || request.protocol === 'https',
    });
    return signed;
  }

  return {
    /** The id (its UUID) of a server-issued visitor id in the X-Visitor-Id header, else the cookie. */
    read: (request: FastifyRequest): string | undefined => open(signedOf(request)),
    /** The signed form of a visitor UUID (what the cookie and the header carry). */
    sign,
    open,
    issue,
  };
}

export type VisitorIdsService = ReturnType<typeof createVisitorIdsService>;

declare module 'fastify' {
  interface FastifyInstance {
    visitorIdsService: VisitorIdsService;
  }
}

export default fp(
  async (fastify) => {
    const newIdRation = fastify.createRateLimit({
      max: fastify.config.VISITOR_IDS_PER_IP_PER_HOUR,
      timeWindow: HOUR_MS,
      keyGenerator: (req: FastifyRequest) => `visitor-new:ip:${req.ip}`,
    });
    fastify.decorate('visitorIdsService', createVisitorIdsService({ config: fastify.config, newIdRation }));
  },
  { name: 'visitor-ids-service', dependencies: ['env', 'cookie', 'rate-limit'] },
);
