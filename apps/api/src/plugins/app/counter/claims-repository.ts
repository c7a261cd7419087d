import { randomInt } from 'node:crypto';
import {
  CLAIM_CODE_ALPHABET,
  CLAIM_CODE_LENGTH,
  COUNTER_MESSAGES,
  type Claim,
  type ClaimTotals,
  indiaMidnight,
  truncate,
  upiPayLink,
} from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db, Executor } from '#src/db/client';
import { AppError } from '#src/lib/app-error';

/** Tries at a code no open claim of the business holds today (31⁴ codes: a clash is rare). */
const CODE_TRIES = 8;
/** The claim list of the dashboard: today's, at most this many. */
const CLAIMS_LIST_MAX = 200;
/** The offer's text a claim shows, shortened. */
const TITLE_MAX = 60;

type ClaimRowData = {
  id: string;
  post_id: string;
  code: string;
  amount_paise: number | null;
  received_paise: number | null;
  redeemed_at: Date | string | null;
  created_at: Date | string;
  content: string;
  expires_at: Date | string | null;
  business_name: string;
  upi_id: string | null;
};

const CLAIM_COLUMNS = sql`c.id, c.post_id, c.code, c.amount_paise, c.received_paise, c.redeemed_at, c.created_at,
  p.content, p.expires_at, u.business_name, u.upi_id`;

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** The `tr` of a claim's pay link: the shop reads it in its UPI app's history beside the payment. */
function claimReference(code: string, postId: string): string {
  return `AASPAAS-${code}-${postId.slice(0, 8)}`;
}

function toClaim(row: ClaimRowData, now: Date): Claim {
  const expiresAt = iso(row.expires_at);
  const title = truncate(row.content.replace(/\s+/g, ' ').trim(), TITLE_MAX);
  return {
    id: row.id,
    code: row.code,
    postId: row.post_id,
    title,
    businessName: row.business_name,
    amountPaise: row.amount_paise,
    status: row.redeemed_at === null ? 'open' : 'redeemed',
    expiresAt,
    expired: expiresAt !== null && new Date(expiresAt) <= now,
    receivedPaise: row.received_paise,
    redeemedAt: iso(row.redeemed_at),
    createdAt: new Date(row.created_at).toISOString(),
    payLink:
      row.upi_id && row.amount_paise !== null
        ? upiPayLink({
            upiId: row.upi_id,
            payeeName: row.business_name,
            amountPaise: row.amount_paise,
            note: title,
            reference: claimReference(row.code, row.post_id),
          })
        : null,
  };
}

function newCode(): string {
  return Array.from({ length: CLAIM_CODE_LENGTH }, () => CLAIM_CODE_ALPHABET[randomInt(CLAIM_CODE_ALPHABET.length)]).join('');
}

/**
 * Claims of offers (docs/product.md §3, Claims): a visitor claims an offer with a price and gets a short
 * code; the business lists today's and marks each redeemed with the amount it received. Every business
 * query names the business, so another's claim answers 404 like a missing one.
 */
