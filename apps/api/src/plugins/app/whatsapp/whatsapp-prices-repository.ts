import {
  DEFAULT_WHATSAPP_PRICES_PAISE,
  WHATSAPP_TEMPLATE_CATEGORIES,
  type WhatsAppPrice,
  type WhatsAppPriceInput,
  type WhatsAppPricingAdmin,
  type WhatsAppTemplateCategory,
} from '@aaspaas/domain';
import { desc, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db, Executor } from '#src/db/client';
import { whatsappPrices } from '#src/db/schema';
import type { AuditRecord, AuditRepository } from '../audit/audit-repository';

export type WhatsAppPricesRepository = ReturnType<typeof createWhatsAppPricesRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    whatsappPrices: WhatsAppPricesRepository;
  }
}

const HISTORY_LIMIT = 100;
type Row = typeof whatsappPrices.$inferSelect;

function toPrice(row: Row): WhatsAppPrice {
  return { category: row.category, pricePaise: row.pricePaise, changedAt: row.createdAt.toISOString(), changedBy: row.changedBy };
}

/**
 * WhatsApp prices per template category, each change a new row with who and when (as the SMS price,
 * docs/product.md §10); a charge uses the newest row of its category made before it, else the start value.
 */
export function createWhatsAppPricesRepository(deps: { db: Db; audit: AuditRepository }) {
  const { db, audit } = deps;

  async function current(executor: Executor = db, now: Date = new Date()): Promise<WhatsAppPrice[]> {
    const rows = await executor
      .selectDistinctOn([whatsappPrices.category])
      .from(whatsappPrices)
      .where(sql`${whatsappPrices.createdAt} <= ${now.toISOString()}::timestamptz`)
      .orderBy(whatsappPrices.category, desc(whatsappPrices.id));
    return WHATSAPP_TEMPLATE_CATEGORIES.map((category) => {
      const row = rows.find((r) => r.category === category);
      return row
        ? toPrice(row)
        : { category, pricePaise: DEFAULT_WHATSAPP_PRICES_PAISE[category], changedAt: null, changedBy: null };
    });
  }

  return {
    current,

    /** The price of each category now, in paise. */
    async prices(executor: Executor = db, now: Date = new Date()): Promise<Record<WhatsAppTemplateCategory, number>> {
      const list = await current(executor, now);
      return Object.fromEntries(list.map((p) => [p.category, p.pricePaise])) as Record<WhatsAppTemplateCategory, number>;
    },

    async admin(): Promise<WhatsAppPricingAdmin> {
      const rows = await db.select().from(whatsappPrices).orderBy(desc(whatsappPrices.id)).limit(HISTORY_LIMIT);
      return { current: await current(), history: rows.map(toPrice) };
    },

    /** A new price for one category, with its audit row in the same transaction. */
    async set(input: WhatsAppPriceInput, admin: AuditRecord['admin']): Promise<WhatsAppPrice> {
      return db.transaction(async (tx) => {
        const before = (await current(tx)).find((p) => p.category === input.category);
        const [row] = await tx
          .insert(whatsappPrices)
          .values({ ...input, changedBy: admin.username })
          .returning();
        if (!row) throw new Error('whatsapp price not inserted');
        const after = toPrice(row);
        await audit.record(tx, {
          admin,
          action: 'pricing.whatsapp',
          targetType: 'pricing',
          targetId: `whatsapp.${input.category}`,
          before: before ?? null,
          after,
        });
        return after;
      });
    },
  };
}

export default fp(
  async (fastify) => {
    fastify.decorate('whatsappPrices', createWhatsAppPricesRepository({ db: fastify.db, audit: fastify.auditRepository }));
  },
  { name: 'whatsapp-prices-repository', dependencies: ['db', 'audit-repository'] },
);
