import { IST_OFFSET_MINUTES } from '../constants';
import { formatRupees } from '../money';
import type { SmsCampaign } from './contracts';

/** The DLT content categories an Indian template is registered under. */
export const DLT_CATEGORIES = ['promotional', 'transactional', 'service-implicit', 'service-explicit'] as const;
export type DltCategory = (typeof DLT_CATEGORIES)[number];

/** A variable's placeholder in a DLT template's text. */
export const DLT_VARIABLE = '{#var#}';
/** DLT lets a variable carry at most 30 characters. */
export const DLT_VARIABLE_MAX_CHARS = 30;
export const DLT_TEMPLATE_MAX_VARIABLES = 10;
export const DLT_TEMPLATE_TEXT_MAX = 1000;
export const DLT_TEMPLATE_NAME_MAX = 60;
export const DLT_HEADERS_MAX = 20;
export const DLT_TEMPLATES_MAX = 200;
/** DLT ids (principal entity, template) are long numbers, 19 digits on today's portals. */
export const DLT_ID_PATTERN = /^[0-9]{12,25}$/;
/** Transactional and service headers are 6 letters; promotional ones 6 digits. */
export const DLT_HEADER_LETTERS_PATTERN = /^[A-Z]{6}$/;
export const DLT_HEADER_DIGITS_PATTERN = /^[0-9]{6}$/;

/**
 * Promotional templates end with this line, registered on DLT with the template; its variable is the
 * recipient's own signed opt-out link, which the platform fills in (the business fills the others).
 */
export const SMS_OPT_OUT_LINE = 'Opt out: {#var#}';
/** Length of the signed opt-out token in `PUBLIC_URL/o/<token>`: fixed, so a preview counts the same parts as the send. */
export const SMS_OPT_OUT_TOKEN_LENGTH = 20;

/** Promotional and service-explicit messages are delivered only 10:00–21:00 India time. */
export const SMS_WINDOW_START_HOUR_IST = 10;
export const SMS_WINDOW_END_HOUR_IST = 21;
export const SMS_WINDOW_CATEGORIES = ['promotional', 'service-explicit'] as const satisfies readonly DltCategory[];

export const SMS_CAMPAIGN_NAME_MAX = 80;
/** One campaign's recipients at most (docs/performance.md measures 100,000). */
export const SMS_CAMPAIGN_RECIPIENTS_MAX = 100_000;
/** How far ahead a campaign may be scheduled. */
export const SMS_SCHEDULE_MAX_DAYS = 90;
/**
 * Receipts come seconds after a send, a few minutes when a phone is off: a campaign's figures are
 * watched this long after it ended (completed, cancelled or stopped), for those still to come.
 */
export const SMS_RECEIPT_WATCH_MS = 15 * 60_000;

/**
 * Whether a campaign's figures can still change by themselves: it is sending or about to, or it ended
 * lately with messages still waiting for their receipts (a campaign completes once its last message
 * went, before that message's receipt). A list polls while one of its campaigns can.
 */
export function campaignMayChange(
  campaign: Pick<SmsCampaign, 'status' | 'progress' | 'completedAt' | 'confirmedAt'>,
  now: number,
): boolean {
  if (campaign.status === 'running' || campaign.status === 'waiting-for-window' || campaign.status === 'scheduled') return true;
  if (campaign.progress.submitted === 0) return false;
  const ended = campaign.completedAt ?? campaign.confirmedAt;
  return ended !== null && now - Date.parse(ended) < SMS_RECEIPT_WATCH_MS;
}
export const SMS_STOP_REASON_MAX = 300;
export const SMS_PAGE_DEFAULT = 50;
export const SMS_PAGE_MAX = 100;
/** A CSV export holds at most this many messages (newest first); narrow the filters for older ones. */
export const SMS_EXPORT_MAX_ROWS = 100_000;

/** The contact fields a variable may take its value from. */
export const SMS_CONTACT_FIELDS = ['name', 'firstName'] as const;
export type SmsContactField = (typeof SMS_CONTACT_FIELDS)[number];

/** How many `{#var#}` a template text holds. */
export function dltVariableCount(text: string): number {
  return text.split(DLT_VARIABLE).length - 1;
}

/** Whether a header's form fits its category: 6 digits for promotional, 6 letters for the others. */
export function headerFitsCategory(header: string, category: DltCategory): boolean {
  return category === 'promotional' ? DLT_HEADER_DIGITS_PATTERN.test(header) : DLT_HEADER_LETTERS_PATTERN.test(header);
}

export function hasOptOutLine(text: string): boolean {
  return text.trimEnd().endsWith(SMS_OPT_OUT_LINE);
}

/** The variables a business fills: all of them, but for a promotional template's last (the opt-out link). */
export function businessVariableCount(text: string, category: DltCategory): number {
  return dltVariableCount(text) - (category === 'promotional' ? 1 : 0);
}

