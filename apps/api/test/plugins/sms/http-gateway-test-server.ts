import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { smsSegments } from '@aaspaas/domain';

/** One message as the gateway received it, with what its API carries and the parts it counts. */
export type ReceivedHttpSms = {
  requestId: string;
  /** When its request came (ms since the epoch): the tests count the gateway's submissions per second. */
  at: number;
  authKey: string;
  route: string;
  to: string;
  header: string;
  peId: string;
  templateId: string;
  clientId: string;
  /** The API's flag: 1 UCS-2, 0 GSM-7. */
  unicode: number;
  text: string;
  /** As the gateway counts and bills them from the text and the flag. */
  encoding: 'GSM-7' | 'UCS-2';
  parts: number;
};

/** What the next send requests meet instead of the normal answer (first in, first used). */
export type Scripted =
  | { status: number; body?: unknown }
  /** Read the request, never answer (the client's timeout). */
  | { hang: true }
  /** Read the request, then cut the connection without an answer. */
  | { drop: true };

/** A delivery report as posted to the app's webhook: the raw body and its headers. */
export type DlrPost = { body: string; headers: Record<string, string> };

/**
 * An MSG91-style HTTP SMS gateway on 127.0.0.1, standing in for the provider: POST /api/v2/sendsms
 * with the `authkey` header and MSG91's v2 JSON (sender, route, unicode, DLT_TE_ID, PE_ID, clientId,
 * sms[].message/to), answering `{ type: 'success', message: <request id> }`. It refuses what MSG91
 * refuses (a wrong key 401; a missing DLT id, a header or number of the wrong form 400), records what
 * arrived, and signs a delivery report for each message with the shared secret (HMAC-SHA256 of the raw
 * body in x-dlr-signature) for `deliver` to post to the app — FAILED for the numbers in `failTo`.
 */
export async function startHttpGateway(options: {
  authKey: string;
  dlrSecret: string;
  failTo?: string[];
  /** Posts a report to the app (the tests inject it into the app's webhook route). */
  deliver?: (post: DlrPost) => Promise<void>;
}) {
  const received: ReceivedHttpSms[] = [];
  const script: Scripted[] = [];
  const reports: DlrPost[] = [];
  const sockets = new Set<Socket>();
  let counter = 0;
  const state = { deliver: options.deliver };

  function sign(body: string): DlrPost {
    const signature = createHmac('sha256', options.dlrSecret).update(body).digest('hex');
    return { body, headers: { 'content-type': 'application/json', 'x-dlr-signature': signature } };
  }

  function report(sms: ReceivedHttpSms) {
    const failed = options.failTo?.includes(sms.to.slice(-10));
    const post = sign(
      JSON.stringify({
        requestId: sms.requestId,
        number: sms.to,
        senderId: sms.header,
        clientId: sms.clientId,
        status: failed ? '2' : '1',
        desc: failed ? 'FAILED' : 'DELIVERED',
        failedReason: failed ? 'Absent subscriber' : '',
        date: new Date().toISOString().slice(0, 19).replace('T', ' '),
      }),
    );
    reports.push(post);
    setTimeout(() => void state.deliver?.(post), 5);
  }

  const server = http.createServer((req, res) => {
    const at = Date.now();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const error = (status: number, message: string) => reply(status, { type: 'error', message });
      if (req.method !== 'POST' || req.url !== '/api/v2/sendsms') return error(404, 'Not found');
      const authKey = String(req.headers.authkey ?? '');
      if (authKey !== options.authKey) return error(401, 'Authentication failure');
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return error(400, 'Invalid JSON');
      }
      const next = script.shift();
      if (next && 'hang' in next) return;
      if (next && 'drop' in next) {
        req.socket.destroy();
        return;
      }
      if (next) return reply(next.status, next.body ?? { type: 'error', message: `scripted ${next.status}` });
      const sms = Array.isArray(body.sms) ? (body.sms[0] as { message?: unknown; to?: unknown } | undefined) : undefined;
      const to = Array.isArray(sms?.to) ? String(sms.to[0] ?? '') : '';
      const header = String(body.sender ?? '');
      if (!/^91[6-9]\d{9}$/.test(to)) return error(400, 'Invalid mobile number');
      if (!/^([A-Z]{6}|\d{6})$/.test(header)) return error(400, 'Invalid sender id');
      if (!/^\d{1,30}$/.test(String(body.DLT_TE_ID ?? ''))) return error(400, 'DLT_TE_ID is required');
      if (!/^\d{1,30}$/.test(String(body.PE_ID ?? ''))) return error(400, 'PE_ID is required');
      const text = typeof sms?.message === 'string' ? sms.message : '';
      if (!text) return error(400, 'Message is empty');
      const unicode = Number(body.unicode ?? 0);
      const counted = smsSegments(text);
      counter += 1;
      const sent: ReceivedHttpSms = {
        requestId: `3${String(process.pid).padStart(7, '0')}${String(counter).padStart(8, '0')}`,
        at,
        authKey,
        route: String(body.route ?? ''),
        to,
        header,
        peId: String(body.PE_ID),
        templateId: String(body.DLT_TE_ID),
        clientId: String(body.clientId ?? ''),
        unicode,
        text,
        // The flag decides how the text goes; a Unicode text sent as GSM-7 would arrive garbled.
        encoding: unicode === 1 ? 'UCS-2' : 'GSM-7',
        parts: counted.parts,
      };
      received.push(sent);
      reply(200, { type: 'success', message: sent.requestId });
      report(sent);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/v2/sendsms`,
    received,
    /** Every report made, in order, so a test can post one again. */
    reports,
    script,
    sign,
    set deliver(fn: ((post: DlrPost) => Promise<void>) | undefined) {
      state.deliver = fn;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type HttpGatewayServer = Awaited<ReturnType<typeof startHttpGateway>>;
