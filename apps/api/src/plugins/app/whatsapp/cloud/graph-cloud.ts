import { z } from 'zod';
import { GraphTemplatePageSchema, toCloudTemplate } from './graph-templates';
import type {
  CloudFailure,
  CloudResult,
  CloudTemplate,
  OutboundWhatsApp,
  WhatsAppAccount,
  WhatsAppCloud,
} from './whatsapp-cloud';

const TIMEOUT_MS = 15_000;
/** A business has a few hundred templates at most; more pages than this is a loop, not a list. */
const TEMPLATE_PAGES_MAX = 20;
/** Graph error codes that mean "slow down" or "busy": the request may succeed later. */
const THROTTLED = new Set([4, 80007, 130429, 131048, 131056, 133004]);

const GraphErrorSchema = z.looseObject({
  error: z.looseObject({ message: z.string().max(2_000).optional(), code: z.number().optional() }),
});
const SendAnswerSchema = z.looseObject({ messages: z.array(z.looseObject({ id: z.string().min(1).max(200) })).min(1) });
const PhoneNumbersSchema = z.looseObject({
  data: z.array(
    z.looseObject({
      id: z.union([z.string(), z.number()]).transform(String),
      display_phone_number: z.string().max(40).optional(),
      verified_name: z.string().max(200).optional(),
    }),
  ),
});

function failure(status: number, body: unknown): CloudFailure {
  const err = GraphErrorSchema.safeParse(body);
  const code = err.success ? err.data.error.code : undefined;
  const error = (err.success ? err.data.error.message : undefined) ?? `HTTP ${status}`;
  if (status === 401 || code === 190 || code === 10 || code === 200) return { ok: false, kind: 'refused', error, code };
  if (status === 429 || status >= 500 || (code !== undefined && THROTTLED.has(code)))
    return { ok: false, kind: 'temporary', error, code };
  return { ok: false, kind: 'permanent', error, code };
}

/** The body of a send: Meta's messages endpoint, a template with its body parameters or a text. */
function sendBody(message: OutboundWhatsApp) {
  const base = { messaging_product: 'whatsapp', recipient_type: 'individual', to: message.to };
  if (message.type === 'text') return { ...base, type: 'text', text: { preview_url: false, body: message.text } };
  const components = message.params.length
    ? [{ type: 'body', parameters: message.params.map((text) => ({ type: 'text', text })) }]
    : [];
  return { ...base, type: 'template', template: { name: message.name, language: { code: message.language }, components } };
}

/**
 * The production adapter: Meta's Graph API over fetch (ADR 050). Template pages are followed by their
 * `after` cursor on our own URL, never by the answer's `next` link, so the token goes only to WHATSAPP_API_URL.
 */
export function createGraphCloud(deps: { apiUrl: string; version: string }): WhatsAppCloud {
  const base = `${deps.apiUrl.replace(/\/+$/, '')}/${deps.version}`;

  async function call(
    account: WhatsAppAccount,
    pathAndQuery: string,
    init: { method: 'GET' | 'POST'; body?: unknown },
  ): Promise<CloudResult<unknown>> {
    let res: Response;
    try {
      res = await fetch(`${base}/${pathAndQuery}`, {
        method: init.method,
        headers: {
          authorization: `Bearer ${account.accessToken}`,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      const cause = (err as { cause?: { code?: string } }).cause?.code;
      // Refused or not found before a byte left: nothing was sent. Anything else (a timeout, a cut
      // connection) may have reached Meta.
      const before = cause === 'ECONNREFUSED' || cause === 'ENOTFOUND' || cause === 'EAI_AGAIN';
      return { ok: false, kind: before || init.method === 'GET' ? 'temporary' : 'uncertain', error: (err as Error).message };
    }
    let body: unknown = null;
    try {
      body = await res.json();
    } catch {
      if (res.ok) return { ok: false, kind: init.method === 'GET' ? 'temporary' : 'uncertain', error: 'The answer was not JSON' };
    }
    return res.ok ? { ok: true, value: body } : failure(res.status, body);
  }

  return {
    name: 'cloud',
    async numberInfo(account) {
      const answer = await call(account, `${account.wabaId}/phone_numbers?fields=id,display_phone_number,verified_name`, {
        method: 'GET',
      });
      if (!answer.ok) return answer;
      const numbers = PhoneNumbersSchema.safeParse(answer.value);
      if (!numbers.success) return { ok: false, kind: 'temporary', error: 'Unexpected answer listing phone numbers' };
      const number = numbers.data.data.find((n) => n.id === account.phoneNumberId);
      if (!number) return { ok: false, kind: 'permanent', error: 'not-in-account' };
      return {
        ok: true,
        value: { displayPhoneNumber: number.display_phone_number ?? number.id, verifiedName: number.verified_name ?? '' },
      };
    },
    async templates(account) {
      const found: CloudTemplate[] = [];
      let after: string | undefined;
      for (let page = 0; page < TEMPLATE_PAGES_MAX; page += 1) {
        const query = new URLSearchParams({ fields: 'id,name,language,category,status,components', limit: '100' });
        if (after) query.set('after', after);
        const answer = await call(account, `${account.wabaId}/message_templates?${query}`, { method: 'GET' });
        if (!answer.ok) return answer;
        const parsed = GraphTemplatePageSchema.safeParse(answer.value);
        if (!parsed.success) return { ok: false, kind: 'temporary', error: 'Unexpected answer listing templates' };
        for (const raw of parsed.data.data) {
          const template = toCloudTemplate(raw);
          if (template) found.push(template);
        }
        after = parsed.data.paging?.cursors?.after;
        if (!parsed.data.paging?.next || !after) break;
      }
      return { ok: true, value: found };
    },
    async send(account, message) {
      const answer = await call(account, `${account.phoneNumberId}/messages`, { method: 'POST', body: sendBody(message) });
      if (!answer.ok) return answer;
      const sent = SendAnswerSchema.safeParse(answer.value);
      if (!sent.success) return { ok: false, kind: 'uncertain', error: 'The answer carried no message id' };
      return { ok: true, value: { wamid: sent.data.messages[0]!.id } };
    },
    listen() {
      // Meta's statuses and messages come through POST /api/whatsapp/webhook, not through the adapter.
    },
    async close() {},
  };
}