/** Fills a template's `{#var#}`s in order; a missing value leaves the placeholder (which then fails `textFitsTemplate`). */
export function fillDltTemplate(text: string, values: readonly string[]): string {
  const pieces = text.split(DLT_VARIABLE);
  let out = pieces[0] ?? '';
  for (let i = 1; i < pieces.length; i++) out += (values[i - 1] ?? DLT_VARIABLE) + pieces[i];
  return out;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Whether a message's text is one its template allows: the fixed text exactly as registered, each
 * variable at most 30 characters and on one line, as the operators' DLT scrubbing checks it.
 */
export function textFitsTemplate(template: string, text: string): boolean {
  return templateMatcher(template)(text);
}

/**
 * `textFitsTemplate` for one template, its patterns compiled once: a campaign checks every
 * recipient's text against the same template.
 */
export function templateMatcher(template: string): (text: string) => boolean {
  const fixed = template.split(DLT_VARIABLE).map(escapeRegExp);
  const shape = new RegExp(`^${fixed.join(`[^\\n]{0,${DLT_VARIABLE_MAX_CHARS}}`)}$`, 'u');
  const values = new RegExp(`^${fixed.join('([^\\n]*)')}$`, 'u');
  // Counting by code points (a Hindi letter is one character, as DLT counts): a regex `{0,30}` on UTF-16 would miscount emoji.
  return (text) => {
    if (!shape.test(text)) return false;
    const match = values.exec(text);
    return match !== null && match.slice(1).every((value) => [...value].length <= DLT_VARIABLE_MAX_CHARS);
  };
}

/** A contact field's value as a variable: trimmed to 30 characters at a word boundary when longer. */
export function fitVariable(value: string): string {
  const clean = value.replace(/\s+/g, ' ').trim();
  const chars = [...clean];
  if (chars.length <= DLT_VARIABLE_MAX_CHARS) return clean;
  const cut = chars.slice(0, DLT_VARIABLE_MAX_CHARS).join('');
  const space = cut.lastIndexOf(' ');
  return space > 0 ? cut.slice(0, space) : cut;
}

const IST_MS = IST_OFFSET_MINUTES * 60_000;

/** Whether `at` lies in the 10:00–21:00 India-time delivery window. */
export function inSmsWindow(at: Date): boolean {
  const hour = new Date(at.getTime() + IST_MS).getUTCHours();
  return hour >= SMS_WINDOW_START_HOUR_IST && hour < SMS_WINDOW_END_HOUR_IST;
}

/** `at` itself when in the window, else the next 10:00 India time. */
export function nextSmsWindowStart(at: Date): Date {
  if (inSmsWindow(at)) return at;
  const local = new Date(at.getTime() + IST_MS);
  let day = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), SMS_WINDOW_START_HOUR_IST);
  if (local.getUTCHours() >= SMS_WINDOW_END_HOUR_IST) day += 24 * 3_600_000;
  return new Date(day - IST_MS);
}

export function windowApplies(category: DltCategory): boolean {
  return (SMS_WINDOW_CATEGORIES as readonly DltCategory[]).includes(category);
}

/**
 * How a campaign reaches its audience (ADR 050): SMS only, WhatsApp only, or WhatsApp to those who
 * opted in to it and SMS to the rest (and to those WhatsApp reports it could not reach).
 */
export const CAMPAIGN_CHANNELS = ['sms', 'whatsapp', 'whatsapp-first'] as const;
export type CampaignChannel = (typeof CAMPAIGN_CHANNELS)[number];
/** The channel one message goes by. */
export const MESSAGE_CHANNELS = ['sms', 'whatsapp'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

export function channelUsesSms(channel: CampaignChannel): boolean {
  return channel !== 'whatsapp';
}

export function channelUsesWhatsApp(channel: CampaignChannel): boolean {
  return channel !== 'sms';
}

/**
 * Whether a campaign waits for the 10:00–21:00 India window: its SMS template's category says so, or
 * its WhatsApp template is MARKETING (a promotion is a promotion on either channel, ADR 050).
 */
export function campaignWindowApplies(campaign: {
  channel: CampaignChannel;
  category: DltCategory | null;
  whatsappCategory: string | null;
}): boolean {
  if (channelUsesSms(campaign.channel) && campaign.category && windowApplies(campaign.category)) return true;
  return channelUsesWhatsApp(campaign.channel) && campaign.whatsappCategory === 'MARKETING';
}

/** The cost of a campaign: every recipient's parts times the price of a part. */
export function campaignCostPaise(totalParts: number, pricePaise: number): number {
  return totalParts * pricePaise;
}

export function costChangedMessage(costPaise: number): string {
  return `The cost is now ${formatRupees(costPaise)} (your contacts or the SMS price changed): check it and confirm again`;
}

export function unicodeWarning(culprit: string, parts: number, gsmParts: number): string {
  return `${culprit} makes this message Unicode: ${parts} parts instead of ${gsmParts}${culprit === '₹' ? ' — write Rs. instead?' : ''}`;
}