export function createClaimsRepository(deps: { db: Db }) {
  const { db } = deps;

  async function one(executor: Executor, where: ReturnType<typeof sql>): Promise<ClaimRowData | undefined> {
    const { rows } = await executor.execute<ClaimRowData>(sql`
      SELECT ${CLAIM_COLUMNS} FROM offer_claims c JOIN posts p ON p.id = c.post_id JOIN users u ON u.id = c.user_id
      WHERE ${where} LIMIT 1`);
    return rows[0];
  }

  /** Marks the claim `where` finds redeemed, in one transaction with its check. */
  async function redeemWhere(where: ReturnType<typeof sql>, receivedPaise: number | undefined, now: Date, missing: string) {
    return db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ id: string }>(sql`SELECT c.id FROM offer_claims c WHERE ${where} FOR UPDATE`);
      const id = rows[0]?.id;
      const row = id ? await one(tx, sql`c.id = ${id}::uuid`) : undefined;
      if (!id || !row) throw AppError.notFound(missing);
      if (row.redeemed_at !== null) throw new AppError('CONFLICT', COUNTER_MESSAGES.alreadyRedeemed);
      if (row.expires_at !== null && new Date(row.expires_at) <= now) throw new AppError('GONE', COUNTER_MESSAGES.claimExpired);
      await tx.execute(sql`
        UPDATE offer_claims SET redeemed_at = ${now.toISOString()}::timestamptz, received_paise = ${receivedPaise ?? row.amount_paise}
        WHERE id = ${id}::uuid`);
      return toClaim((await one(tx, sql`c.id = ${id}::uuid`))!, now);
    });
  }

  return {
    /** A visitor's claim of a live offer with a price: 404 for a missing or hidden post, 410 once the offer ended. */
    async create(postId: string, visitorId: string, now: Date = new Date()): Promise<Claim> {
      const { rows } = await db.execute<{
        user_id: string;
        our_price_paise: number | null;
        expires_at: Date | string | null;
      }>(sql`
        SELECT p.user_id, p.our_price_paise, p.expires_at FROM posts p JOIN users u ON u.id = p.user_id
        WHERE p.id = ${postId}::uuid AND p.hidden_at IS NULL AND u.status = 'active'`);
      const post = rows[0];
      if (!post) throw AppError.notFound(COUNTER_MESSAGES.postNotFound);
      if (post.expires_at !== null && new Date(post.expires_at) <= now) throw new AppError('GONE', COUNTER_MESSAGES.offerExpired);
      if (post.our_price_paise === null) throw new AppError('CONFLICT', COUNTER_MESSAGES.notAnOffer);
      const today = new Date(indiaMidnight(now.getTime())).toISOString();
      for (let i = 0; i < CODE_TRIES; i++) {
        const code = newCode();
        const { rows: inserted } = await db.execute<{ id: string }>(sql`
          INSERT INTO offer_claims (post_id, user_id, visitor_id, code, amount_paise, created_at)
          SELECT ${postId}::uuid, ${post.user_id}::uuid, ${visitorId}, ${code}, ${post.our_price_paise}, ${now.toISOString()}::timestamptz
          WHERE NOT EXISTS (
            SELECT 1 FROM offer_claims o WHERE o.user_id = ${post.user_id}::uuid AND o.code = ${code}
              AND o.created_at >= ${today}::timestamptz AND o.redeemed_at IS NULL)
          RETURNING id`);
        const id = inserted[0]?.id;
        if (id) return toClaim((await one(db, sql`c.id = ${id}::uuid`))!, now);
      }
      throw new AppError('SERVICE_UNAVAILABLE', 'Could not make a claim code: please try again');
    },

    /** The business's claims made today (India day), newest first; of one post when `postId` is given. */
    async today(userId: string, now: Date = new Date()): Promise<Claim[]> {
      const { rows } = await db.execute<ClaimRowData>(sql`
        SELECT ${CLAIM_COLUMNS} FROM offer_claims c JOIN posts p ON p.id = c.post_id JOIN users u ON u.id = c.user_id
        WHERE c.user_id = ${userId}::uuid AND c.created_at >= ${new Date(indiaMidnight(now.getTime())).toISOString()}::timestamptz
        ORDER BY c.created_at DESC, c.id DESC LIMIT ${CLAIMS_LIST_MAX}`);
      return rows.map((r) => toClaim(r, now));
    },

    redeem(userId: string, claimId: string, receivedPaise: number | undefined, now: Date = new Date()): Promise<Claim> {
      return redeemWhere(
        sql`c.id = ${claimId}::uuid AND c.user_id = ${userId}::uuid`,
        receivedPaise,
        now,
        COUNTER_MESSAGES.claimNotFound,
      );
    },

    /** By the code the customer shows: the newest of today's claims of the business with it, open ones first. */
    redeemByCode(userId: string, code: string, receivedPaise: number | undefined, now: Date = new Date()): Promise<Claim> {
      const today = new Date(indiaMidnight(now.getTime())).toISOString();
      return redeemWhere(
        sql`c.id = (SELECT o.id FROM offer_claims o WHERE o.user_id = ${userId}::uuid AND o.code = ${code}
          AND o.created_at >= ${today}::timestamptz ORDER BY (o.redeemed_at IS NULL) DESC, o.created_at DESC LIMIT 1)`,
        receivedPaise,
        now,
        COUNTER_MESSAGES.codeNotFound,
      );
    },

    /** Claims, redeemed ones and rupees received: of one of the business's posts, or all of them. */
    async totals(userId: string, postId: string | null): Promise<ClaimTotals> {
      const { rows } = await db.execute<{ claims: number; redeemed: number; received: number }>(sql`
        SELECT count(*)::int AS claims, count(redeemed_at)::int AS redeemed, coalesce(sum(received_paise), 0)::int AS received
        FROM offer_claims WHERE user_id = ${userId}::uuid ${postId ? sql`AND post_id = ${postId}::uuid` : sql``}`);
      const row = rows[0];
      return { claims: row?.claims ?? 0, redeemed: row?.redeemed ?? 0, receivedPaise: row?.received ?? 0 };
    },
  };
}

export type ClaimsRepository = ReturnType<typeof createClaimsRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    claimsRepository: ClaimsRepository;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('claimsRepository', createClaimsRepository({ db: fastify.db }));
  },
  { name: 'claims-repository', dependencies: ['db'] },
);
