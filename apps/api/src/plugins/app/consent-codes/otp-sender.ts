/** One DLT transactional SMS carrying a one-time code (the header, entity and template registered on DLT). */
export type OtpMessage = {
  /** 91 and the 10-digit Indian number, as SMS gateways take it. */
  to: string;
  text: string;
  header: string;
  templateId: string;
  entityId: string;
  /** Handed to the provider, which sends a message once per key (a retried request sends no second SMS). */
  idempotencyKey: string;
};

/** Sends a code's SMS: the local outbox (sms-outbox-sender.ts) until an SMS gateway takes its place. */
export type OtpSender = { send(message: OtpMessage): Promise<void> };
