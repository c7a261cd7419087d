import smpp, { type PDU, type Session } from 'smpp';
import {
  type DeliveryReport,
  internationalNumber,
  nationalNumber,
  type SmsGateway,
  type SmsGatewayListeners,
  type SmsSubmission,
  type SubmitResult,
} from './sms-gateway';
import { parseReceipt, registerDltTlvs, SMPP_TLV } from './smpp-tlvs';

const SUBMIT_TIMEOUT_MS = 10_000;
const BIND_TIMEOUT_MS = 5_000;
/** The SMSC's busy answers: nothing was taken, so trying later is safe. */
const TEMPORARY_STATUSES = new Set([smpp.ESME_RTHROTTLED, smpp.ESME_RMSGQFUL, smpp.ESME_RSYSERR, smpp.ESME_RX_T_APPN]);
/** SMPP data_coding: 0 the SMSC's default alphabet (GSM 03.38), 8 UCS-2. */
const DATA_CODING = { 'GSM-7': 0, 'UCS-2': 8 } as const;
const DELIVERY_RECEIPT_ESM = 0x04;

export type SmppGatewayConfig = { url: string; systemId: string; password: string; ratePerSecond: number };

type Pending = { resolve: (r: SubmitResult) => void; timer: NodeJS.Timeout };

/** Receipt states (SMPP's stat field) mapped to ours; anything else not delivered is a failure. */
function reportStatus(stat: string): DeliveryReport['status'] {
  if (stat === 'DELIVRD') return 'delivered';
  if (stat === 'EXPIRED') return 'expired';
  return 'failed';
}

/**
 * An SMPP 3.4 client (bind_transceiver) to an Indian aggregator or operator: submit_sm with the
 * DLT TLVs and a receipt requested; deliver_sm brings receipts (DLRs) and replies (MO). A dropped
 * connection ends every unanswered submission as `uncertain`: whether the SMSC took it is unknown.
 */
export function createSmppGateway(config: SmppGatewayConfig): SmsGateway {
  registerDltTlvs();
  let session: Session | null = null;
  let bound: Promise<Session> | null = null;
  let listeners: SmsGatewayListeners | null = null;
  const pending = new Set<Pending>();
  let closed = false;

  function dropAll(reason: string) {
    for (const p of pending) {
      clearTimeout(p.timer);
      p.resolve({ ok: false, kind: 'uncertain', error: reason });
    }
    pending.clear();
  }

  function onDeliver(s: Session, pdu: PDU) {
    s.send(pdu.response());
    const text = Buffer.isBuffer(pdu.short_message) ? pdu.short_message.toString() : messageText(pdu.short_message);
    const esm = typeof pdu.esm_class === 'number' ? pdu.esm_class : 0;
    if (esm & DELIVERY_RECEIPT_ESM) {
      const receipt = parseReceipt(text);
      const id = typeof pdu.receipted_message_id === 'string' ? pdu.receipted_message_id : receipt?.id;
      if (!id || !receipt) return;
      listeners?.onReport({
        providerMessageId: id,
        status: reportStatus(receipt.stat),
        error: receipt.stat === 'DELIVRD' ? undefined : `${receipt.stat} (err ${receipt.err})`,
      });
      return;
    }
    listeners?.onInbound({ from: nationalNumber(String(pdu.source_addr ?? '')), to: String(pdu.destination_addr ?? ''), text });
  }

  function connect(): Promise<Session> {
    return new Promise<Session>((resolve, reject) => {
      const s = smpp.connect({ url: config.url, auto_enquire_link_period: 30_000 });
      const timer = setTimeout(() => {
        s.destroy();
        reject(new Error('SMPP bind timed out'));
      }, BIND_TIMEOUT_MS);
      s.on('error', (err: Error) => {
        clearTimeout(timer);
        reject(err);
      });
      s.on('close', () => {
        clearTimeout(timer);
        if (session === s) {
          session = null;
          bound = null;
        }
        dropAll('the SMPP connection closed before the SMSC answered');
        reject(new Error('SMPP connection closed'));
      });
      s.on('deliver_sm', (pdu: PDU) => onDeliver(s, pdu));
      s.on('enquire_link', (pdu: PDU) => s.send(pdu.response()));
      s.on('connect', () => {
        s.bind_transceiver({ system_id: config.systemId, password: config.password }, (pdu) => {
          clearTimeout(timer);
          if (pdu.command_status !== smpp.ESME_ROK) {
            s.destroy();
            reject(new Error(`SMPP bind refused (status ${pdu.command_status})`));
            return;
          }
          session = s;
          resolve(s);
        });
      });
    });
  }

  function ready(): Promise<Session> {
    if (closed) return Promise.reject(new Error('gateway closed'));
    if (!bound) {
      bound = connect();
      bound.catch(() => {
        bound = null;
      });
    }
    return bound;
  }

  return {
    name: 'smpp',
    idempotent: false,
    ratePerSecond: config.ratePerSecond,
    async submit(sms: SmsSubmission): Promise<SubmitResult> {
      let s: Session;
      try {
        s = await ready();
      } catch (err) {
        return { ok: false, kind: 'temporary', error: `SMPP not connected: ${(err as Error).message}` };
      }
      return new Promise<SubmitResult>((resolve) => {
        const entry: Pending = {
          resolve,
          timer: setTimeout(() => {
            pending.delete(entry);
            resolve({ ok: false, kind: 'uncertain', error: 'the SMSC did not answer in time' });
          }, SUBMIT_TIMEOUT_MS),
        };
        pending.add(entry);
        const written = s.submit_sm(
          {
            source_addr: sms.header,
            // Alphanumeric headers are TON 5; numeric (promotional) ones national.
            source_addr_ton: /^[0-9]+$/.test(sms.header) ? 2 : 5,
            source_addr_npi: 0,
            destination_addr: internationalNumber(sms.to),
            dest_addr_ton: 1,
            dest_addr_npi: 1,
            registered_delivery: 1,
            data_coding: DATA_CODING[sms.encoding],
            // Long texts go whole in message_payload; the SMSC splits them into the parts we charged.
            message_payload: sms.text,
            [SMPP_TLV.peId.name]: sms.entityId,
            [SMPP_TLV.templateId.name]: sms.templateId,
            [SMPP_TLV.idempotencyKey.name]: sms.idempotencyKey,
          },
          (pdu) => {
            if (!pending.delete(entry)) return;
            clearTimeout(entry.timer);
            if (pdu.command_status === smpp.ESME_ROK && typeof pdu.message_id === 'string' && pdu.message_id) {
              resolve({ ok: true, providerMessageId: pdu.message_id });
            } else if (TEMPORARY_STATUSES.has(pdu.command_status)) {
              resolve({ ok: false, kind: 'temporary', error: `SMSC busy (status ${pdu.command_status})` });
            } else {
              resolve({ ok: false, kind: 'permanent', error: `SMSC refused (status ${pdu.command_status})` });
            }
          },
        );
        if (!written) {
          pending.delete(entry);
          clearTimeout(entry.timer);
          resolve({ ok: false, kind: 'temporary', error: 'SMPP connection not writable' });
        }
      });
    },
    listen(l) {
      listeners = l;
    },
    async close() {
      closed = true;
      dropAll('gateway closed');
      const s = session;
      session = null;
      bound = null;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
}

function messageText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'message' in value) {
    const m = (value as { message: unknown }).message;
    return typeof m === 'string' ? m : Buffer.isBuffer(m) ? m.toString() : '';
  }
  return '';
}
