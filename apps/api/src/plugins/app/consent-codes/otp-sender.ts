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

/** Sends a code's SMS: through the SMS provider (gateway-otp-sender.ts), or the local outbox without one (sms-outbox-sender.ts). */
export type OtpSender = { send(message: OtpMessage): Promise<void> };
