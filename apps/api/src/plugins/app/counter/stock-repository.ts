import { COUNTER_MESSAGES, type Stock, indiaTimeOn, nextIndiaMidnight, type StockRequestSchema } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import type { Db } from '#src/db/client';
import { AppError } from '#src/lib/app-error';

/**
 * A post's live stock (docs/product.md §3, Live stock): "Sold out" until India midnight, "Fresh stock at
 * 5 pm" until that time today. It ends by itself (the listings show it only before `stock_until`) and
 * never moves the post in the feed.
 */
export function createStockRepository(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** Sets or clears the stock of one of the business's posts; another's answers 404 like a missing one. */
    async set(
      userId: string,
      postId: string,
      request: z.output<typeof StockRequestSchema>,
      now: Date = new Date(),
    ): Promise<Stock | null> {
      let until: number | null = null;
      if (request.status === 'soldOut') until = nextIndiaMidnight(now.getTime());
      if (request.status === 'freshAt') {
        until = indiaTimeOn(now.getTime(), request.at ?? '');
        if (until === null || until <= now.getTime()) throw AppError.badRequest(COUNTER_MESSAGES.timePassed);
      }
      const untilIso = until === null ? null : new Date(until).toISOString();
      const { rows } = await db.execute<{ id: string }>(sql`
        UPDATE posts SET stock_status = ${request.status}, stock_until = ${untilIso}::timestamptz
        WHERE id = ${postId}::uuid AND user_id = ${userId}::uuid RETURNING id`);
      if (rows.length === 0) throw AppError.notFound(COUNTER_MESSAGES.postNotFound);
      return request.status && untilIso ? { status: request.status, until: untilIso } : null;
    },
  };
}

export type StockRepository = ReturnType<typeof createStockRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    stockRepository: StockRepository;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('stockRepository', createStockRepository({ db: fastify.db }));
  },
  { name: 'stock-repository', dependencies: ['db'] },
);
