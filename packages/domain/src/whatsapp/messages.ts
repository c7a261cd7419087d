import { WHATSAPP_PRICE_MAX_PAISE, WHATSAPP_TEXT_MAX } from './rules';

/** The WhatsApp channel's user-facing texts (validation, errors of the connection and the webhook). */
export const WHATSAPP_MESSAGES = {
  phoneNumberIdInvalid: 'Enter the phone number ID from WhatsApp Manager (a long number)',
  wabaIdInvalid: 'Enter the WhatsApp Business Account ID from WhatsApp Manager (a long number)',
  accessTokenInvalid: 'Paste the access token of your system user (a long text starting with EAA)',
  tokenRefused: 'WhatsApp refused this access token: create a new one for your system user and paste it again',
  numberNotInAccount: 'This phone number ID is not in that WhatsApp Business Account',
  numberTaken: 'Another business on Aaspaas has already connected this WhatsApp number',
  cloudUnreachable: 'WhatsApp could not be reached just now. Please try again in a minute',
  notConnected: 'Connect your WhatsApp Business number first (Campaigns → Sender set-up)',
  verifyRefused: 'The verify token does not match',
  webhookUnauthorized: 'The webhook signature does not match',
  webhookInvalid: 'The webhook body is not valid JSON',
  webhookNotSaved: 'The webhook could not be saved just now; send it again',
  standInOnly: 'Simulated messages work only with the local WhatsApp stand-in',
  textRequired: 'Write a message',
  priceRange: `A WhatsApp price is whole paise from 0 to ${WHATSAPP_PRICE_MAX_PAISE} (₹${WHATSAPP_PRICE_MAX_PAISE / 100}) a message`,
  windowClosed: 'More than 24 hours have passed since the customer last wrote: only an approved template can reach them now',
  conversationNotFound: 'No WhatsApp conversation with this number',
  replyNotSent: 'WhatsApp did not take the message. Please try again in a minute',
  templateReplyNoOptIn:
    'A template reaches only a customer in your contacts with a WhatsApp opt-in who has not said STOP: add them with their agreement first',
  templateReplyName: 'WhatsApp reply',
  textTooLong: `A message must be at most ${WHATSAPP_TEXT_MAX} characters`,
} as const;
