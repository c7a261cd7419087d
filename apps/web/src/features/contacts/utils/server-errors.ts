import type { ContactInput } from '@aaspaas/domain';

export type ContactErrorField = 'name' | 'mobileNumber' | 'email' | 'consent';

/** The contact forms' field for each request property an API error may name (`field`); others go above Save. */
export const SERVER_ERROR_FIELDS: Partial<Record<keyof ContactInput, ContactErrorField>> = {
  name: 'name',
  mobileNumber: 'mobileNumber',
  email: 'email',
  consent: 'consent',
};
