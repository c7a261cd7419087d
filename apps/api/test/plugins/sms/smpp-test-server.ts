import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import smpp, { type PDU, type PduParams, type Session } from 'smpp';
import { registerDltTlvs, SMPP_TLV } from '../../../src/plugins/app/sms/gateways/smpp-tlvs';

/** One submit_sm as the SMSC received it. */
export type ReceivedSms = {
  messageId: string;
  to: string;
  header: string;
  peId: string;
  templateId: string;
  idempotencyKey: string;
  dataCoding: number;
  text: string;
};

const UCS2 = 8;

function decodeText(pdu: PDU): string {
  const raw = pdu.message_payload ?? pdu.short_message;
  if (typeof raw === 'string') return raw;
  if (raw && typeof raw === 'object' && 'message' in raw) {
    const m = (raw as { message: unknown }).message;
    if (typeof m === 'string') return m;
  }
  if (Buffer.isBuffer(raw)) return pdu.data_coding === UCS2 ? raw.swap16().toString('utf16le') : raw.toString('latin1');
  return '';
}

/**
 * A real SMPP 3.4 server on 127.0.0.1 (the `smpp` package's), standing in for an aggregator's SMSC:
 * it binds any transceiver, answers every submit_sm with a message id, records what arrived, and
 * sends a delivery receipt (deliver_sm) — UNDELIV for the numbers in `failTo`. `journal` appends
 * each message as a JSON line (flushed before the answer), so a crash test sees what a killed server got.
 * As an SMSC does, it keeps a receipt until a client answers it (deliver_sm_resp): one whose session
 * closed first (a sender killed mid-send) goes to another bound session, else to the next that binds.
 */
export async function startSmppServer(options: { port?: number; failTo?: string[]; journal?: string } = {}) {
  registerDltTlvs();
  const received: ReceivedSms[] = [];
  const sessions = new Set<Session>();
  let counter = 0;
  const bound = new Set<Session>();
  const unanswered = new Map<Session, Set<PduParams>>();
  const held: PduParams[] = [];
  /** A receipt sent on `session` while it is bound, else on any bound one, else held for the next bind. */
  function deliver(receipt: PduParams, session?: Session) {
    const to = session && bound.has(session) ? session : bound.values().next().value;
    const waiting = to && unanswered.get(to);
    if (!to || !waiting) return void held.push(receipt);
    waiting.add(receipt);
    if (!to.deliver_sm(receipt, () => waiting.delete(receipt))) {
      waiting.delete(receipt);
      held.push(receipt);
    }
  }
  const server = smpp.createServer((session) => {
    sessions.add(session);
    unanswered.set(session, new Set());
    session.on('close', () => {
      sessions.delete(session);
      bound.delete(session);
      const left = unanswered.get(session) ?? [];
      unanswered.delete(session);
      for (const receipt of left) deliver(receipt);
    });
    session.on('error', () => undefined);
    session.on('bind_transceiver', (pdu: PDU) => {
      session.send(pdu.response());
      bound.add(session);
      for (const receipt of held.splice(0)) deliver(receipt, session);
    });
    session.on('enquire_link', (pdu: PDU) => session.send(pdu.response()));
    session.on('unbind', (pdu: PDU) => session.send(pdu.response()));
    session.on('submit_sm', (pdu: PDU) => {
      counter += 1;
      const messageId = `${process.pid}-${counter}`;
      const sms: ReceivedSms = {
        messageId,
        to: String(pdu.destination_addr),
        header: String(pdu.source_addr),
        peId: String(pdu[SMPP_TLV.peId.name] ?? ''),
        templateId: String(pdu[SMPP_TLV.templateId.name] ?? ''),
        idempotencyKey: String(pdu[SMPP_TLV.idempotencyKey.name] ?? ''),
        dataCoding: Number(pdu.data_coding ?? 0),
        text: decodeText(pdu),
      };
      received.push(sms);
      if (options.journal) fs.appendFileSync(options.journal, `${JSON.stringify(sms)}\n`);
      session.send(pdu.response({ message_id: messageId }));
      const stat = options.failTo?.includes(sms.to.slice(-10)) ? 'UNDELIV' : 'DELIVRD';
      setTimeout(() => {
        deliver(
          {
            source_addr: sms.to,
            destination_addr: sms.header,
            esm_class: 0x04,
            short_message: `id:${messageId} sub:001 dlvrd:${stat === 'DELIVRD' ? '001' : '000'} submit date:2601011000 done date:2601011000 stat:${stat} err:${stat === 'DELIVRD' ? '000' : '001'} text:`,
          },
          session,
        );
      }, 5);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `smpp://127.0.0.1:${port}`,
    received,
    /** A reply from a phone to a header (MO), as an SMSC forwards it. */
    reply(from: string, to: string, text: string) {
      for (const s of sessions) s.deliver_sm({ source_addr: `91${from}`, destination_addr: to, short_message: text });
    },
    async close() {
      for (const s of sessions) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// Run as a process of its own (the crash test kills it): PORT and JOURNAL from the environment.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '\0')) {
  const port = Number(process.env.SMPP_PORT ?? 2775);
  void startSmppServer({ port, journal: process.env.SMPP_JOURNAL }).then((s) => {
    process.stdout.write(`listening ${s.port}\n`);
  });
}
