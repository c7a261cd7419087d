// The sender of every channel's campaign messages (ADR 021, ADR 050): claims, sends at each provider's
// rate, answers, receipts and refunds, stale claims, STOP replies, the sweep. Long because every path that
// ends a message must refund it once through one function; the WhatsApp send and its SMS fallback are in
// campaign-whatsapp-send.ts.
import {
  campaignWindowApplies,
  inSmsWindow,
  type MessageChannel,
  nextSmsWindowStart,
  SMS_MESSAGES,
  smsSegments,
} from '@aaspaas/domain';
import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Db, Tx } from '#src/db/client';
import { contacts, type SmsCampaignRow, smsCampaigns, type SmsMessageRow, smsMessages, users } from '#src/db/schema';
import { countEvent } from '#src/lib/product-events';
import type { JobsService } from '../jobs/jobs-service';
import type { LedgerRepository } from '../wallet/ledger-repository';
import { fallBackToSms, recordWhatsAppSent, sendWhatsAppBatch, type WhatsAppSending } from './campaign-whatsapp-send';
import type { DeliveryReport, SmsGateway, SmsSubmission, SubmitResult } from './gateways/sms-gateway';
import { optOutLink, type OptOutTokens } from './opt-out-token';
import { sendRatesById } from './send-rate';

/** The pg-boss queue of campaign sends: one job works one campaign for a while, then queues its next turn. */
export const SMS_SEND_QUEUE = 'sms-campaign-send';
/** The periodic job that queues again a sending campaign whose job was lost. */
export const SMS_SWEEP_QUEUE = 'sms-campaign-sweep';
const EVERY_MINUTE = '* * * * *';
/**
 * A campaign confirmed or resumed this recently is left to the job its confirm queues (between the
 * commit and the job's insert there is no job yet, and that is not a lost one).
 */
const SWEEP_GRACE_MS = 60_000;
/** A temporary error's retries before the message counts as failed (and is refunded). */
const MAX_ATTEMPTS = 5;
/** A message claimed this long ago without an answer: its sender died mid-send. */
const CLAIM_LEASE_MS = 60_000;
/** A job hands the worker back after this long, so one big campaign does not hold up the others. */
const TURN_MS = 60_000;
const RETRY_BASE_MS = 2_000;
const PENDING_REPORTS_MAX = 10_000;
/** A receipt for an id not (yet) known is tried again this many times, 0.2 s then doubling. */
const REPORT_RETRIES = 6;
/** Receipts are applied together: those that came within this time (or while the last batch was applied), this many at most. */
const REPORT_BATCH_MS = 50;
const REPORT_BATCH_MAX = 2_000;
/** A batch (a second's worth) goes out in this many slices, this far apart; small batches at once. */
const SUBMIT_SLICES = 10;
const SUBMIT_SLICE_MS = 80;
const SUBMIT_SLICE_MIN = 20;

export type SmsSender = ReturnType<typeof createSmsSender>;

declare module 'fastify' {
  interface FastifyInstance {
    smsSender: SmsSender;
  }
}

type RunResult = 'done' | 'later' | 'stopped';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends confirmed campaigns (ADR sms-sending). A batch of queued messages is claimed (claimed_at set,
 * committed) before it goes to the provider, at the provider's rate; each answer moves its row to
 * submitted, back to queued (temporary error, with back-off), or to failed/expired with its refund.
 * A claimed row whose answer never came is sent again only when the provider dedupes by the
 * idempotency key; otherwise it expires and is refunded, so nobody gets a message twice.
 */
