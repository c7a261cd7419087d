import { AUTH_MESSAGES, GSTIN_MESSAGES, PROFILE_MESSAGES } from '@aaspaas/domain';

export type ServerErrorField = 'name' | 'businessName' | 'businessPhone' | 'gstNumber' | 'lat';

// The API validates with the same domain schema, so its 400 messages name the field they belong to.
const FIELD_BY_MESSAGE: Record<string, ServerErrorField> = {
  [AUTH_MESSAGES.nameMin]: 'name',
  [AUTH_MESSAGES.businessNameMin]: 'businessName',
  [PROFILE_MESSAGES.phoneInvalid]: 'businessPhone',
  [GSTIN_MESSAGES.format]: 'gstNumber',
  [GSTIN_MESSAGES.checkDigit]: 'gstNumber',
  [PROFILE_MESSAGES.locationIncomplete]: 'lat',
};

/** The form field a server validation message belongs to, or null to show it above the Save button. */
export function fieldForServerMessage(message: string): ServerErrorField | null {
  return FIELD_BY_MESSAGE[message] ?? null;
}
