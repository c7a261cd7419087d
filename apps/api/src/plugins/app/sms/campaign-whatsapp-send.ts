import { SMS_MESSAGES } from '@aaspaas/domain';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '#src/db/client';
import { contacts, type SmsCampaignRow, smsCampaigns, type SmsMessageRow, smsMessages } from '#src/db/schema';
import { AppError } from '#src/lib/app-error';
import type { LedgerRepository } from '../wallet/ledger-repository';
import type { WhatsAppAccount, WhatsAppCloud } from '../whatsapp/cloud/whatsapp-cloud';
import { createRenderer } from './campaign-render';
import type { SubmitResult } from './gateways/sms-gateway';
import type { SendRate } from './send-rate';

/** What the sender needs to send a campaign's WhatsApp messages (ADR 050). */
export type WhatsAppSending = {
  cloud: WhatsAppCloud;
  /** The business's number and its decrypted token; null when it is not connected (any more). */
  account(userId: string): Promise<WhatsAppAccount | null>;
  /** Messages a second to the Cloud API for one number (WHATSAPP_RATE_PER_S): a turn's batch. */
  ratePerSecond: number;
  /** A number's schedule of slots (WHATSAPP_RATE_PER_S), shared by every process through Redis (ADR 057). */
  rateOf(phoneNumberId: string): SendRate;
};

/** The customer's WhatsApp id: India's country code and the 10-digit number. */
export const waIdOf = (mobile: string) => `91${mobile}`;

/**
 * A batch of a campaign's WhatsApp messages handed to the Cloud API, each as its template with its
 * parameters. A number no longer connected fails them all (refunded, and SMS for the rest).
 */
export async function sendWhatsAppBatch(
  sending: WhatsAppSending,
  campaign: SmsCampaignRow,
  batch: SmsMessageRow[],
): Promise<SubmitResult[]> {
  const account = await sending.account(campaign.userId);
  if (!account || !campaign.whatsappTemplateName || !campaign.whatsappLanguage) {
    return batch.map(() => ({ ok: false, kind: 'permanent', error: 'WhatsApp number not connected' }));
  }
  const rate = sending.rateOf(account.phoneNumberId);
  return Promise.all(
    batch.map(async (m): Promise<SubmitResult> => {
      // Each message in its own slot of the number's schedule: Meta's limit is per number.
      await rate.take();
      const sent = await sending.cloud.send(account, {
        type: 'template',
        to: waIdOf(m.to),
        idempotencyKey: m.idempotencyKey,
        name: campaign.whatsappTemplateName ?? '',
        language: campaign.whatsappLanguage ?? '',
        params: m.params ?? [],
      });
      if (sent.ok) return { ok: true, providerMessageId: sent.value.wamid };
      // A refused token will not work on a retry either; Meta's own error text is kept for the history.
      return { ok: false, kind: sent.kind === 'refused' ? 'permanent' : sent.kind, error: sent.error.slice(0, 300) };
    }),
  );
}

/**
 * The submitted WhatsApp messages as rows of whatsapp_messages too, in the transaction that marks them
 * submitted: the webhook's statuses find them by their wamid (and the inbox shows what went out).
 */
export async function recordWhatsAppSent(tx: Tx, rows: { id: number; providerMessageId: string }[]) {
  if (rows.length === 0) return;
  const values = JSON.stringify(rows.map((r) => ({ i: r.id, p: r.providerMessageId })));
  await tx.execute(sql`
    insert into whatsapp_messages (user_id, contact_id, direction, wa_id, text, template_name, status, wamid, status_at)
    select m.user_id, m.contact_id, 'out', '91' || m."to", m.text, c.whatsapp_template_name, 'accepted', v.p, now()
      from jsonb_to_recordset(${values}::jsonb) as v(i bigint, p text)
      join sms_messages m on m.id = v.i
      join sms_campaigns c on c.id = m.campaign_id
    on conflict (wamid) do nothing`);
}

const FALLBACK_CAMPAIGN_STATUSES = ['scheduled', 'waiting-for-window', 'running', 'paused', 'completed'] as const;