export function createSmsSender(deps: {
  db: Db;
  ledger: Pick<LedgerRepository, 'credit' | 'debit'>;
  gateway: SmsGateway;
  /** A campaign's WhatsApp messages (ADR 050); without it they fail, refunded (and SMS for the rest). */
  whatsapp?: WhatsAppSending | undefined;
  tokens: OptOutTokens;
  origin: string;
  log: FastifyBaseLogger;
  jobs?: Pick<JobsService, 'send' | 'start'> | undefined;
  /** The platform's DLT registration for sendOne. */
  otp?: { entityId: string; header: string; templateId: string } | undefined;
  now?: () => Date;
}) {
  const { db, ledger, gateway } = deps;
  const clock = deps.now ?? (() => new Date());
  const batchSize = Math.max(1, Math.round(gateway.ratePerSecond));
  const whatsappBatchSize = Math.max(1, Math.round(deps.whatsapp?.ratePerSecond ?? 1));
  /** Receipts that came before their submission's row was committed (a fast SMSC): applied after it. */
  const pendingReports = new Map<string, DeliveryReport>();
  const timers = new Set<NodeJS.Timeout>();

  type Refundable = Pick<SmsMessageRow, 'id' | 'userId' | 'campaignId' | 'costPaise'> & { channel?: MessageChannel };

  /**
   * Refunds messages once each: `refunded` set under a conditional update (a receipt that comes again
   * finds it set), one ledger credit per message with its own key, one update per campaign's total.
   */
  async function refundMany(tx: Tx, messages: Refundable[], note: string) {
    const marked = await tx
      .update(smsMessages)
      .set({ refunded: true })
      .where(
        and(
          inArray(
            smsMessages.id,
            messages.map((m) => m.id),
          ),
          eq(smsMessages.refunded, false),
        ),
      )
      .returning({ id: smsMessages.id });
    const fresh = new Set(marked.map((m) => m.id));
    const byCampaign = new Map<string, number>();
    for (const message of messages) {
      if (!fresh.has(message.id) || message.costPaise === 0) continue;
      await ledger.credit(tx, {
        userId: message.userId,
        kind: 'sms_refund',
        amountPaise: message.costPaise,
        idempotencyKey: `sms-refund:${message.id}`,
        note: message.channel === 'whatsapp' ? SMS_MESSAGES.whatsappRefundNote : note,
        causeType: 'campaign',
        causeId: message.campaignId,
      });
      byCampaign.set(message.campaignId, (byCampaign.get(message.campaignId) ?? 0) + message.costPaise);
    }
    for (const [campaignId, total] of byCampaign) {
      await tx
        .update(smsCampaigns)
        .set({ refundedPaise: sql`${smsCampaigns.refundedPaise} + ${total}` })
        .where(eq(smsCampaigns.id, campaignId));
    }
  }

  /** The campaigns a fallback SMS was added to are sent again (their job may have finished). */
  async function queueAgain(campaignIds: string[]) {
    for (const id of campaignIds) {
      await deps.jobs
        ?.send(SMS_SEND_QUEUE, { campaignId: id }, { retryLimit: 10, retryDelay: 5 })
        .catch((err: unknown) => deps.log.error({ err, campaignId: id }, 'fallback sms not queued (the sweep will)'));
    }
  }

  /** A WhatsApp message that failed: its SMS instead (WhatsApp first), in the refund's transaction. */
  const fallBack = (tx: Tx, failed: Parameters<typeof fallBackToSms>[1]) =>
    fallBackToSms(tx, failed, { ledger, origin: deps.origin, log: deps.log });

  /** Ends a message as failed or expired, refunded once; a failed WhatsApp message falls back to SMS. */
  async function endUnsent(message: SmsMessageRow, status: 'failed' | 'expired' | 'cancelled', error: string) {
    const { ended, reopened } = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(smsMessages)
        .set({ status, error, doneAt: clock(), claimedAt: null })
        .where(and(eq(smsMessages.id, message.id), inArray(smsMessages.status, ['queued', 'submitted'])))
        .returning();
      if (row) await refundMany(tx, [row], SMS_MESSAGES.refundFailedNote);
      return { ended: row, reopened: row && status === 'failed' ? await fallBack(tx, [row]) : [] };
    });
    if (ended && status !== 'cancelled') countEvent('smsFailed');
    await queueAgain(reopened.filter((id) => id !== message.campaignId));
  }

  /**
   * Receipts in one transaction: every message still `submitted` takes its receipt's state in one
   * update, and the undelivered ones are refunded once each (their own ledger key, one campaign
   * total). Returns the provider ids that matched a message.
   */
  async function applyReports(reports: DeliveryReport[]): Promise<Set<string>> {
    const rows = JSON.stringify(reports.map((r) => ({ p: r.providerMessageId, s: r.status, e: r.error ?? null })));
    const { matched, delivered, undelivered, reopened } = await db.transaction(async (tx) => {
      const { rows: ended } = await tx.execute<{
        id: string | number;
        user_id: string;
        campaign_id: string;
        contact_id: string | null;
        channel: MessageChannel;
        cost_paise: number;
        status: string;
        provider_message_id: string;
      }>(sql`
        update sms_messages m
           set status = r.s, error = r.e, done_at = ${clock()}
          from jsonb_to_recordset(${rows}::jsonb) as r(p text, s text, e text)
         where m.provider_message_id = r.p and m.status = 'submitted'
        returning m.id, m.user_id, m.campaign_id, m.contact_id, m.channel, m.cost_paise, m.status, m.provider_message_id`);
      const undelivered = ended
        .filter((m) => m.status !== 'delivered')
        .map((m) => ({
          id: Number(m.id),
          userId: m.user_id,
          campaignId: m.campaign_id,
          contactId: m.contact_id,
          channel: m.channel,
          costPaise: m.cost_paise,
          status: m.status,
        }));
      if (undelivered.length > 0) await refundMany(tx, undelivered, SMS_MESSAGES.refundFailedNote);
      return {
        matched: new Set(ended.map((m) => m.provider_message_id)),
        delivered: ended.length - undelivered.length,
        undelivered: undelivered.length,
        reopened: await fallBack(
          tx,
          undelivered.filter((m) => m.status === 'failed'),
        ),
      };
    });
    countEvent('smsDelivered', delivered);
    countEvent('smsFailed', undelivered);
    await queueAgain(reopened);
    return matched;
  }

  /** `done(false)`: its batch's transaction failed, so nothing of it was saved. */
  type WaitingReport = { report: DeliveryReport; attempt: number; done: (saved: boolean) => void };
  let reportBuffer: WaitingReport[] = [];
  let reportTimer: NodeJS.Timeout | null = null;
  let reportFlush: Promise<void> | null = null;

  /**
   * Receipts come one by one, as many a second as messages are sent: they are collected for
   * REPORT_BATCH_MS and applied together, one transaction a batch rather than one a message. The
   * promise settles once the receipt's batch is applied: false when that failed and nothing was saved.
   */
  function onReport(report: DeliveryReport, attempt = 0): Promise<boolean> {
    return new Promise((resolve) => {
      reportBuffer.push({ report, attempt, done: resolve });
      if (!reportFlush) reportTimer ??= setTimeout(() => void flushReports(), REPORT_BATCH_MS);
    });
  }

  /**
   * One batch at a time, each taking all that came meanwhile (up to REPORT_BATCH_MAX): when the
   * database is slow, the batches grow rather than queue up behind each other.
   */
  function flushReports(): Promise<void> {
    if (reportTimer) clearTimeout(reportTimer);
    reportTimer = null;
    // Nothing to apply: no loop started (one that ended at once would stay set as the running one).
    if (reportBuffer.length === 0) return reportFlush ?? Promise.resolve();
    reportFlush ??= (async () => {
      try {
        while (reportBuffer.length > 0) {
          const batch = reportBuffer.slice(0, REPORT_BATCH_MAX);
          reportBuffer = reportBuffer.slice(batch.length);
          await applyBatch(batch);
        }
      } finally {
        reportFlush = null;
      }
    })();
    return reportFlush;
  }

  async function applyBatch(batch: WaitingReport[]) {
    let saved = false;
    try {
      const first = new Map<string, DeliveryReport>();
      for (const w of batch) if (!first.has(w.report.providerMessageId)) first.set(w.report.providerMessageId, w.report);
      const applied = await applyReports([...first.values()]);
      for (const w of batch) {
        if (applied.has(w.report.providerMessageId)) pendingReports.delete(w.report.providerMessageId);
        else if (first.get(w.report.providerMessageId) === w.report) keepAside(w.report, w.attempt);
      }
      saved = true;
    } catch (err) {
      deps.log.error({ err }, 'sms delivery reports not applied');
    } finally {
      for (const w of batch) w.done(saved);
    }
  }

  /**
   * A receipt can overtake the commit of its own submission (a fast SMSC): kept aside and tried again
   * after the batch commits (markSubmitted) and a few times on a timer, so none is lost.
   */
  function keepAside(report: DeliveryReport, attempt: number) {
    if (attempt === 0 && pendingReports.size < PENDING_REPORTS_MAX) pendingReports.set(report.providerMessageId, report);
    if (attempt < REPORT_RETRIES && pendingReports.has(report.providerMessageId)) {
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          // Applied meanwhile (after its submission committed): nothing left to do.
          if (pendingReports.has(report.providerMessageId)) void onReport(report, attempt + 1);
        },
        200 * 2 ** attempt,
      );
      timers.add(timer);
    } else {
      pendingReports.delete(report.providerMessageId);
    }
  }

  /** A reply "STOP" (or "STOP …") opts the number out of the businesses whose header it answered, else of all that messaged it. */
  async function onInbound(sms: { from: string; to: string; text: string }) {
    if (!/^\s*stop\b/i.test(sms.text)) return;
    try {
      const senders = db
        .selectDistinct({ userId: smsMessages.userId })
        .from(smsMessages)
        .innerJoin(smsCampaigns, eq(smsCampaigns.id, smsMessages.campaignId))
        .where(and(eq(smsMessages.to, sms.from), or(eq(smsCampaigns.header, sms.to.toUpperCase()), sql`${sms.to} = ''`)));
      let updated = await db
        .update(contacts)
        .set({ optedOut: true, optedOutAt: clock(), updatedAt: clock() })
        .where(and(eq(contacts.mobileNumber, sms.from), inArray(contacts.userId, senders)))
        .returning({ id: contacts.id });
      if (updated.length === 0) {
        const anySender = db.selectDistinct({ userId: smsMessages.userId }).from(smsMessages).where(eq(smsMessages.to, sms.from));
        updated = await db
          .update(contacts)
          .set({ optedOut: true, optedOutAt: clock(), updatedAt: clock() })
          .where(and(eq(contacts.mobileNumber, sms.from), inArray(contacts.userId, anySender)))
          .returning({ id: contacts.id });
      }
      deps.log.info({ contacts: updated.length }, 'sms STOP reply honoured');
    } catch (err) {
      deps.log.error({ err }, 'sms STOP reply not applied');
    }
  }

  let stopped = false;

  /**
   * A receipt the gateway pushed (an SMPP receipt, the local gateway's) is not sent again by anybody:
   * when its batch could not be saved (the database refused or was away), it is tried again on the
   * timer of one that overtook its submission. The HTTP webhook answers 503 instead, and its gateway
   * sends the report again.
   */
  function onPushedReport(report: DeliveryReport, attempt = 0) {
    void onReport(report).then((saved) => {
      if (saved) return;
      if (stopped || attempt >= REPORT_RETRIES) {
        deps.log.error({ providerMessageId: report.providerMessageId }, 'sms delivery report not saved: dropped');
        return;
      }
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          onPushedReport(report, attempt + 1);
        },
        200 * 2 ** attempt,
      );
      timers.add(timer);
    });
  }

  gateway.listen({ onReport: (r) => onPushedReport(r), onInbound: (m) => void onInbound(m) });

  /** The text as sent: a promotional message's opt-out link placeholder replaced by the recipient's signed link. */
  function finalText(campaign: SmsCampaignRow, message: SmsMessageRow): string {
    if (campaign.category !== 'promotional' || message.channel !== 'sms') return message.text;
    const link = optOutLink(deps.origin, deps.tokens.sign(message.id));
    return message.text.slice(0, message.text.length - link.length) + link;
  }

  /** A batch of one channel's queued messages, each channel at its provider's rate. */
  async function claim(campaignId: string, now: Date, channel: MessageChannel): Promise<SmsMessageRow[]> {
    return db.transaction(async (tx) => {
      const ids = tx
        .select({ id: smsMessages.id })
        .from(smsMessages)
        .where(
          and(
            eq(smsMessages.campaignId, campaignId),
            eq(smsMessages.channel, channel),
            eq(smsMessages.status, 'queued'),
            isNull(smsMessages.claimedAt),
            or(isNull(smsMessages.retryAt), lte(smsMessages.retryAt, now)),
          ),
        )
        .orderBy(asc(smsMessages.id))
        .limit(channel === 'sms' ? batchSize : whatsappBatchSize)
        .for('update', { skipLocked: true });
      return tx
        .update(smsMessages)
        .set({ claimedAt: now, attempts: sql`${smsMessages.attempts} + 1` })
        .where(inArray(smsMessages.id, ids))
        .returning();
    });
  }

  /** Claims left by a sender that died: sent again through an idempotent provider, else expired and refunded. */
  async function settleStaleClaims(campaignId: string, now: Date) {
    const stale = await db
      .select()
      .from(smsMessages)
      .where(
        and(
          eq(smsMessages.campaignId, campaignId),
          eq(smsMessages.status, 'queued'),
          isNotNull(smsMessages.claimedAt),
          lte(smsMessages.claimedAt, new Date(now.getTime() - CLAIM_LEASE_MS)),
        ),
      );
    for (const m of stale) {
      // The Cloud API keeps no idempotency key: a WhatsApp message without an answer is never sent again.
      if (gateway.idempotent && m.channel === 'sms')
        await db.update(smsMessages).set({ claimedAt: null }).where(eq(smsMessages.id, m.id));
      else await endUnsent(m, 'expired', 'No answer from the SMS provider: not sent again, so it cannot arrive twice');
    }
  }

  /**
   * Opted out since the campaign was confirmed (a WhatsApp message: or the WhatsApp opt-in ended, a
   * STOP): cancelled before the send, and refunded.
   */
  async function dropOptedOut(batch: SmsMessageRow[], channel: MessageChannel): Promise<SmsMessageRow[]> {
    const ids = batch.map((m) => m.contactId).filter((id): id is string => id !== null);
    if (ids.length === 0) return batch;
    const gone =
      channel === 'sms' ? eq(contacts.optedOut, true) : or(eq(contacts.optedOut, true), isNull(contacts.whatsappConsentAt));
    const out = await db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(inArray(contacts.id, ids), gone));
    if (out.length === 0) return batch;
    const stopped = new Set(out.map((c) => c.id));
    const keep: SmsMessageRow[] = [];
    for (const m of batch) {
      if (m.contactId && stopped.has(m.contactId)) await endUnsent(m, 'cancelled', 'Opted out before the send');
      else keep.push(m);
    }
    return keep;
  }

  async function record(message: SmsMessageRow, result: SubmitResult, now: Date) {
    if (result.ok) return;
    if (result.kind === 'permanent' || (result.kind === 'temporary' && message.attempts >= MAX_ATTEMPTS)) {
      await endUnsent(message, 'failed', result.error);
    } else if (result.kind === 'uncertain' && (!gateway.idempotent || message.channel === 'whatsapp')) {
      await endUnsent(message, 'expired', `${result.error}: not sent again, so it cannot arrive twice`);
    } else {
      const backoff = RETRY_BASE_MS * 2 ** Math.max(0, message.attempts - 1);
      await db
        .update(smsMessages)
        .set({ claimedAt: null, retryAt: new Date(now.getTime() + backoff), error: result.error })
        .where(and(eq(smsMessages.id, message.id), eq(smsMessages.status, 'queued')));
    }
  }

  /**
   * A batch handed to the provider in slices spread over most of its second, as an SMSC's
   * per-second window expects, rather than a thousand PDUs at once: encoding them (and their answers
   * and receipts) in one go holds the event loop, and every other request waits behind it.
   */
  async function submitPaced(submissions: SmsSubmission[]): Promise<SubmitResult[]> {
    const started = Date.now();
    const pending: Promise<SubmitResult>[] = [];
    const slice = Math.max(SUBMIT_SLICE_MIN, Math.ceil(submissions.length / SUBMIT_SLICES));
    for (let i = 0; i < submissions.length; i += slice) {
      if (i > 0) await sleep(Math.max(0, started + (i / slice) * SUBMIT_SLICE_MS - Date.now()));
      for (const sms of submissions.slice(i, i + slice)) pending.push(gateway.submit(sms));
    }
    return Promise.all(pending);
  }

  /** The answered batch in one update; the text is written again only where it changed (a promotional opt-out link). */
  async function markSubmitted(
    rows: { id: number; providerMessageId: string; text: string | null }[],
    now: Date,
    channel: MessageChannel,
  ) {
    if (rows.length === 0) return;
    const values = JSON.stringify(rows.map((r) => ({ i: r.id, p: r.providerMessageId, t: r.text })));
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        update sms_messages m
           set status = 'submitted', provider_message_id = v.p, text = coalesce(v.t, m.text), submitted_at = ${now},
               claimed_at = null, error = null
          from jsonb_to_recordset(${values}::jsonb) as v(i bigint, p text, t text)
         where m.id = v.i and m.status = 'queued'`);
      if (channel === 'whatsapp') await recordWhatsAppSent(tx, rows);
    });
    // Receipts that came first go through the one batch at a time like any other: two batches
    // updating the same rows at once would deadlock.
    const early = rows.flatMap((r) => pendingReports.get(r.providerMessageId) ?? []);
    for (const report of early) void onReport(report, REPORT_RETRIES);
    if (early.length > 0) void flushReports();
  }

  /**
   * WhatsApp statuses stored (whatsapp_messages) but not yet passed to their campaign rows (a listener
   * that failed, a process that died between the two): applied now, the same way. Idempotent.
   */
  async function reconcileWhatsApp(campaignId: string): Promise<void> {
    const { rows } = await db.execute<{ wamid: string; status: string; error: string | null }>(sql`
      select w.wamid, w.status, w.error
        from sms_messages m
        join whatsapp_messages w on w.wamid = m.provider_message_id
       where m.campaign_id = ${campaignId}::uuid and m.channel = 'whatsapp' and m.status = 'submitted'
         and w.status in ('delivered', 'read', 'failed')
       limit 1000`);
    if (rows.length === 0) return;
    await applyReports(
      rows.map((r) => ({
        providerMessageId: r.wamid,
        status: r.status === 'failed' ? 'failed' : 'delivered',
        error: r.status === 'failed' ? (r.error ?? 'failed') : undefined,
      })),
    );
  }

  /**
   * Completes a campaign with nothing queued. Under the campaign's row lock, which a WhatsApp
   * fallback takes too: an SMS added meanwhile is counted, or finds the campaign completed and reopens it.
   */
  async function finishIfDone(campaignId: string): Promise<boolean> {
    return db.transaction(async (tx) => {
      await tx.select({ id: smsCampaigns.id }).from(smsCampaigns).where(eq(smsCampaigns.id, campaignId)).for('update');
      const [left] = await tx
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(smsMessages)
        .where(and(eq(smsMessages.campaignId, campaignId), eq(smsMessages.status, 'queued')));
      if ((left?.n ?? 0) > 0) return false;
      await tx
        .update(smsCampaigns)
        .set({ status: 'completed', completedAt: clock() })
        .where(and(eq(smsCampaigns.id, campaignId), eq(smsCampaigns.status, 'running')));
      return true;
    });
  }

  type Sent = { submitted: number; temporary: number };

  /** Answers recorded: the accepted marked submitted in one update, each refusal by its kind. */
  async function settle(
    batch: SmsMessageRow[],
    results: SubmitResult[],
    texts: (string | null)[],
    now: Date,
    channel: MessageChannel,
  ): Promise<Sent> {
    const submitted: { id: number; providerMessageId: string; text: string | null }[] = [];
    let temporary = 0;
    for (const [i, result] of results.entries()) {
      const m = batch[i];
      if (!m) continue;
      if (result.ok) {
        const text = texts[i] ?? m.text;
        submitted.push({ id: m.id, providerMessageId: result.providerMessageId, text: text === m.text ? null : text });
      } else {
        if (result.kind === 'temporary') temporary += 1;
        await record(m, result, now);
      }
    }
    await markSubmitted(submitted, now, channel);
    countEvent('smsSubmitted', submitted.length);
    return { submitted: submitted.length, temporary };
  }

  async function sendSms(campaign: SmsCampaignRow, batch: SmsMessageRow[], now: Date): Promise<Sent> {
    if (batch.length === 0) return { submitted: 0, temporary: 0 };
    const texts = batch.map((m) => finalText(campaign, m));
    const results = await submitPaced(
      batch.map((m, i) => ({
        to: m.to,
        header: campaign.header ?? '',
        entityId: campaign.entityId ?? '',
        templateId: campaign.dltTemplateId ?? '',
        text: texts[i] ?? m.text,
        encoding: m.encoding,
        parts: m.parts,
        idempotencyKey: m.idempotencyKey,
      })),
    );
    return settle(batch, results, texts, now, 'sms');
  }

  async function sendWhatsApp(campaign: SmsCampaignRow, batch: SmsMessageRow[], now: Date): Promise<Sent> {
    if (batch.length === 0) return { submitted: 0, temporary: 0 };
    const results = deps.whatsapp
      ? await sendWhatsAppBatch(deps.whatsapp, campaign, batch)
      : batch.map((): SubmitResult => ({ ok: false, kind: 'permanent', error: 'WhatsApp is not set up on this server' }));
    return settle(
      batch,
      results,
      batch.map(() => null),
      now,
      'whatsapp',
    );
  }

  /**
   * Sends a campaign for up to `turnMs`: 'done' when nothing is left, 'later' when it must wait (the
   * window, a schedule, back-off, the turn ended), 'stopped' when paused, cancelled or stopped.
   */
  async function run(campaignId: string, turnMs = TURN_MS): Promise<{ result: RunResult; resumeAt?: Date }> {
    const started = Date.now();
    for (;;) {
      const now = clock();
      const [campaign] = await db.select().from(smsCampaigns).where(eq(smsCampaigns.id, campaignId)).limit(1);
      if (!campaign || !['scheduled', 'waiting-for-window', 'running'].includes(campaign.status)) return { result: 'stopped' };
      if (campaign.sendsAt && campaign.sendsAt > now) return { result: 'later', resumeAt: campaign.sendsAt };
      if (campaignWindowApplies(campaign) && !inSmsWindow(now)) {
        const sendsAt = nextSmsWindowStart(now);
        await db
          .update(smsCampaigns)
          .set({ status: 'waiting-for-window', sendsAt })
          .where(
            and(eq(smsCampaigns.id, campaignId), inArray(smsCampaigns.status, ['scheduled', 'running', 'waiting-for-window'])),
          );
        return { result: 'later', resumeAt: sendsAt };
      }
      if (campaign.status !== 'running') {
        await db
          .update(smsCampaigns)
          .set({ status: 'running' })
          .where(and(eq(smsCampaigns.id, campaignId), inArray(smsCampaigns.status, ['scheduled', 'waiting-for-window'])));
      }
      await settleStaleClaims(campaignId, now);
      // A WhatsApp-first campaign has both (its fallbacks are SMS); the others one channel only.
      const claimedSms = campaign.channel === 'whatsapp' ? [] : await claim(campaignId, now, 'sms');
      const claimedWhatsApp = campaign.channel === 'sms' ? [] : await claim(campaignId, now, 'whatsapp');
      if (claimedSms.length === 0 && claimedWhatsApp.length === 0) {
        if (campaign.channel !== 'sms') await reconcileWhatsApp(campaignId);
        if (await finishIfDone(campaignId)) return { result: 'done' };
        return { result: 'later', resumeAt: new Date(now.getTime() + RETRY_BASE_MS) };
      }
      const batchStarted = Date.now();
      const [sms, whatsapp] = await Promise.all([
        sendSms(campaign, await dropOptedOut(claimedSms, 'sms'), now),
        sendWhatsApp(campaign, await dropOptedOut(claimedWhatsApp, 'whatsapp'), now),
      ]);
      if (sms.temporary + whatsapp.temporary > 0 && sms.submitted + whatsapp.submitted === 0) {
        // The provider is down or throttling: give it a moment rather than spin.
        return { result: 'later', resumeAt: new Date(clock().getTime() + RETRY_BASE_MS) };
      }
      if (Date.now() - started > turnMs) return { result: 'later', resumeAt: clock() };
      // The providers' rates: a batch a second at most.
      const spent = Date.now() - batchStarted;
      const full = claimedSms.length >= batchSize || claimedWhatsApp.length >= whatsappBatchSize;
      if (full && spent < 1_000) await sleep(1_000 - spent);
    }
  }

  /** The message a genuine opt-out token names, with its business's name; null for a forged or unknown token. */
  async function messageOfToken(token: string) {
    const id = deps.tokens.open(token);
    if (id === null) return null;
    const [message] = await db
      .select({ userId: smsMessages.userId, to: smsMessages.to, businessName: users.businessName })
      .from(smsMessages)
      .innerJoin(users, eq(users.id, smsMessages.userId))
      .where(eq(smsMessages.id, id))
      .limit(1);
    return message ?? null;
  }

  return {
    run,
    /**
     * One transactional SMS outside any campaign (codes sent to a number), under the platform's own
     * DLT registration (SMS_ENTITY_ID, SMS_OTP_HEADER, SMS_OTP_TEMPLATE_ID); `text` must fit that
     * template. Not charged to anybody; the idempotency key makes a retried call send once.
     */
    async sendOne(input: { to: string; text: string; idempotencyKey: string }): Promise<SubmitResult> {
      const otp = deps.otp;
      if (!otp)
        return { ok: false, kind: 'permanent', error: 'SMS_ENTITY_ID, SMS_OTP_HEADER and SMS_OTP_TEMPLATE_ID are not set' };
      const segments = smsSegments(input.text);
      return gateway.submit({
        to: input.to,
        header: otp.header,
        entityId: otp.entityId,
        templateId: otp.templateId,
        text: input.text,
        encoding: segments.encoding,
        parts: segments.parts,
        idempotencyKey: `one:${input.idempotencyKey}`,
      });
    },
    /** The business a genuine opt-out token's message came from (its page names it); null for anything else. */
    async optOutBusiness(token: string): Promise<string | null> {
      return (await messageOfToken(token))?.businessName ?? null;
    },
    /** Opts the token's number out of its business's list: the business's name, or null for a token that is not genuine. */
    async optOutByToken(token: string): Promise<string | null> {
      const message = await messageOfToken(token);
      if (!message) return null;
      await db
        .update(contacts)
        .set({ optedOut: true, optedOutAt: clock(), updatedAt: clock() })
        .where(and(eq(contacts.userId, message.userId), eq(contacts.mobileNumber, message.to), eq(contacts.optedOut, false)));
      return message.businessName;
    },
    /**
     * A delivery report (SMPP receipt, HTTP DLR): applied with the others of its moment; settles once
     * applied, false when its batch failed and nothing was saved (the HTTP gateway is then asked to send again).
     */
    applyReport: (report: DeliveryReport) => onReport(report),
    /**
     * A campaign WhatsApp message's status from the webhook, batched with the others. Its row was marked
     * submitted in the transaction that stored its wamid, so an id that matches nothing is no campaign's
     * (a reply's): nothing is kept aside for it. Throws when its batch was not saved (the webhook: 503).
     */
    async applyWhatsAppStatus(report: DeliveryReport) {
      if (!(await onReport(report, REPORT_RETRIES))) throw new Error('whatsapp status not saved');
    },
    /** Applies the receipts collected so far, then stops the retry timers (the app closing). */
    async stop() {
      stopped = true;
      await flushReports();
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
    onInbound,
    /** Queues the campaign's next turn on pg-boss (one job per campaign waiting at a time). */
    async queue(campaignId: string, at: Date) {
      if (!deps.jobs) return;
      await deps.jobs.send(SMS_SEND_QUEUE, { campaignId }, { startAfter: at, retryLimit: 10, retryDelay: 5 });
    },
    /**
     * Queues again every campaign that should be sending but has no job waiting, retrying or running
     * in pg-boss (the process died between a confirm's commit and its job, or a job ran out of
     * retries): it still has queued messages, and its send time is past the grace. The job's
     * singleton key and slot make two sweeps at once queue it once; sending it is safe anyway (rows
     * are claimed under lock, so nothing goes twice). Returns the campaigns queued.
     */
    async sweep(): Promise<string[]> {
      if (!deps.jobs) return [];
      await deps.jobs.start();
      const now = clock();
      const { rows } = await db.execute<{ id: string }>(sql`
        select c.id
          from sms_campaigns c
         where c.status in ('scheduled', 'waiting-for-window', 'running')
           and coalesce(c.sends_at, c.confirmed_at) <= ${new Date(now.getTime() - SWEEP_GRACE_MS)}
           and exists (select 1 from sms_messages m where m.campaign_id = c.id and m.status = 'queued')
           and not exists (
             select 1 from pgboss.job j
              where j.name = ${SMS_SEND_QUEUE} and j.state in ('created', 'retry', 'active')
                and j.data ->> 'campaignId' = c.id::text)`);
      const queued: string[] = [];
      for (const { id } of rows) {
        const job = await deps.jobs.send(
          SMS_SEND_QUEUE,
          { campaignId: id },
          { retryLimit: 10, retryDelay: 5, singletonKey: `sweep:${id}`, singletonSeconds: 60 },
        );
        if (job) queued.push(id);
      }
      if (queued.length > 0) deps.log.warn({ campaigns: queued }, 'sms campaigns without a job queued again');
      return queued;
    },
    /** The queue's handler: a turn, then the next one queued when the campaign is not finished. */
    async work(campaignId: string) {
      const { result, resumeAt } = await run(campaignId);
      if (result === 'later' && deps.jobs) {
        await deps.jobs.send(SMS_SEND_QUEUE, { campaignId }, { startAfter: resumeAt ?? clock(), retryLimit: 10, retryDelay: 5 });
      }
    },
    gateway,
  };
}

export default fp(
  async (fastify) => {
    const config = fastify.config;
    const sender = createSmsSender({
      db: fastify.db,
      ledger: fastify.ledgerRepository,
      gateway: fastify.smsGateway,
      whatsapp: {
        cloud: fastify.whatsappCloud,
        account: (userId) => fastify.whatsappConnections.account(userId),
        ratePerSecond: config.WHATSAPP_RATE_PER_S,
        rateOf: sendRatesById({
          ratePerSecond: config.WHATSAPP_RATE_PER_S,
          redis: fastify.redis,
          keyPrefix: `${config.RATE_LIMIT_PREFIX}whatsapp-next-slot:`,
        }),
      },
      tokens: fastify.smsOptOutTokens,
      origin: config.publicOrigin,
      log: fastify.log,
      jobs: fastify.jobsService,
      otp:
        config.SMS_ENTITY_ID && config.SMS_OTP_HEADER && config.SMS_OTP_TEMPLATE_ID
          ? { entityId: config.SMS_ENTITY_ID, header: config.SMS_OTP_HEADER, templateId: config.SMS_OTP_TEMPLATE_ID }
          : undefined,
    });
    fastify.decorate('smsSender', sender);
    // The Cloud API's statuses of campaign messages (ADR 050): delivered or read ends one as delivered;
    // failed refunds it once and, WhatsApp first, sends its SMS. A reply's wamid matches no campaign row.
    fastify.whatsappWebhook.onStatus(async (status) => {
      if (status.status === 'sent') return;
      await sender.applyWhatsAppStatus({
        providerMessageId: status.wamid,
        status: status.status === 'failed' ? 'failed' : 'delivered',
        error: status.status === 'failed' ? (status.error ?? 'failed') : undefined,
      });
    });
    // Before the database closes: the receipts collected so far are still applied.
    fastify.addHook('preClose', () => sender.stop());
    if (!config.SMS_SENDER_ENABLED) return;
    fastify.addHook('onReady', async () => {
      await fastify.jobsService.work<{ campaignId: string }>(SMS_SEND_QUEUE, (job) => sender.work(job.data.campaignId));
      if (!config.JOBS_RECURRING) return;
      await fastify.jobsService.work(SMS_SWEEP_QUEUE, async () => {
        await sender.sweep();
      });
      await fastify.jobsService.schedule(SMS_SWEEP_QUEUE, EVERY_MINUTE, {});
    });
  },
  {
    name: 'sms-sender-service',
    dependencies: [
      'db',
      'env',
      'redis',
      'ledger-repository',
      'jobs-service',
      'sms-gateway-plugin',
      'whatsapp-cloud-plugin',
      'whatsapp-connection-service',
      'whatsapp-webhook-service',
    ],
  },
);
