import { internationalNumber, type SmsGateway, type SmsSubmission, type SubmitResult } from './sms-gateway';

const SUBMIT_TIMEOUT_MS = 10_000;
/** Errors raised before a byte of the request left: nothing was sent, so trying again is safe. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

export type HttpGatewayConfig = {
  /** The provider's send endpoint, e.g. https://api.msg91.com/api/v2/sendsms. */
  url: string;
  authKey: string;
  ratePerSecond: number;
  /** MSG91's route: 4 transactional (every DLT category goes by its template on this route). */
  route?: string;
  timeoutMs?: number;
};

/** The JSON body of one send, MSG91's v2 send-SMS shape with the DLT ids and our reference. */
export type HttpSendBody = {
  sender: string;
  route: string;
  country: '91';
  /** 1: the text is UCS-2 (Hindi, ₹, emoji); 0: GSM-7. */
  unicode: 0 | 1;
  DLT_TE_ID: string;
  PE_ID: string;
  /** Our idempotency key: the provider echoes it in its delivery report and may dedupe by it. */
  clientId: string;
  sms: { message: string; to: string[] }[];
};

/** MSG91's answer: `{ type: 'success', message: <request id> }` or `{ type: 'error', message: <why> }`. */
type HttpSendAnswer = { type?: unknown; message?: unknown };

export function httpSendBody(sms: SmsSubmission, route: string): HttpSendBody {
  return {
    sender: sms.header,
    route,
    country: '91',
    unicode: sms.encoding === 'UCS-2' ? 1 : 0,
    DLT_TE_ID: sms.templateId,
    PE_ID: sms.entityId,
    clientId: sms.idempotencyKey,
    sms: [{ message: sms.text, to: [internationalNumber(sms.to)] }],
  };
}

/** Request starts spaced 1/rate s apart, so no burst (a campaign's batch, codes of the join page) exceeds the provider's rate. */
function createPacer(ratePerSecond: number) {
  const gapMs = 1000 / ratePerSecond;
  let next = 0;
  return async () => {
    const now = Date.now();
    const at = Math.max(now, next);
    next = at + gapMs;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  };
}

function errorCode(err: unknown): string | undefined {
  const cause = (err as { cause?: { code?: unknown } }).cause;
  return typeof cause?.code === 'string' ? cause.code : undefined;
}

/**
 * An MSG91-style HTTP gateway: one POST per message (so the provider's request id is that message's),
 * the key in the `authkey` header. 429 and 5xx are temporary (nothing taken); another 4xx or an error
 * answer is permanent; no answer after the request left (a timeout, a reset) is uncertain. Delivery
 * reports come back through the webhook `POST /api/sms/dlr`, not through this adapter.
 */
export function createHttpGateway(config: HttpGatewayConfig): SmsGateway {
  const pace = createPacer(config.ratePerSecond);
  const route = config.route ?? '4';
  const timeoutMs = config.timeoutMs ?? SUBMIT_TIMEOUT_MS;
  const inFlight = new Set<AbortController>();
  let closed = false;

  async function submit(sms: SmsSubmission): Promise<SubmitResult> {
    if (closed) return { ok: false, kind: 'temporary', error: 'gateway closed' };
    await pace();
    const abort = new AbortController();
    inFlight.add(abort);
    const timer = setTimeout(() => abort.abort(), timeoutMs);
    let res: Response;
    let body: string;
    try {
      res = await fetch(config.url, {
        method: 'POST',
        headers: { authkey: config.authKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(httpSendBody(sms, route)),
        signal: abort.signal,
      });
      body = await res.text();
    } catch (err) {
      const code = errorCode(err);
      if (code && NOT_SENT_CODES.has(code)) return { ok: false, kind: 'temporary', error: `SMS gateway not reachable (${code})` };
      const why = abort.signal.aborted
        ? 'the SMS gateway did not answer in time'
        : `the SMS gateway's answer was cut (${code ?? (err as Error).message})`;
      return { ok: false, kind: 'uncertain', error: why };
    } finally {
      clearTimeout(timer);
      inFlight.delete(abort);
    }
    let answer: HttpSendAnswer = {};
    try {
      answer = JSON.parse(body) as HttpSendAnswer;
    } catch {
      // Not JSON (a proxy's error page): the status decides below.
    }
    const said = typeof answer.message === 'string' ? answer.message.slice(0, 200) : '';
    if (res.status === 429 || res.status >= 500) {
      return { ok: false, kind: 'temporary', error: `SMS gateway busy (HTTP ${res.status}${said ? `: ${said}` : ''})` };
    }
    if (!res.ok || answer.type === 'error') {
      return { ok: false, kind: 'permanent', error: `SMS gateway refused (HTTP ${res.status}${said ? `: ${said}` : ''})` };
    }
    if (answer.type !== 'success' || !said) {
      // Taken (2xx) but without an id we could match a report to: whether it goes out is unknown.
      return { ok: false, kind: 'uncertain', error: `SMS gateway answered without a request id (HTTP ${res.status})` };
    }
    return { ok: true, providerMessageId: said };
  }

  return {
    name: 'http',
    // MSG91 is not documented to dedupe by our reference: an unanswered message is not sent again.
    idempotent: false,
    ratePerSecond: config.ratePerSecond,
    submit,
    // Reports arrive at the webhook, which hands them to the sender directly.
    listen() {},
    async close() {
      closed = true;
      for (const a of inFlight) a.abort();
      inFlight.clear();
    },
  };
}
