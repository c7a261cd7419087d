import { ContactDuplicateSchema } from '@aaspaas/domain';
import { ApiError } from '@/lib/api-client';

/** The existing contact's id when the API refused a number already in the list (409), else null. */
export function duplicateContactId(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const parsed = ContactDuplicateSchema.safeParse(error.body);
  return parsed.success ? parsed.data.existingId : null;
}
