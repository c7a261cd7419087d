// Campaigns of every channel (SMS, WhatsApp, WhatsApp first): drafts, previews, the one confirm that
// counts, renders and charges in one transaction, pause, resume, cancel and the admin's stop. Long because
// they share the costing, the ownership check and the refund of the unsent; the WhatsApp template checks
// and rendering live in campaign-whatsapp.ts.
import {
  businessVariableCount,
  type CampaignChannel,
  campaignCostPaise,
  campaignWindowApplies,
  channelUsesSms,
  channelUsesWhatsApp,
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
  type SmsVariable,
} from '@aaspaas/domain';
import { and, desc, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db, Executor, Tx } from '#src/db/client';
import { type SmsCampaignRow, smsCampaigns, smsMessages, users, walletLedger, type WhatsAppTemplateRow } from '#src/db/schema';
import { AppError } from '#src/lib/app-error';
import type { PricingRepository } from '../pricing/pricing-repository';
import type { SubscriptionsService } from '../subscriptions/subscriptions-service';
import type { LedgerRepository } from '../wallet/ledger-repository';
import type { WhatsAppPricesRepository } from '../whatsapp/whatsapp-prices-repository';
import { countReachable, previewAudience, type Recipient, recipientPages } from './campaign-audience';
import { createRenderer } from './campaign-render';
import { EMPTY_PROGRESS, toCampaign } from './campaign-row';
import { createWhatsAppRenderer, whatsappTemplateFor } from './campaign-whatsapp';
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

/** A recipient with the text confirming writes for them (a WhatsApp message: its template parameters, one part). */
type RenderedRecipient = Recipient & { text: string; encoding: 'GSM-7' | 'UCS-2'; parts: number; params: string[] | null };

/** What one campaign costs: every recipient's rendered text counted, exactly as confirming charges. */
type Costing = {
  recipients: number;
  /** SMS parts of the SMS recipients (the WhatsApp ones are priced per message). */
  totalParts: number;
  minParts: number;
  maxParts: number;
  first: RenderedRecipient | null;
  whatsappRecipients: number;
  firstWhatsApp: RenderedRecipient | null;
};

