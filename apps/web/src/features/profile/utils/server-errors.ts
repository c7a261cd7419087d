import type { UpdateProfileRequest } from '@aaspaas/domain';

export type ServerErrorField = 'name' | 'businessName' | 'businessPhone' | 'gstNumber' | 'lat';

/** The profile form's field for each request property an API error may name (`field`); others go above Save. */
export const SERVER_ERROR_FIELDS: Partial<Record<keyof UpdateProfileRequest, ServerErrorField>> = {
  name: 'name',
  businessName: 'businessName',
  businessPhone: 'businessPhone',
  gstNumber: 'gstNumber',
  lat: 'lat',
  lon: 'lat',
};
