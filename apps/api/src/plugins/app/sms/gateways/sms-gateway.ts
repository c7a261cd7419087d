/** One SMS as every provider adapter receives it: DLT ids and the text already checked against the template. */
export type SmsSubmission = {
  /** 10-digit Indian mobile number (the adapter adds the country code its provider wants). */
  to: string;
  header: string;
  entityId: string;
  templateId: string;
  text: string;
  encoding: 'GSM-7' | 'UCS-2';
  parts: number;
  /** The same for every attempt of one message; a provider that dedupes by it delivers a retry once. */
  idempotencyKey: string;
};

/**
 * What became of a submission. `temporary`: the provider did not take it and said so (throttled,
 * down, not connected): safe to try again. `permanent`: refused for good. `uncertain`: sent, but no
 * answer came (the connection dropped): trying again could deliver it twice unless the provider
 * dedupes by the idempotency key.
 */
export type SubmitResult =
  { ok: true; providerMessageId: string } | { ok: false; kind: 'temporary' | 'permanent' | 'uncertain'; error: string };

/** A delivery report, matched to its message by the provider's id. */
export type DeliveryReport = {
  providerMessageId: string;
  status: 'delivered' | 'failed' | 'expired';
  error?: string | undefined;
};

/** A reply from a phone (SMPP MO): "STOP" opts the number out. */
export type InboundSms = { from: string; to: string; text: string };

export type SmsGatewayListeners = {
  onReport: (report: DeliveryReport) => void;
  onInbound: (sms: InboundSms) => void;
};

/** A provider adapter: the local outbox, SMPP 3.4, or an MSG91-style HTTP gateway. */
export type SmsGateway = {
  readonly name: 'local' | 'smpp' | 'http';
  /** Whether the provider dedupes by the idempotency key, so an uncertain submission may be sent again. */
  readonly idempotent: boolean;
  /** Submissions a second the provider accepts from us. */
  readonly ratePerSecond: number;
  submit(sms: SmsSubmission): Promise<SubmitResult>;
  listen(listeners: SmsGatewayListeners): void;
  close(): Promise<void>;
};

/** The country code Indian providers expect before the 10 digits. */
export function internationalNumber(to: string): string {
  return `91${to}`;
}

/** The 10 digits of a number a provider reports (with or without +91 / 91). */
export function nationalNumber(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  return digits.length > 10 ? digits.slice(-10) : digits;
}
