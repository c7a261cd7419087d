import {
  type AdminSmsHistoryPage,
  IST_OFFSET_MINUTES,
  type MessageChannel,
  SMS_EXPORT_MAX_ROWS,
  SMS_MESSAGES,
  type SmsHistoryPage,
  type SmsHistoryRow,
  type SmsMessageStatus,
} from '@aaspaas/domain';
import { and, count, desc, eq, gte, ilike, inArray, like, lt, type SQL, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '#src/db/client';
import { smsCampaigns, smsMessages, users } from '#src/db/schema';
import { csvLine } from '#src/lib/csv';
import { likePattern } from '#src/lib/like-pattern';
import { AppError } from '#src/lib/app-error';

export type SmsHistoryFilter = {
  campaignId?: string | undefined;
  status?: SmsMessageStatus | undefined;
  channel?: MessageChannel | undefined;
  from?: string | undefined;
  to?: string | undefined;
  number?: string | undefined;
  businessId?: string | undefined;
  q?: string | undefined;
};

/** An instant as India's wall-clock time with its offset ('2026-03-01T21:30:00+05:30'), as the screen shows it. */
function indiaTimeWithOffset(iso: string): string {
  return `${new Date(new Date(iso).getTime() + IST_OFFSET_MINUTES * 60_000).toISOString().slice(0, 19)}+05:30`;
}

export type SmsHistoryRepository = ReturnType<typeof createSmsHistoryRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    smsHistoryRepository: SmsHistoryRepository;
  }
}

const DAY_MS = 86_400_000;

function indiaDayStart(day: string, field: string): Date {
  const at = new Date(`${day}T00:00:00+05:30`);
  if (Number.isNaN(at.getTime())) throw AppError.badRequest(SMS_MESSAGES.dateInvalid, { field });
  return at;
}

function decodeCursor(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  if (!/^[1-9][0-9]{0,15}$/.test(raw)) throw AppError.badRequest(SMS_MESSAGES.cursorMalformed);
  return Number(raw);
}

const columns = {
  message: smsMessages,
  campaignName: smsCampaigns.name,
  // A WhatsApp message names its WhatsApp template; an SMS its DLT template and header.
  templateName: sql<string>`case when ${smsMessages.channel} = 'whatsapp' then ${smsCampaigns.whatsappTemplateName} else ${smsCampaigns.templateName} end`,
  header: sql<string>`case when ${smsMessages.channel} = 'whatsapp' then '' else ${smsCampaigns.header} end`,
  businessName: users.businessName,
};

type Joined = {
  message: typeof smsMessages.$inferSelect;
  campaignName: string;
  templateName: string | null;
  header: string | null;
  businessName: string | null;
};

function toRow(r: Joined): SmsHistoryRow {
  const m = r.message;
  return {
    id: String(m.id),
    to: m.to,
    channel: m.channel,
    campaignId: m.campaignId,
    campaignName: r.campaignName,
    templateName: r.templateName ?? '',
    header: r.header ?? '',
    text: m.text,
    encoding: m.encoding,
    parts: m.parts,
    costPaise: m.costPaise,
    refunded: m.refunded,
    status: m.status,
    error: m.error,
    createdAt: m.createdAt.toISOString(),
    submittedAt: m.submittedAt?.toISOString() ?? null,
    doneAt: m.doneAt?.toISOString() ?? null,
  };
}