/**
 * WhatsApp first, SMS for the rest (ADR 050): a WhatsApp message that failed (refunded by the caller,
 * in this transaction) becomes one SMS to the same customer, if they have SMS consent and the campaign
 * still runs. The unique (campaign, number, channel) makes it at most one SMS, however often the failure
 * is reported; it is charged then, at the SMS price the campaign was confirmed with, with its own
 * ledger key. A wallet that cannot pay it sends no SMS. Returns the campaigns that have new SMS to send.
 */
export async function fallBackToSms(
  tx: Tx,
  failed: Pick<SmsMessageRow, 'id' | 'campaignId' | 'contactId' | 'channel'>[],
  deps: { ledger: Pick<LedgerRepository, 'debit'>; origin: string; log: FastifyBaseLogger },
): Promise<string[]> {
  const whatsapp = failed.filter((m) => m.channel === 'whatsapp' && m.contactId !== null);
  if (whatsapp.length === 0) return [];
  const campaignIds = [...new Set(whatsapp.map((m) => m.campaignId))];
  const campaigns = await tx
    .select()
    .from(smsCampaigns)
    .where(
      and(
        inArray(smsCampaigns.id, campaignIds),
        eq(smsCampaigns.channel, 'whatsapp-first'),
        inArray(smsCampaigns.status, [...FALLBACK_CAMPAIGN_STATUSES]),
      ),
    )
    .for('update');
  const byId = new Map(campaigns.map((c) => [c.id, c]));
  const people = await tx
    .select({ id: contacts.id, name: contacts.name, mobileNumber: contacts.mobileNumber })
    .from(contacts)
    .where(
      and(
        inArray(
          contacts.id,
          whatsapp.map((m) => m.contactId ?? ''),
        ),
        isNotNull(contacts.consentAt),
        eq(contacts.optedOut, false),
      ),
    );
  const personById = new Map(people.map((p) => [p.id, p]));
  const reopened = new Set<string>();
  for (const message of whatsapp) {
    const campaign = byId.get(message.campaignId);
    const person = message.contactId ? personById.get(message.contactId) : undefined;
    if (!campaign || !person || !campaign.templateText || !campaign.category) continue;
    const rendered = createRenderer(
      { text: campaign.templateText, category: campaign.category },
      campaign.variables,
      deps.origin,
      null,
    )(person);
    if (!rendered) continue;
    const costPaise = rendered.segments.parts * campaign.pricePaise;
    try {
      // A savepoint: a wallet that cannot pay undoes this SMS only, never the refund around it.
      await tx.transaction(async (sp) => {
        const [row] = await sp
          .insert(smsMessages)
          .values({
            campaignId: campaign.id,
            userId: campaign.userId,
            contactId: person.id,
            to: person.mobileNumber,
            channel: 'sms',
            text: rendered.text,
            encoding: rendered.segments.encoding,
            parts: rendered.segments.parts,
            costPaise,
            idempotencyKey: `${campaign.id}:${person.mobileNumber}`,
            fallbackOf: message.id,
          })
          .onConflictDoNothing()
          .returning({ id: smsMessages.id });
        if (!row) return;
        if (costPaise > 0) {
          await deps.ledger.debit(sp, {
            userId: campaign.userId,
            kind: 'sms_charge',
            amountPaise: costPaise,
            idempotencyKey: `sms-fallback:${message.id}`,
            note: `${SMS_MESSAGES.fallbackChargeNote}: ${campaign.name}`,
            causeType: 'campaign',
            causeId: campaign.id,
          });
        }
        await sp
          .update(smsCampaigns)
          .set({
            costPaise: sql`${smsCampaigns.costPaise} + ${costPaise}`,
            totalParts: sql`${smsCampaigns.totalParts} + ${rendered.segments.parts}`,
            // A campaign that had sent everything sends again: its fallback SMS.
            ...(campaign.status === 'completed' ? { status: 'running' as const, completedAt: null } : {}),
          })
          .where(eq(smsCampaigns.id, campaign.id));
        if (campaign.status === 'completed') campaign.status = 'running';
        reopened.add(campaign.id);
      });
    } catch (err) {
      if (!(err instanceof AppError && err.code === 'PAYMENT_REQUIRED')) throw err;
      deps.log.warn({ campaignId: campaign.id, messageId: message.id }, 'whatsapp fallback sms not paid: not sent');
    }
  }
  return [...reopened];
}
