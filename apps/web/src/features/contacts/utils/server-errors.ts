import { CONTACT_MESSAGES } from '@aaspaas/domain';

export type ContactErrorField = 'name' | 'mobileNumber' | 'email' | 'consent';

// The API validates with the same domain schema, so its 400 messages name the field they belong to.
const FIELD_BY_MESSAGE: Record<string, ContactErrorField> = {
  [CONTACT_MESSAGES.mobileInvalid]: 'mobileNumber',
  [CONTACT_MESSAGES.emailInvalid]: 'email',
  [CONTACT_MESSAGES.consentRequired]: 'consent',
};

/** The form field a server validation message belongs to, or null to show it above the Save button. */
export function fieldForServerMessage(message: string): ContactErrorField | null {
  return FIELD_BY_MESSAGE[message] ?? null;
}
