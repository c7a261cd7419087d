import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A template as the account holds it, in the Graph API's shape. */
export type ServerTemplate = {
  id: string;
  name: string;
  language: string;
  category: 'MARKETING' | 'UTILITY' | 'AUTHENTICATION';
  status: string;
  components: { type: string; text?: string; buttons?: { type: string; text: string }[] }[];
};

/** One message as the server received it, and when (ms). */
export type ReceivedWhatsApp = { wamid: string; phoneNumberId: string; to: string; body: Record<string, unknown>; at: number };

/** A webhook post as Meta makes it: the raw body and its headers. */
export type WebhookPost = { body: string; headers: Record<string, string> };

/**
 * A WhatsApp Cloud API on 127.0.0.1 standing in for Meta's Graph API in the tests: the endpoints the
 * app calls (GET /{v}/{waba}/phone_numbers, GET /{v}/{waba}/message_templates with cursor pages,
 * POST /{v}/{phone-number-id}/messages), a bearer token checked as Meta does (401 with error code 190),
 * and webhook posts signed with the app secret (X-Hub-Signature-256) for statuses, customers'
 * messages and template reviews, handed to `deliver`. Numbers in `failTo` fail with 131026.
 */
export async function startCloudApi(options: {
  appSecret: string;
  accessToken: string;
  wabaId: string;
  phoneNumberId: string;
  templates: ServerTemplate[];
  failTo?: string[];
  /** Templates a page (Meta's default is 25): small, so the tests walk the cursors. */
  pageSize?: number;
  deliver?: (post: WebhookPost) => Promise<void>;
}) {
  const received: ReceivedWhatsApp[] = [];
  const posts: WebhookPost[] = [];
  const sockets = new Set<Socket>();
  const state = { deliver: options.deliver };

  function sign(body: string): WebhookPost {
    const signature = createHmac('sha256', options.appSecret).update(body).digest('hex');
    return { body, headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${signature}` } };
  }

  function messagesPost(value: Record<string, unknown>): WebhookPost {
    return sign(
      JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: options.wabaId,
            changes: [
              {
                field: 'messages',
                value: {
                  messaging_product: 'whatsapp',
                  metadata: { display_phone_number: '919876500000', phone_number_id: options.phoneNumberId },
                  ...value,
                },
              },
            ],
          },
        ],
      }),
    );
  }

  function statusPost(m: ReceivedWhatsApp, status: string, extra: Record<string, unknown> = {}): WebhookPost {
    const timestamp = String(Math.floor(Date.now() / 1000));
    return messagesPost({ statuses: [{ id: m.wamid, status, timestamp, recipient_id: m.to, ...extra }] });
  }

  async function post(p: WebhookPost) {
    posts.push(p);
    await state.deliver?.(p);
  }

  function report(m: ReceivedWhatsApp) {
    const failed = options.failTo?.some((n) => m.to.endsWith(n));
    setTimeout(async () => {
      if (failed) {
        await post(statusPost(m, 'failed', { errors: [{ code: 131026, title: 'Message undeliverable' }] }));
        return;
      }
      await post(statusPost(m, 'sent'));
      await post(statusPost(m, 'delivered'));
    }, 5);
  }

  function answer(res: http.ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const [, version, node, edge] = url.pathname.split('/');
      if (!version || !/^v\d+\.\d+$/.test(version)) return answer(res, 400, { error: { message: 'Unknown path', code: 2500 } });
      if (req.headers.authorization !== `Bearer ${options.accessToken}`) {
        return answer(res, 401, { error: { message: 'Error validating access token', type: 'OAuthException', code: 190 } });
      }
      if (req.method === 'GET' && edge === 'phone_numbers') {
        if (node !== options.wabaId) return answer(res, 400, { error: { message: 'Unsupported get request', code: 100 } });
        return answer(res, 200, {
          data: [{ id: options.phoneNumberId, display_phone_number: '+91 98765 00000', verified_name: 'Kumar Stores' }],
        });
      }
      if (req.method === 'GET' && edge === 'message_templates') {
        if (node !== options.wabaId) return answer(res, 400, { error: { message: 'Unsupported get request', code: 100 } });
        const size = options.pageSize ?? 25;
        const start = Number(url.searchParams.get('after') ?? '0');
        const data = options.templates.slice(start, start + size);
        const more = start + size < options.templates.length;
        const cursors = { before: String(start), after: String(start + size) };
        return answer(res, 200, {
          data,
          paging: { cursors, ...(more ? { next: `http://elsewhere.invalid/?after=${start + size}` } : {}) },
        });
      }
      if (req.method === 'POST' && edge === 'messages') {
        if (node !== options.phoneNumberId)
          return answer(res, 400, { error: { message: 'Unsupported post request', code: 100 } });
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        } catch {
          return answer(res, 400, { error: { message: 'Invalid JSON', code: 100 } });
        }
        const to = String(body.to ?? '');
        if (body.messaging_product !== 'whatsapp' || !/^\d{8,15}$/.test(to)) {
          return answer(res, 400, { error: { message: 'Invalid parameter', code: 100 } });
        }
        if (body.type === 'template') {
          const t = body.template as { name?: string; language?: { code?: string } } | undefined;
          const known = options.templates.find(
            (x) => x.name === t?.name && x.language === t?.language?.code && x.status === 'APPROVED',
          );
          if (!known)
            return answer(res, 404, { error: { message: 'Template name does not exist in the translation', code: 132001 } });
        } else if (body.type !== 'text') {
          return answer(res, 400, { error: { message: 'Invalid parameter', code: 100 } });
        }
        const m: ReceivedWhatsApp = {
          wamid: `wamid.${randomBytes(16).toString('hex')}`,
          phoneNumberId: node,
          to,
          body,
          at: Date.now(),
        };
        received.push(m);
        report(m);
        return answer(res, 200, {
          messaging_product: 'whatsapp',
          contacts: [{ input: to, wa_id: to }],
          messages: [{ id: m.wamid }],
        });
      }
      return answer(res, 400, { error: { message: 'Unknown path', code: 2500 } });
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    received,
    posts,
    sign,
    set deliver(fn: ((post: WebhookPost) => Promise<void>) | undefined) {
      state.deliver = fn;
    },
    /** A customer's message to the number, signed. */
    inbound(from: string, text: string, extra: { name?: string; buttonPayload?: string } = {}): WebhookPost {
      const id = `wamid.${randomBytes(16).toString('hex')}`;
      const timestamp = String(Math.floor(Date.now() / 1000));
      const message = extra.buttonPayload
        ? { from, id, timestamp, type: 'button', button: { payload: extra.buttonPayload, text } }
        : { from, id, timestamp, type: 'text', text: { body: text } };
      return messagesPost({ contacts: [{ wa_id: from, profile: { name: extra.name ?? 'Customer' } }], messages: [message] });
    },
    /** A template's review, signed. */
    templateReview(template: ServerTemplate, event: string): WebhookPost {
      template.status = event;
      return sign(
        JSON.stringify({
          object: 'whatsapp_business_account',
          entry: [
            {
              id: options.wabaId,
              time: Math.floor(Date.now() / 1000),
              changes: [
                {
                  field: 'message_template_status_update',
                  value: {
                    event,
                    message_template_id: Number(template.id),
                    message_template_name: template.name,
                    message_template_language: template.language,
                    reason: event === 'REJECTED' ? 'INCORRECT_CATEGORY' : 'NONE',
                  },
                },
              ],
            },
          ],
        }),
      );
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