/** The templates a campaign's channel needs, checked (ADR 050): the DLT one for SMS, the WhatsApp one for WhatsApp. */
type Plan = {
  channel: CampaignChannel;
  sms: DltTemplateWithHeader | null;
  whatsapp: WhatsAppTemplateRow | null;
  audience: SmsAudience;
  variables: SmsVariable[];
  whatsappVariables: SmsVariable[];
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
  whatsappPrices: Pick<WhatsAppPricesRepository, 'prices'>;
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

  function checkVariables(template: DltTemplateWithHeader, variables: readonly unknown[]) {
    if (variables.length !== businessVariableCount(template.text, template.category)) {
      throw AppError.badRequest(SMS_MESSAGES.variablesCount, { field: 'variables' });
    }
  }

  /** The draft's templates for its channel, checked; 400 with the field when one is missing or does not fit. */
  async function planFor(executor: Executor, userId: string, raw: SmsCampaignDraft): Promise<Plan> {
    const draft = SmsCampaignDraftSchema.parse(raw);
    let sms: DltTemplateWithHeader | null = null;
    if (channelUsesSms(draft.channel)) {
      if (!draft.templateId) throw AppError.badRequest(SMS_MESSAGES.templateNotFound, { field: 'templateId' });
      sms = await templateFor(executor, userId, draft.templateId);
      checkVariables(sms, draft.variables);
    }
    const whatsapp = channelUsesWhatsApp(draft.channel)
      ? await whatsappTemplateFor(executor, userId, draft.whatsappTemplateId, draft.whatsappVariables)
      : null;
    return {
      channel: draft.channel,
      sms,
      whatsapp,
      audience: draft.audience,
      variables: sms ? draft.variables : [],
      whatsappVariables: whatsapp ? draft.whatsappVariables : [],
    };
  }

  /** The price of one WhatsApp message of the plan's template now (0 when it sends none). */
  async function whatsappPriceFor(executor: Executor, plan: Plan): Promise<number> {
    if (!plan.whatsapp) return 0;
    return (await deps.whatsappPrices.prices(executor, clock()))[plan.whatsapp.category];
  }

  /**
   * Every recipient rendered and counted, a page at a time (`onPage` gets each page: confirming writes
   * its rows); 400 when the audience is empty or too big or a text does not fit its template.
   */
  async function cost(
    executor: Executor,
    userId: string,
    plan: Plan,
    onPage?: (page: RenderedRecipient[]) => Promise<void>,
  ): Promise<Costing> {
    const n = await countReachable(executor, userId, plan.audience, plan.channel);
    if (n === 0) throw AppError.badRequest(SMS_MESSAGES.audienceEmpty, { field: 'audience' });
    if (n > SMS_CAMPAIGN_RECIPIENTS_MAX) throw AppError.badRequest(SMS_MESSAGES.audienceTooLarge, { field: 'audience' });
    const render = plan.sms ? createRenderer(plan.sms, plan.variables, deps.origin, null) : null;
    const renderWhatsApp = plan.whatsapp ? createWhatsAppRenderer(plan.whatsapp.body, plan.whatsappVariables) : null;
    const costing: Costing = {
      recipients: 0,
      totalParts: 0,
      minParts: Number.POSITIVE_INFINITY,
      maxParts: 0,
      first: null,
      whatsappRecipients: 0,
      firstWhatsApp: null,
    };
    for await (const people of recipientPages(executor, userId, plan.audience, RECIPIENT_PAGE, plan.channel)) {
      const page: RenderedRecipient[] = [];
      for (const person of people) {
        if (costing.recipients >= SMS_CAMPAIGN_RECIPIENTS_MAX) break;
        costing.recipients += 1;
        if (person.channel === 'whatsapp' && renderWhatsApp) {
          const { params, text } = renderWhatsApp(person);
          const one: RenderedRecipient = { ...person, text, encoding: 'UCS-2', parts: 1, params };
          costing.whatsappRecipients += 1;
          costing.firstWhatsApp ??= one;
          if (onPage) page.push(one);
          continue;
        }
        const rendered = render?.(person);
        if (!rendered) throw AppError.badRequest(SMS_MESSAGES.textDoesNotFit, { field: 'variables' });
        const parts = rendered.segments.parts;
        costing.totalParts += parts;
        costing.minParts = Math.min(costing.minParts, parts);
        costing.maxParts = Math.max(costing.maxParts, parts);
        const one = { ...person, text: rendered.text, encoding: rendered.segments.encoding, parts, params: null };
        costing.first ??= one;
        if (onPage) page.push(one);
      }
      if (onPage && page.length > 0) await onPage(page);
    }
    if (costing.minParts === Number.POSITIVE_INFINITY) costing.minParts = 0;
    return costing;
  }

  /** SMS parts at the SMS price and WhatsApp messages at their category's: what confirming debits. */
  function totalCost(costing: Costing, pricePaise: number, whatsappPricePaise: number): number {
    return campaignCostPaise(costing.totalParts, pricePaise) + costing.whatsappRecipients * whatsappPricePaise;
  }

  /**
   * One page of queued message rows in one statement: the page travels as one JSON parameter (a
   * thousand-row VALUES list has ten thousand parameters for the driver to bind), the cost and the
   * idempotency key are computed by the server.
   */
  async function insertMessages(
    tx: Tx,
    campaign: { id: string; userId: string },
    prices: { sms: number; whatsapp: number },
    page: RenderedRecipient[],
  ) {
    const rows = JSON.stringify(
      page.map((r) => ({ c: r.id, t: r.mobileNumber, x: r.text, e: r.encoding, p: r.parts, h: r.channel, a: r.params })),
    );
    await tx.execute(sql`
      insert into sms_messages (campaign_id, user_id, contact_id, "to", channel, text, params, encoding, parts, cost_paise, idempotency_key)
      select ${campaign.id}::uuid, ${campaign.userId}::uuid, r.c, r.t, r.h, r.x, r.a, r.e, r.p,
             case when r.h = 'whatsapp' then ${prices.whatsapp}::int else r.p * ${prices.sms}::int end,
             ${campaign.id}::text || ':' || r.t || case when r.h = 'whatsapp' then ':wa' else '' end
        from jsonb_to_recordset(${rows}::jsonb) as r(c uuid, t text, x text, e text, p int, h text, a jsonb)`);
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
    row: Pick<SmsCampaignRow, 'scheduledAt' | 'category' | 'channel' | 'whatsappCategory'>,
    now: Date,
  ): { status: SmsCampaignStatus; sendsAt: Date } {
    const scheduled = row.scheduledAt && row.scheduledAt > now ? row.scheduledAt : now;
    const sendsAt = campaignWindowApplies(row) ? nextSmsWindowStart(scheduled) : scheduled;
    if (row.scheduledAt && row.scheduledAt > now) return { status: 'scheduled', sendsAt };
    return { status: sendsAt > now ? 'waiting-for-window' : 'running', sendsAt };
  }

  /** What a campaign keeps of its templates, so editing or re-syncing them later never changes one already paid for. */
  function snapshot(plan: Plan) {
    return {
      channel: plan.channel,
      templateId: plan.sms?.id ?? null,
      variables: plan.variables,
      templateName: plan.sms?.name ?? null,
      category: plan.sms?.category ?? null,
      header: plan.sms?.header ?? null,
      dltTemplateId: plan.sms?.dltTemplateId ?? null,
      templateText: plan.sms?.text ?? null,
      whatsappTemplateId: plan.whatsapp?.id ?? null,
      whatsappVariables: plan.whatsappVariables,
      whatsappTemplateName: plan.whatsapp?.name ?? null,
      whatsappLanguage: plan.whatsapp?.language ?? null,
      whatsappCategory: plan.whatsapp?.category ?? null,
      whatsappBody: plan.whatsapp?.body ?? null,
    };
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
    async audience(userId: string, audience: SmsAudience, channel: CampaignChannel = 'sms'): Promise<SmsAudiencePreview> {
      return previewAudience(db, userId, audience, channel);
    },

    /** POST /api/sms/campaigns/preview: the cost as confirming will charge it, and one message as it goes out. */
    async preview(userId: string, raw: SmsCampaignDraft): Promise<SmsCostPreview> {
      const plan = await planFor(db, userId, raw);
      const audience = await previewAudience(db, userId, plan.audience, plan.channel);
      const costing = audience.recipients > 0 ? await cost(db, userId, plan) : null;
      const pricePaise = await smsPriceFor(db, userId);
      const whatsappPricePaise = await whatsappPriceFor(db, plan);
      const first = costing?.first;
      const totalParts = costing?.totalParts ?? 0;
      const sample = first ? smsSegments(first.text) : null;
      const whatsappFirst = costing?.firstWhatsApp;
      return {
        ...audience,
        totalParts,
        minParts: costing?.minParts ?? 0,
        maxParts: costing?.maxParts ?? 0,
        pricePaise,
        costPaise: costing ? totalCost(costing, pricePaise, whatsappPricePaise) : 0,
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
        windowApplies: campaignWindowApplies({
          channel: plan.channel,
          category: plan.sms?.category ?? null,
          whatsappCategory: plan.whatsapp?.category ?? null,
        }),
        channel: plan.channel,
        smsRecipients: (costing?.recipients ?? 0) - (costing?.whatsappRecipients ?? 0),
        smsCostPaise: campaignCostPaise(totalParts, pricePaise),
        whatsapp: plan.whatsapp
          ? {
              recipients: costing?.whatsappRecipients ?? 0,
              category: plan.whatsapp.category,
              pricePaise: whatsappPricePaise,
              costPaise: (costing?.whatsappRecipients ?? 0) * whatsappPricePaise,
              sample: whatsappFirst
                ? { contactName: whatsappFirst.name, to: whatsappFirst.mobileNumber, text: whatsappFirst.text }
                : null,
            }
          : null,
        fallbackPricePaise: plan.channel === 'whatsapp-first' ? pricePaise : null,
      };
    },

    /**
     * POST /api/sms/campaigns: a draft (checked as a send would be; nothing charged). `id` makes it
     * idempotent (a template reply's key): a second call with it answers the campaign already there.
     */
    async create(userId: string, raw: SmsCampaignInput, id?: string): Promise<SmsCampaign> {
      const input = SmsCampaignInputSchema.parse(raw);
      const plan = await planFor(db, userId, input);
      const scheduledAt = checkSchedule(input.scheduledAt, clock());
      const costing = await cost(db, userId, plan);
      const pricePaise = await smsPriceFor(db, userId);
      const [row] = await db
        .insert(smsCampaigns)
        .values({
          ...(id ? { id } : {}),
          userId,
          name: input.name,
          audience: input.audience,
          scheduledAt,
          pricePaise,
          recipients: costing.recipients,
          totalParts: costing.totalParts,
          ...snapshot(plan),
          whatsappPricePaise: await whatsappPriceFor(db, plan),
          whatsappRecipients: costing.whatsappRecipients,
        })
        .onConflictDoNothing({ target: smsCampaigns.id })
        .returning();
      if (!row && id) return present(db, await ownCampaign(db, userId, id));
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
        const plan = await planFor(tx, userId, {
          channel: row.channel,
          templateId: row.templateId,
          audience: row.audience,
          variables: row.variables,
          whatsappTemplateId: row.whatsappTemplateId,
          whatsappVariables: row.whatsappVariables,
        });
        const entityId = plan.sms ? await dlt.entityId(userId, tx) : null;
        if (plan.sms && !entityId) throw AppError.badRequest(SMS_MESSAGES.entityRequired);
        if (row.scheduledAt && row.scheduledAt <= now) {
          throw AppError.badRequest(SMS_MESSAGES.scheduleInPast, { field: 'scheduledAt' });
        }
        const pricePaise = await smsPriceFor(tx, userId);
        const whatsappPricePaise = await whatsappPriceFor(tx, plan);
        // The rows are written as the recipients are counted; a cost that changed (409) or a wallet
        // that cannot pay (402) rolls them back with the rest of the transaction.
        const costing = await cost(tx, userId, plan, (page) =>
          insertMessages(tx, row, { sms: pricePaise, whatsapp: whatsappPricePaise }, page),
        );
        const costPaise = totalCost(costing, pricePaise, whatsappPricePaise);
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
        const fresh = snapshot(plan);
        const sending = sendPlan({ ...fresh, scheduledAt: row.scheduledAt }, now);
        const [updated] = await tx
          .update(smsCampaigns)
          .set({
            ...fresh,
            status: sending.status,
            sendsAt: sending.sendsAt,
            entityId,
            pricePaise,
            whatsappPricePaise,
            recipients: costing.recipients,
            whatsappRecipients: costing.whatsappRecipients,
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
        whatsappPrices: fastify.whatsappPrices,
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
      'whatsapp-prices-repository',
      'subscriptions-service',
      'sms-sender-service',
    ],
  },
);
