import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SIGNED_VISITOR_ID_PATTERN, VISITOR_COOKIE, VISITOR_COOKIE_MAX_AGE_S, VISITOR_HEADER } from '@aaspaas/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '#src/config/env';
import { resolveJwtSecret } from '../auth/jwt-secret';

const HOUR_MS = 60 * 60 * 1000;
/** A new visitor's id is confirmed at its first visit at least this long after it was issued (ADR 048). */
const NEW_VISITOR_CONFIRM_AFTER_MS = 24 * HOUR_MS;
const TAG_BYTES = 16;

/**
 * A visitor as its signed id says: `id` is the UUID likes, views and reports are stored by; `isNew`
 * when the id was issued beyond its address's hourly ration and not yet confirmed (ADR 048);
 * `issuedAtMs` from the id itself (null for ids made before ids carried it).
 */
export type Visitor = { id: string; isNew: boolean; issuedAtMs: number | null };

/** A UUID version 7: its first 48 bits are the time it was made, so an id says its own age. */
function uuidV7(nowMs: number): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(nowMs, 0, 6);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x70;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const issuedAtOf = (id: string): number | null => (id[14] === '7' ? parseInt(id.slice(0, 8) + id.slice(9, 13), 16) : null);

/**
 * Visitor ids are made by the server: a random UUID with an HMAC tag (key derived from JWT_SECRET
 * for this one use). Likes, views and shares count only ids that carry a valid tag, so rotating
 * invented ids counts nothing. Every browser gets an id (ADR 048): the first VISITOR_IDS_PER_IP_PER_HOUR
 * new ids of an address in an hour count in full at once; the ones beyond are issued as new visitors
 * (another tag over the same UUID), whose likes, views and shares count only within a small budget per
 * address and post, and whose reports never hide a post. A new visitor's id is confirmed, with the
 * ration, at a visit a day or more later, and its held likes then count.
 */
export function createVisitorIdsService(deps: {
  config: Env;
  /** Spends one of the address's full-weight ids for the hour (@fastify/rate-limit's counter). */
  newIdRation: ReturnType<FastifyInstance['createRateLimit']>;
  /** Counts the held likes of a new visitor whose id has just been confirmed. */
  onConfirmed: (visitorId: string) => Promise<void>;
  clock?: () => number;
}) {
  const { config, newIdRation, onConfirmed } = deps;
  const clock = deps.clock ?? Date.now;
  const key = createHmac('sha256', resolveJwtSecret(config)).update('aaspaas:visitor-id:v1').digest();
  // A new visitor's tag covers a suffix, so one can never be passed off as a confirmed id.
  const tagOf = (id: string, isNew: boolean) =>
    createHmac('sha256', key)
      .update(isNew ? `${id}:new` : id)
      .digest()
      .subarray(0, TAG_BYTES);
  const sign = (id: string, isNew = false) => `${id}.${tagOf(id, isNew).toString('base64url')}`;

  /** The visitor of a genuine signed id; undefined for anything else. */
  function visitorOf(value: unknown): Visitor | undefined {
    if (typeof value !== 'string' || !SIGNED_VISITOR_ID_PATTERN.test(value)) return undefined;
    const [id = '', tag = ''] = value.split('.');
    const given = Buffer.from(tag, 'base64url');
    if (given.length !== TAG_BYTES) return undefined;
    for (const isNew of [false, true]) {
      if (timingSafeEqual(given, tagOf(id, isNew))) return { id, isNew, issuedAtMs: issuedAtOf(id) };
    }
    return undefined;
  }

  /** The request's signed id (X-Visitor-Id, else the cookie); a confirmed cookie of the same id wins over a new header. */
  const signedOf = (request: FastifyRequest): { signed: string; visitor: Visitor } | undefined => {
    const header = request.headers[VISITOR_HEADER];
    const fromHeader = Array.isArray(header) ? header[0] : header;
    const inHeader = visitorOf(fromHeader);
    if (inHeader && fromHeader && !inHeader.isNew) return { signed: fromHeader, visitor: inHeader };
    const fromCookie = request.cookies?.[VISITOR_COOKIE];
    const inCookie = visitorOf(fromCookie);
    if (inHeader && fromHeader && (!inCookie || inCookie.isNew || inCookie.id !== inHeader.id)) {
      return { signed: fromHeader, visitor: inHeader };
    }
    return inCookie && fromCookie ? { signed: fromCookie, visitor: inCookie } : undefined;
  };

  const httpsSite = config.PUBLIC_URL?.startsWith('https:') ?? false;

  /** Spends one of the address's full-weight ids; false once they are spent for the hour. */
  async function rationLeft(request: FastifyRequest): Promise<boolean> {
    const ration = await newIdRation(request);
    return ration.isAllowed || !ration.isExceeded;
  }

  /**
   * This browser's signed visitor id, sent back to it in the one-year cookie: the one it holds (a new
   * visitor's confirmed when it is old enough and the ration allows), or a new one, which is a new
   * visitor's once the address's ration is spent. Every browser gets one.
   */
  async function issue(request: FastifyRequest, reply: FastifyReply): Promise<string> {
    const held = signedOf(request);
    let signed = held?.signed;
    if (held?.visitor.isNew) {
      const { id, issuedAtMs } = held.visitor;
      if (issuedAtMs !== null && clock() - issuedAtMs >= NEW_VISITOR_CONFIRM_AFTER_MS && (await rationLeft(request))) {
        signed = sign(id);
        await onConfirmed(id);
      }
    }
    if (!signed) {
      const full = await rationLeft(request);
      if (!full) request.log.info('visitor id ration of this address spent for the hour: a new visitor id is issued');
      signed = sign(uuidV7(clock()), !full);
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
    /** The visitor of a server-issued id in the X-Visitor-Id header, else the cookie. */
    visitor: (request: FastifyRequest): Visitor | undefined => signedOf(request)?.visitor,
    /** The id (its UUID) of a server-issued visitor id in the X-Visitor-Id header, else the cookie. */
    read: (request: FastifyRequest): string | undefined => signedOf(request)?.visitor.id,
    /** The signed form of a visitor UUID (what the cookie and the header carry); `isNew` for a new visitor's. */
    sign,
    /** The UUID of a genuine signed id; undefined for anything else. */
    open: (value: unknown): string | undefined => visitorOf(value)?.id,
    visitorOf,
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
    const onConfirmed = (visitorId: string) => fastify.engagementRepository.confirmHeldLikes(visitorId);
    fastify.decorate('visitorIdsService', createVisitorIdsService({ config: fastify.config, newIdRation, onConfirmed }));
  },
  { name: 'visitor-ids-service', dependencies: ['env', 'cookie', 'rate-limit', 'engagement-repository'] },
);
