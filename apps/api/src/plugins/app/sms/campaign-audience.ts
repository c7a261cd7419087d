import type { CampaignChannel, MessageChannel, SmsAudience, SmsAudiencePreview } from '@aaspaas/domain';
import { and, arrayOverlaps, asc, count, eq, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client';
import { contacts } from '#src/db/schema';

function matches(userId: string, audience: SmsAudience): SQL {
  const own = eq(contacts.userId, userId);
  if (audience.kind === 'all') return own;
  if (audience.kind === 'contact') return and(own, eq(contacts.id, audience.contactId)) as SQL;
  return and(own, arrayOverlaps(contacts.tags, audience.tags)) as SQL;
}

/** SMS consent: a consent record and no opt-out (docs/product.md §12). */
const smsConsent = and(isNotNull(contacts.consentAt), eq(contacts.optedOut, false)) as SQL;
/** A WhatsApp opt-in (ADR 050); the join page's opt-out (opted_out) ends it too. */
const whatsappOptIn = and(isNotNull(contacts.whatsappConsentAt), eq(contacts.optedOut, false)) as SQL;

/** Who may receive a campaign on its channel(s). */
export function reachable(userId: string, audience: SmsAudience, channel: CampaignChannel = 'sms'): SQL {
  const who = channel === 'sms' ? smsConsent : channel === 'whatsapp' ? whatsappOptIn : (or(whatsappOptIn, smsConsent) as SQL);
  return and(matches(userId, audience), who) as SQL;
}

/** The channel a reachable contact's message goes by: WhatsApp where opted in (WhatsApp-first), else SMS. */
function channelOf(channel: CampaignChannel): SQL<MessageChannel> {
  if (channel === 'sms') return sql<MessageChannel>`'sms'`;
  if (channel === 'whatsapp') return sql<MessageChannel>`'whatsapp'`;
  return sql<MessageChannel>`case when ${contacts.whatsappConsentAt} is not null then 'whatsapp' else 'sms' end`;
}

export type Recipient = { id: string; name: string; mobileNumber: string; channel: MessageChannel };

/** The count per channel, and who the audience matched but leaves out and why (opted out wins over no consent). */
export async function previewAudience(
  executor: Executor,
  userId: string,
  audience: SmsAudience,
  channel: CampaignChannel = 'sms',
): Promise<SmsAudiencePreview> {
  const wa = sql`${contacts.whatsappConsentAt} is not null`;
  const sms = sql`${contacts.consentAt} is not null`;
  const counted =
    channel === 'sms'
      ? { all: sms, whatsapp: sql`false`, noConsent: sql`not (${sms})`, noWhatsApp: sql`false` }
      : channel === 'whatsapp'
        ? { all: wa, whatsapp: wa, noConsent: sql`not (${wa}) and not (${sms})`, noWhatsApp: sql`not (${wa}) and ${sms}` }
        : { all: sql`(${wa} or ${sms})`, whatsapp: wa, noConsent: sql`not (${wa}) and not (${sms})`, noWhatsApp: sql`false` };
  const n = (condition: SQL) => sql<number>`count(*) filter (where not ${contacts.optedOut} and ${condition})`.mapWith(Number);
  const [row] = await executor
    .select({
      recipients: n(counted.all),
      whatsappRecipients: n(counted.whatsapp),
      optedOut: sql<number>`count(*) filter (where ${contacts.optedOut})`.mapWith(Number),
      noConsent: n(counted.noConsent),
      noWhatsApp: n(counted.noWhatsApp),
    })
    .from(contacts)
    .where(matches(userId, audience));
  return {
    recipients: row?.recipients ?? 0,
    whatsappRecipients: row?.whatsappRecipients ?? 0,
    leftOut: { noConsent: row?.noConsent ?? 0, optedOut: row?.optedOut ?? 0, noWhatsApp: row?.noWhatsApp ?? 0 },
  };
}

export async function countReachable(
  executor: Executor,
  userId: string,
  audience: SmsAudience,
  channel: CampaignChannel = 'sms',
): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(contacts)
    .where(reachable(userId, audience, channel));
  return row?.n ?? 0;
}

/**
 * The recipients in a stable order (the contact list's: lower(name), id), a page at a time along its
 * index, so a 100,000-recipient campaign is never held in memory at once; each with its channel.
 */
export async function* recipientPages(
  executor: Executor,
  userId: string,
  audience: SmsAudience,
  pageSize: number,
  channel: CampaignChannel = 'sms',
): AsyncGenerator<Recipient[]> {
  const key = sql`lower(${contacts.name})`;
  let after: { name: string; id: string } | null = null;
  for (;;) {
    const where: SQL = after
      ? (and(
          reachable(userId, audience, channel),
          sql`(${key}, ${contacts.id}) > (${after.name}::text, ${after.id}::uuid)`,
        ) as SQL)
      : reachable(userId, audience, channel);
    const page: (Recipient & { key: string })[] = await executor
      .select({
        id: contacts.id,
        name: contacts.name,
        mobileNumber: contacts.mobileNumber,
        channel: channelOf(channel),
        key: sql<string>`${key}`,
      })
      .from(contacts)
      .where(where)
      .orderBy(key, asc(contacts.id))
      .limit(pageSize);
    if (page.length > 0) yield page.map(({ key: _key, ...r }) => r);
    const last: (Recipient & { key: string }) | undefined = page[page.length - 1];
    if (!last || page.length < pageSize) return;
    after = { name: last.key, id: last.id };
  }
}
