import { smsSegments } from '@aaspaas/domain';
import { nationalNumber, type SmsSubmission } from '../sms/gateways/sms-gateway';

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

/** The code's SMS as a provider adapter takes it (10 digits, encoding and parts counted). */
export function otpSubmission(message: OtpMessage): SmsSubmission {
  const segments = smsSegments(message.text);
  return {
    to: nationalNumber(message.to),
    header: message.header,
    entityId: message.entityId,
    templateId: message.templateId,
    text: message.text,
    encoding: segments.encoding,
    parts: segments.parts,
    idempotencyKey: message.idempotencyKey,
  };
}
