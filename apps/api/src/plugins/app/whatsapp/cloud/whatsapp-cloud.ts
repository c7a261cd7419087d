import type { WhatsAppTemplateCategory } from '@aaspaas/domain';

/** A business's number on the Cloud API and the token that may use it. */
export type WhatsAppAccount = { phoneNumberId: string; wabaId: string; accessToken: string };

export type NumberInfo = { displayPhoneNumber: string; verifiedName: string };

/** A template as the WhatsApp Business Account lists it, reduced to what a campaign needs. */
export type CloudTemplate = {
  metaId: string;
  name: string;
  language: string;
  category: WhatsAppTemplateCategory;
  body: string;
  status: string;
  optOutButton: boolean;
};

/** A message to send: a template with its body's parameters, or free text inside the service window. */
export type OutboundWhatsApp = { to: string; idempotencyKey: string } & (
  { type: 'template'; name: string; language: string; params: string[] } | { type: 'text'; text: string }
);

/**
 * Why a call failed. refused: the token (or the number) is not accepted; temporary: nothing was done,
 * try later (throttled, unreachable); permanent: this request will never succeed; uncertain: the
 * request left and no answer came, so the message may have gone (never sent again, ADR 050).
 */
export type CloudFailure = { ok: false; kind: 'refused' | 'temporary' | 'permanent' | 'uncertain'; error: string; code?: number };
export type CloudResult<T> = { ok: true; value: T } | CloudFailure;

/** Receives what the Cloud API's webhook would bring (the local stand-in's statuses and simulated customers). */
export type WebhookListener = (payload: unknown) => Promise<void>;

/** The Cloud API adapter (docs/product.md §12): Meta's Graph API, or the local stand-in. */
export type WhatsAppCloud = {
  name: 'cloud' | 'local';
  /** One harmless call: the number as the account lists it (refused when the token or the ids are wrong). */
  numberInfo(account: WhatsAppAccount): Promise<CloudResult<NumberInfo>>;
  templates(account: WhatsAppAccount): Promise<CloudResult<CloudTemplate[]>>;
  send(account: WhatsAppAccount, message: OutboundWhatsApp): Promise<CloudResult<{ wamid: string }>>;
  listen(listener: WebhookListener): void;
  /** The stand-in only: a customer's message to the business's number, as the webhook would bring it. */
  simulateInbound?(input: {
    phoneNumberId: string;
    from: string;
    name?: string;
    text: string;
    buttonPayload?: string;
  }): Promise<void>;
  close(): Promise<void>;
};
