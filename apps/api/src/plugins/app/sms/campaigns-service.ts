import {
  businessVariableCount,
  campaignCostPaise,
  costChangedMessage,
  nextSmsWindowStart,
  type SmsAudience,
  type SmsAudiencePreview,
  type SmsCampaign,
  type SmsCampaignDraft,
  type SmsCampaignInput,
  SmsCampaignDraftSchema,
  SmsCampaignInputSchema,
  type SmsCampaignList,
  type SmsCampaignStatus,
  type SmsCostPreview,
  type SmsProgress,
  SMS_CAMPAIGN_RECIPIENTS_MAX,
  SMS_MESSAGES,
  SMS_SCHEDULE_MAX_DAYS,
  smsSegments,
  windowApplies,
} from '@aaspaas/domain';
import { and, desc, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db, Executor, Tx } from '#src/db/client';
import { type SmsCampaignRow, smsCampaigns, smsMessages, users, walletLedger } from '#src/db/schema';
import { AppError } from '#src/lib/app-error';
import type { PricingRepository } from '../pricing/pricing-repository';
import type { SubscriptionsService } from '../subscriptions/subscriptions-service';
import type { LedgerRepository } from '../wallet/ledger-repository';
import { countReachable, previewAudience, type Recipient, recipientPages } from './campaign-audience';
import { createRenderer, type RenderTemplate } from './campaign-render';
import { EMPTY_PROGRESS, toCampaign } from './campaign-row';
import type { DltRepository, DltTemplateWithHeader } from './dlt-repository';

/** The statuses a campaign still has messages to send in. */
export const LIVE_STATUSES = [
  'scheduled',
  'waiting-for-window',
  'running',
  'paused',
] as const satisfies readonly SmsCampaignStatus[];
/** Recipients rendered and written per round trip while a campaign is counted or confirmed. */
const RECIPIENT_PAGE = 5_000;

export type CampaignsService = ReturnType<typeof createCampaignsService>;

declare module 'fastify' {
  interface FastifyInstance {
    campaignsService: CampaignsService;
  }
}

/** A recipient with the text confirming writes for them. */
type RenderedRecipient = Recipient & { text: string; encoding: 'GSM-7' | 'UCS-2'; parts: number };

/** What one campaign costs: every recipient's rendered text counted, exactly as confirming charges. */
type Costing = {
  recipients: number;
  totalParts: number;
  minParts: number;
  maxParts: number;
  first: RenderedRecipient | null;
};

/**
 * SMS campaigns (docs/product.md §12): drafts, previews, confirming (the cost reserved in one ledger
 * debit with the message rows, one transaction), pause, resume, cancel (the unsent refunded), the
 * admin's stop. `now` is injectable so tests move the clock across the 10:00–21:00 IST window.
 */