/** Every message sent (docs/product.md §12): a business's own, or the admin's view of all; newest first, keyset pages by id. */
export function createSmsHistoryRepository(deps: { db: Db }) {
  const { db } = deps;

  function where(userId: string | null, filter: SmsHistoryFilter, before: number | null): SQL | undefined {
    const c: SQL[] = [];
    if (userId) c.push(eq(smsMessages.userId, userId));
    if (filter.businessId) c.push(eq(smsMessages.userId, filter.businessId));
    if (filter.campaignId) c.push(eq(smsMessages.campaignId, filter.campaignId));
    if (filter.status) c.push(eq(smsMessages.status, filter.status));
    if (filter.channel) c.push(eq(smsMessages.channel, filter.channel));
    if (filter.from) c.push(gte(smsMessages.createdAt, indiaDayStart(filter.from, 'from')));
    if (filter.to) c.push(lt(smsMessages.createdAt, new Date(indiaDayStart(filter.to, 'to').getTime() + DAY_MS)));
    if (filter.number) c.push(like(smsMessages.to, likePattern(filter.number.replace(/^\+?91(?=\d{10}$)/, ''), 'contains')));
    if (filter.q) c.push(ilike(users.businessName, likePattern(filter.q, 'contains')));
    if (before !== null) c.push(lt(smsMessages.id, before));
    return and(...c);
  }

  async function page(userId: string | null, filter: SmsHistoryFilter, limit: number, cursor: string | undefined) {
    const rows = await db
      .select(columns)
      .from(smsMessages)
      .innerJoin(smsCampaigns, eq(smsCampaigns.id, smsMessages.campaignId))
      .innerJoin(users, eq(users.id, smsMessages.userId))
      .where(where(userId, filter, decodeCursor(cursor)))
      .orderBy(desc(smsMessages.id))
      .limit(limit + 1);
    const shown = rows.slice(0, limit);
    const last = shown[shown.length - 1];
    return { shown, nextCursor: rows.length > limit && last ? String(last.message.id) : null };
  }

  return {
    async list(userId: string, filter: SmsHistoryFilter, limit: number, cursor?: string): Promise<SmsHistoryPage> {
      const { shown, nextCursor } = await page(userId, filter, limit, cursor);
      return { messages: shown.map(toRow), nextCursor };
    },

    async listAll(filter: SmsHistoryFilter, limit: number, cursor?: string): Promise<AdminSmsHistoryPage> {
      const { shown, nextCursor } = await page(null, filter, limit, cursor);
      return {
        messages: shown.map((r) => ({ ...toRow(r), businessId: r.message.userId, businessName: r.businessName ?? '' })),
        nextCursor,
      };
    },

    /** The CSV export: the filters' newest SMS_EXPORT_MAX_ROWS messages. */
    async csv(userId: string, filter: SmsHistoryFilter): Promise<string> {
      const rows = await db
        .select(columns)
        .from(smsMessages)
        .innerJoin(smsCampaigns, eq(smsCampaigns.id, smsMessages.campaignId))
        .innerJoin(users, eq(users.id, smsMessages.userId))
        .where(where(userId, filter, null))
        .orderBy(desc(smsMessages.id))
        .limit(SMS_EXPORT_MAX_ROWS);
      const header = [
        'Time (India)',
        'Number',
        'Channel',
        'Campaign',
        'Template',
        'Header',
        'Status',
        'Parts',
        'Cost (Rs.)',
        'Refunded',
        'Error',
        'Text',
      ];
      const lines = [csvLine(header)];
      for (const r of rows.map(toRow)) {
        lines.push(
          csvLine([
            indiaTimeWithOffset(r.createdAt),
            r.to,
            r.channel === 'whatsapp' ? 'WhatsApp' : 'SMS',
            r.campaignName,
            r.templateName,
            r.header,
            r.status,
            String(r.parts),
            (r.costPaise / 100).toFixed(2),
            r.refunded ? 'yes' : 'no',
            r.error ?? '',
            r.text,
          ]),
        );
      }
      return lines.join('');
    },

    /** Messages that went out (submitted or delivered): the home screen's "SMS sent". */
    async sentCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(smsMessages)
        .where(and(eq(smsMessages.userId, userId), inArray(smsMessages.status, ['submitted', 'delivered'])));
      return row?.n ?? 0;
    },
  };
}

export default fp(
  async (fastify) => {
    fastify.decorate('smsHistoryRepository', createSmsHistoryRepository({ db: fastify.db }));
  },
  { name: 'sms-history-repository', dependencies: ['db'] },
);
