import smpp from 'smpp';

/**
 * The DLT TLVs Indian aggregators read from submit_sm (the vendor-specific range of SMPP): the
 * principal entity id and the content template id. The third carries our idempotency key, which an
 * SMSC that knows it uses to drop a resubmission; others ignore an unknown optional TLV, as SMPP asks.
 */
export const SMPP_TLV = {
  peId: { name: 'pe_id', id: 0x1400 },
  templateId: { name: 'template_id', id: 0x1401 },
  idempotencyKey: { name: 'client_msg_ref', id: 0x1500 },
} as const;

let registered = false;

/** Teaches the `smpp` package the DLT TLVs (once per process; client and test server share it). */
export function registerDltTlvs(): void {
  if (registered) return;
  registered = true;
  for (const tlv of Object.values(SMPP_TLV)) smpp.addTLV(tlv.name, { id: tlv.id, type: smpp.types.tlv.cstring });
}

/** The fields of an SMPP delivery receipt's text ("id:… sub:001 dlvrd:001 … stat:DELIVRD err:000 text:…"). */
export function parseReceipt(text: string): { id: string; stat: string; err: string } | null {
  const id = /\bid:(\S+)/i.exec(text)?.[1];
  const stat = /\bstat:(\S+)/i.exec(text)?.[1];
  if (!id || !stat) return null;
  return { id, stat: stat.toUpperCase(), err: /\berr:(\S+)/i.exec(text)?.[1] ?? '000' };
}