export function createCampaignsService(deps: {
  db: Db;
  dlt: DltRepository;
  ledger: Pick<LedgerRepository, 'debit' | 'credit' | 'balance'>;
  pricing: PricingRepository;
  subscriptions: Pick<SubscriptionsService, 'liveTerms'>;
  origin: string;
  /** Called after a campaign may send (confirmed, resumed): the sender queues its job. */
  onReady?: (campaignId: string, sendsAt: Date) => Promise<void>;
  now?: () => Date;
}) {
  const { db, dlt, ledger, pricing } = deps;
  const clock = deps.now ?? (() => new Date());

  async function smsPriceFor(executor: Executor, userId: string): Promise<number> {
    const plan = await deps.subscriptions.liveTerms(executor, userId);
    if (plan) return plan.smsPricePaise;
    return (await pricing.smsPrice(executor, clock())).pricePaise;
  }

  /**
   * What a campaign must leave in the wallet (docs/product.md §10): the welcome credit, while the
   * account's email address is not confirmed, so a throwaway account's free credit never pays for
   * messages; nothing once it is confirmed.
   */
  async function welcomeCreditHeld(executor: Executor, userId: string): Promise<number> {
    const [user] = await executor.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
    if (!user || user.verifiedAt) return 0;
    const [welcome] = await executor
      .select({ paise: sql<number>`coalesce(sum(${walletLedger.amountPaise}), 0)`.mapWith(Number) })
      .from(walletLedger)
      .where(and(eq(walletLedger.userId, userId), eq(walletLedger.kind, 'signup_credit')));
    return welcome?.paise ?? 0;
  }

  async function templateFor(executor: Executor, userId: string, templateId: string): Promise<DltTemplateWithHeader> {
    try {
      return await dlt.template(userId, templateId, executor);
    } catch {
      throw AppError.badRequest(SMS_MESSAGES.templateNotFound, { field: 'templateId' });
    }
  }

  function checkVariables(template: DltTemplateWithHeader, draft: SmsCampaignDraft) {
    if (draft.variables.length !== businessVariableCount(template.text, template.category)) {
      throw AppError.badRequest(SMS_MESSAGES.variablesCount, { field: 'variables' });
    }
  }

  /**
   * Every recipient rendered and counted, a page at a time (`onPage` gets each page: confirming writes
   * its rows); 400 when the audience is empty or too big or a text does not fit its template.
   */
  async function cost(
    executor: Executor,
    userId: string,
    template: RenderTemplate,
    draft: SmsCampaignDraft,
    onPage?: (page: RenderedRecipient[]) => Promise<void>,
  ): Promise<Costing> {
    const n = await countReachable(executor, userId, draft.audience);
    if (n === 0) throw AppError.badRequest(SMS_MESSAGES.audienceEmpty, { field: 'audience' });
    if (n > SMS_CAMPAIGN_RECIPIENTS_MAX) throw AppError.badRequest(SMS_MESSAGES.audienceTooLarge, { field: 'audience' });
    const render = createRenderer(template, draft.variables, deps.origin, null);
    const costing: Costing = { recipients: 0, totalParts: 0, minParts: Number.POSITIVE_INFINITY, maxParts: 0, first: null };
    for await (const people of recipientPages(executor, userId, draft.audience, RECIPIENT_PAGE)) {
      const page: RenderedRecipient[] = [];
      for (const person of people) {
        if (costing.recipients >= SMS_CAMPAIGN_RECIPIENTS_MAX) break;
        const rendered = render(person);
        if (!rendered) throw AppError.badRequest(SMS_MESSAGES.textDoesNotFit, { field: 'variables' });
        const parts = rendered.segments.parts;
        costing.recipients += 1;
        costing.totalParts += parts;
        costing.minParts = Math.min(costing.minParts, parts);
        costing.maxParts = Math.max(costing.maxParts, parts);
        const one = { ...person, text: rendered.text, encoding: rendered.segments.encoding, parts };
        costing.first ??= one;
        if (onPage) page.push(one);
      }
      if (onPage && page.length > 0) await onPage(page);
    }
    return costing;
  }

  /**
   * One page of queued message rows in one statement: the page travels as one JSON parameter (a
   * thousand-row VALUES list has ten thousand parameters for the driver to bind), the cost and the
   * idempotency key are computed by the server.
   */
  async function insertMessages(tx: Tx, campaign: { id: string; userId: string }, pricePaise: number, page: RenderedRecipient[]) {
    const rows = JSON.stringify(page.map((r) => ({ c: r.id, t: r.mobileNumber, x: r.text, e: r.encoding, p: r.parts })));
    await tx.execute(sql`
      insert into sms_messages (campaign_id, user_id, contact_id, "to", text, encoding, parts, cost_paise, idempotency_key)
      select ${campaign.id}::uuid, ${campaign.userId}::uuid, r.c, r.t, r.x, r.e, r.p, r.p * ${pricePaise}::int,
             ${campaign.id}::text || ':' || r.t
        from jsonb_to_recordset(${rows}::jsonb) as r(c uuid, t text, x text, e text, p int)`);
  }

  function checkSchedule(scheduledAt: string | null, now: Date): Date | null {
    if (scheduledAt === null) return null;
    const at = new Date(scheduledAt);
    if (at.getTime() <= now.getTime()) throw AppError.badRequest(SMS_MESSAGES.scheduleInPast, { field: 'scheduledAt' });
    if (at.getTime() > now.getTime() + SMS_SCHEDULE_MAX_DAYS * 86_400_000) {
      throw AppError.badRequest(SMS_MESSAGES.scheduleTooFar, { field: 'scheduledAt' });
    }
    return at;
  }

  /** When a confirmed or resumed campaign may send, and the status that says why it waits. */
  function sendPlan(
    row: Pick<SmsCampaignRow, 'scheduledAt' | 'category'>,
    now: Date,
  ): { status: SmsCampaignStatus; sendsAt: Date } {
    const scheduled = row.scheduledAt && row.scheduledAt > now ? row.scheduledAt : now;
    const sendsAt = windowApplies(row.category) ? nextSmsWindowStart(scheduled) : scheduled;
    if (row.scheduledAt && row.scheduledAt > now) return { status: 'scheduled', sendsAt };
    return { status: sendsAt > now ? 'waiting-for-window' : 'running', sendsAt };
  }

  async function ownCampaign(executor: Executor, userId: string | null, id: string, lock = false): Promise<SmsCampaignRow> {
    const where = userId ? and(eq(smsCampaigns.id, id), eq(smsCampaigns.userId, userId)) : eq(smsCampaigns.id, id);
    const query = executor.select().from(smsCampaigns).where(where).limit(1);
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw AppError.notFound(SMS_MESSAGES.campaignNotFound);
    return row;
  }

  async function progressOf(executor: Executor, ids: string[]): Promise<Map<string, SmsProgress>> {
    const out = new Map<string, SmsProgress>();
    if (ids.length === 0) return out;
    const rows = await executor
      .select({ campaignId: smsMessages.campaignId, status: smsMessages.status, n: sql<number>`count(*)`.mapWith(Number) })
      .from(smsMessages)
      .where(inArray(smsMessages.campaignId, ids))
      .groupBy(smsMessages.campaignId, smsMessages.status);
    for (const r of rows) {
      const p = out.get(r.campaignId) ?? { ...EMPTY_PROGRESS };
      p[r.status] = r.n;
      out.set(r.campaignId, p);
    }
    return out;
  }

  async function present(executor: Executor, row: SmsCampaignRow): Promise<SmsCampaign> {
    const progress = await progressOf(executor, [row.id]);
    return toCampaign(row, progress.get(row.id) ?? EMPTY_PROGRESS);
  }

  /**
   * Ends the messages not yet handed to a provider (cancel, admin stop) and refunds them in one
   * ledger credit, in the caller's transaction. A message a sender holds (`claimed_at`) is left to
   * it: it is sent, or failed and refunded on its own.
   */
  async function refundUnsent(tx: Tx, row: SmsCampaignRow, note: string): Promise<number> {
    const ended = await tx
      .update(smsMessages)
      .set({ status: 'cancelled', doneAt: clock(), refunded: true })
      .where(and(eq(smsMessages.campaignId, row.id), eq(smsMessages.status, 'queued'), isNull(smsMessages.claimedAt)))
      .returning({ costPaise: smsMessages.costPaise });
    const total = ended.reduce((sum, m) => sum + m.costPaise, 0);
    if (total > 0) {
      await ledger.credit(tx, {
        userId: row.userId,
        kind: 'sms_refund',
        amountPaise: total,
        idempotencyKey: `sms-unsent:${row.id}`,
        note,
        causeType: 'campaign',
        causeId: row.id,
      });
      await tx
        .update(smsCampaigns)
        .set({ refundedPaise: sql`${smsCampaigns.refundedPaise} + ${total}` })
        .where(eq(smsCampaigns.id, row.id));
    }
    return total;
  }

  async function finishIfDone(tx: Tx, id: string): Promise<void> {
    await tx
      .update(smsCampaigns)
      .set({ completedAt: clock() })
      .where(and(eq(smsCampaigns.id, id), isNull(smsCampaigns.completedAt)));
  }

  return {
    smsPriceFor,
    present,
    progressOf,
    sendPlan,
    /** POST /api/sms/campaigns/audience */
    async audience(userId: string, audience: SmsAudience): Promise<SmsAudiencePreview> {
      return previewAudience(db, userId, audience);
    },

    /** POST /api/sms/campaigns/preview: the cost as confirming will charge it, and one message as it goes out. */
    async preview(userId: string, raw: SmsCampaignDraft): Promise<SmsCostPreview> {
      const draft = SmsCampaignDraftSchema.parse(raw);
      const template = await templateFor(db, userId, draft.templateId);
      checkVariables(template, draft);
      const audience = await previewAudience(db, userId, draft.audience);
      const costing = audience.recipients > 0 ? await cost(db, userId, template, draft) : null;
      const pricePaise = await smsPriceFor(db, userId);
      const first = costing?.first;
      const totalParts = costing?.totalParts ?? 0;
      const sample = first ? smsSegments(first.text) : null;
      return {
        ...audience,
        totalParts,
        minParts: costing?.minParts ?? 0,
        maxParts: costing?.maxParts ?? 0,
        pricePaise,
        costPaise: campaignCostPaise(totalParts, pricePaise),
        balancePaise: await ledger.balance(userId),
        sample:
          first && sample
            ? {
                contactName: first.name,
                to: first.mobileNumber,
                text: first.text,
                encoding: sample.encoding,
                characters: sample.characters,
                parts: sample.parts,
                unicodeCulprit: sample.unicodeCulprit ?? null,
              }
            : null,
        windowApplies: windowApplies(template.category),
      };
    },

    /** POST /api/sms/campaigns: a draft (checked as a send would be; nothing charged). */
    async create(userId: string, raw: SmsCampaignInput): Promise<SmsCampaign> {
      const input = SmsCampaignInputSchema.parse(raw);
      const template = await templateFor(db, userId, input.templateId);
      checkVariables(template, input);
      const scheduledAt = checkSchedule(input.scheduledAt, clock());
      const costing = await cost(db, userId, template, input);
      const pricePaise = await smsPriceFor(db, userId);
      const [row] = await db
        .insert(smsCampaigns)
        .values({
          userId,
          templateId: template.id,
          name: input.name,
          audience: input.audience,
          variables: input.variables,
          templateName: template.name,
          category: template.category,
          header: template.header,
          dltTemplateId: template.dltTemplateId,
          templateText: template.text,
          scheduledAt,
          pricePaise,
          recipients: costing.recipients,
          totalParts: costing.totalParts,
        })
        .returning();
      if (!row) throw new Error('campaign not inserted');
      return present(db, row);
    },

    /**
     * POST /api/sms/campaigns/{id}/confirm: in one transaction, the recipients rendered again, the
     * cost compared with what the business saw (409 when it changed), the cost debited (402 when the
     * wallet cannot pay) and one queued message row written per recipient.
     */
    async confirm(userId: string, id: string, expectedCostPaise: number): Promise<SmsCampaign> {
      const now = clock();
      const confirmed = await db.transaction(async (tx) => {
        const row = await ownCampaign(tx, userId, id, true);
        if (row.status !== 'draft') throw new AppError('CONFLICT', SMS_MESSAGES.notDraft);
        if (!row.templateId) throw AppError.badRequest(SMS_MESSAGES.templateNotFound, { field: 'templateId' });
        const template = await templateFor(tx, userId, row.templateId);
        const entityId = await dlt.entityId(userId, tx);
        if (!entityId) throw AppError.badRequest(SMS_MESSAGES.entityRequired);
        if (row.scheduledAt && row.scheduledAt <= now) {
          throw AppError.badRequest(SMS_MESSAGES.scheduleInPast, { field: 'scheduledAt' });
        }
        const draft = { templateId: template.id, audience: row.audience, variables: row.variables };
        checkVariables(template, draft);
        const pricePaise = await smsPriceFor(tx, userId);
        // The rows are written as the recipients are counted; a cost that changed (409) or a wallet
        // that cannot pay (402) rolls them back with the rest of the transaction.
        const costing = await cost(tx, userId, template, draft, (page) => insertMessages(tx, row, pricePaise, page));
        const costPaise = campaignCostPaise(costing.totalParts, pricePaise);
        if (costPaise !== expectedCostPaise) throw new AppError('CONFLICT', costChangedMessage(costPaise));
        const held = await welcomeCreditHeld(tx, userId);
        const { entry } = await ledger.debit(tx, {
          userId,
          kind: 'sms_charge',
          amountPaise: costPaise,
          idempotencyKey: `sms-charge:${row.id}`,
          note: `${SMS_MESSAGES.chargeNote}: ${row.name}`,
          causeType: 'campaign',
          causeId: row.id,
        });
        // Checked on the balance the debit left, under its lock: two campaigns at once cannot both
        // slip past it. Refused, the debit rolls back with the rest.
        if (entry.balanceAfterPaise < held) {
          throw new AppError('FORBIDDEN', SMS_MESSAGES.welcomeCreditUnconfirmed);
        }
        const plan = sendPlan({ scheduledAt: row.scheduledAt, category: template.category }, now);
        const [updated] = await tx
          .update(smsCampaigns)
          .set({
            status: plan.status,
            sendsAt: plan.sendsAt,
            templateName: template.name,
            category: template.category,
            header: template.header,
            entityId,
            dltTemplateId: template.dltTemplateId,
            templateText: template.text,
            pricePaise,
            recipients: costing.recipients,
            totalParts: costing.totalParts,
            costPaise,
            confirmedAt: now,
          })
          .where(eq(smsCampaigns.id, row.id))
          .returning();
        if (!updated) throw new Error('campaign not updated');
        return updated;
      });
      if (deps.onReady && confirmed.sendsAt) await deps.onReady(confirmed.id, confirmed.sendsAt);
      return present(db, confirmed);
    },

    async get(userId: string, id: string): Promise<SmsCampaign> {
      return present(db, await ownCampaign(db, userId, id));
    },

    async remove(userId: string, id: string): Promise<void> {
      const row = await ownCampaign(db, userId, id);
      if (row.status !== 'draft') throw new AppError('CONFLICT', SMS_MESSAGES.notDraft);
      await db.delete(smsCampaigns).where(and(eq(smsCampaigns.id, id), eq(smsCampaigns.status, 'draft')));
    },

    /** Newest first; the cursor is the last campaign's creation time and id. */
    async list(
      userId: string | null,
      query: { status?: SmsCampaignStatus | undefined; limit: number; cursor?: string | undefined; extra?: SQL | undefined },
    ): Promise<{ rows: SmsCampaignRow[]; campaigns: SmsCampaign[]; nextCursor: string | null }> {
      const conditions: SQL[] = [];
      if (userId) conditions.push(eq(smsCampaigns.userId, userId));
      if (query.status) conditions.push(eq(smsCampaigns.status, query.status));
      if (query.extra) conditions.push(query.extra);
      if (query.cursor) {
        const [at, cid] = decodeCursor(query.cursor);
        conditions.push(or(lt(smsCampaigns.createdAt, at), and(eq(smsCampaigns.createdAt, at), lt(smsCampaigns.id, cid))) as SQL);
      }
      const rows = await db
        .select()
        .from(smsCampaigns)
        .where(and(...conditions))
        .orderBy(desc(smsCampaigns.createdAt), desc(smsCampaigns.id))
        .limit(query.limit + 1);
      const page = rows.slice(0, query.limit);
      const progress = await progressOf(
        db,
        page.map((r) => r.id),
      );
      const last = page[page.length - 1];
      return {
        rows: page,
        campaigns: page.map((r) => toCampaign(r, progress.get(r.id) ?? EMPTY_PROGRESS)),
        nextCursor: rows.length > query.limit && last ? `${last.createdAt.toISOString()}_${last.id}` : null,
      };
    },

    async listOwn(
      userId: string,
      query: { status?: SmsCampaignStatus | undefined; limit: number; cursor?: string | undefined },
    ): Promise<SmsCampaignList> {
      const { campaigns, nextCursor } = await this.list(userId, query);
      return { campaigns, nextCursor };
    },

    async pause(userId: string, id: string): Promise<SmsCampaign> {
      const [row] = await db
        .update(smsCampaigns)
        .set({ status: 'paused' })
        .where(
          and(
            eq(smsCampaigns.id, id),
            eq(smsCampaigns.userId, userId),
            inArray(smsCampaigns.status, ['scheduled', 'waiting-for-window', 'running']),
          ),
        )
        .returning();
      if (!row) {
        await ownCampaign(db, userId, id);
        throw new AppError('CONFLICT', SMS_MESSAGES.cannotPause);
      }
      return present(db, row);
    },

    async resume(userId: string, id: string): Promise<SmsCampaign> {
      const now = clock();
      const row = await db.transaction(async (tx) => {
        const current = await ownCampaign(tx, userId, id, true);
        if (current.status !== 'paused') throw new AppError('CONFLICT', SMS_MESSAGES.cannotResume);
        const plan = sendPlan(current, now);
        const [updated] = await tx
          .update(smsCampaigns)
          .set({ status: plan.status, sendsAt: plan.sendsAt })
          .where(eq(smsCampaigns.id, id))
          .returning();
        if (!updated) throw new Error('campaign not updated');
        return updated;
      });
      if (deps.onReady && row.sendsAt) await deps.onReady(row.id, row.sendsAt);
      return present(db, row);
    },

    /** Cancels a campaign: what was not yet sent is refunded. A draft is simply cancelled. */
    async cancel(userId: string, id: string): Promise<SmsCampaign> {
      const row = await db.transaction(async (tx) => {
        const current = await ownCampaign(tx, userId, id, true);
        if (current.status !== 'draft' && !(LIVE_STATUSES as readonly string[]).includes(current.status)) {
          throw new AppError('CONFLICT', SMS_MESSAGES.cannotCancel);
        }
        await tx.update(smsCampaigns).set({ status: 'cancelled' }).where(eq(smsCampaigns.id, id));
        if (current.status !== 'draft') await refundUnsent(tx, current, SMS_MESSAGES.refundUnsentNote);
        await finishIfDone(tx, id);
        return ownCampaign(tx, userId, id);
      });
      return present(db, row);
    },

    /** The admin's stop: like a cancel, with a reason the business sees. */
    async stop(id: string, reason: string): Promise<{ before: SmsCampaignRow; after: SmsCampaignRow }> {
      return db.transaction(async (tx) => {
        const before = await ownCampaign(tx, null, id, true);
        if (!(LIVE_STATUSES as readonly string[]).includes(before.status))
          throw new AppError('CONFLICT', SMS_MESSAGES.cannotStop);
        await tx.update(smsCampaigns).set({ status: 'stopped-by-admin', stopReason: reason }).where(eq(smsCampaigns.id, id));
        await refundUnsent(tx, before, SMS_MESSAGES.refundUnsentNote);
        await finishIfDone(tx, id);
        return { before, after: await ownCampaign(tx, null, id) };
      });
    },
  };
}

function decodeCursor(raw: string): [Date, string] {
  const [at, id] = raw.split('_');
  const date = new Date(at ?? '');
  if (!id || Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) throw AppError.badRequest(SMS_MESSAGES.cursorMalformed);
  return [date, id];
}

export default fp(
  async (fastify) => {
    fastify.decorate(
      'campaignsService',
      createCampaignsService({
        db: fastify.db,
        dlt: fastify.dltRepository,
        ledger: fastify.ledgerRepository,
        pricing: fastify.pricingRepository,
        subscriptions: fastify.subscriptionsService,
        origin: fastify.config.publicOrigin,
        onReady: (id, sendsAt) => fastify.smsSender.queue(id, sendsAt),
      }),
    );
  },
  {
    name: 'campaigns-service',
    dependencies: [
      'db',
      'env',
      'dlt-repository',
      'ledger-repository',
      'pricing-repository',
      'subscriptions-service',
      'sms-sender-service',
    ],
  },
);
