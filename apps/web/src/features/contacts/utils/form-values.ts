import type { ConsentChannel, Contact, ContactInput, ContactInputSchema } from '@aaspaas/domain';

/** The form's values: text fields as text ('' is sent as null once the schema has parsed them). */
export type ContactFormValues = ContactInput;
/** What the API receives once ContactInputSchema has parsed the form (trimmed, normalised). */
export type ContactPayload = ReturnType<(typeof ContactInputSchema)['parse']>;

/** A customer added by the business in person is the usual case at the counter. */
export const DEFAULT_CONSENT_CHANNEL: ConsentChannel = 'in_person';

export function emptyContactValues(): ContactFormValues {
  return {
    name: '',
    mobileNumber: '',
    email: '',
    notes: '',
    tags: [],
    birthday: '',
    anniversary: '',
    consent: false,
    consentChannel: DEFAULT_CONSENT_CHANNEL,
    optedOut: false,
    whatsappConsent: false,
  };
}

export function toContactValues(contact: Contact): ContactFormValues {
  return {
    name: contact.name,
    mobileNumber: contact.mobileNumber,
    email: contact.email ?? '',
    notes: contact.notes ?? '',
    tags: contact.tags,
    birthday: contact.birthday ?? '',
    anniversary: contact.anniversary ?? '',
    consent: contact.consentAt !== null,
    consentChannel: contact.consentChannel ?? DEFAULT_CONSENT_CHANNEL,
    optedOut: contact.optedOut,
    whatsappConsent: contact.whatsappConsentAt !== null,
  };
}
