import type { Contact } from '@aaspaas/domain';
import type { ContactRow } from '../../../db/schema';

/** A stored contact as the API answers it (ContactSchema). */
export function toContact(row: ContactRow): Contact {
  return {
    id: row.id,
    name: row.name,
    mobileNumber: row.mobileNumber,
    email: row.email,
    notes: row.notes,
    tags: row.tags,
    birthday: row.birthday,
    anniversary: row.anniversary,
    source: row.source,
    consentAt: row.consentAt?.toISOString() ?? null,
    consentChannel: row.consentChannel,
    optedOut: row.optedOut,
    optedOutAt: row.optedOutAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const UNIQUE_VIOLATION = '23505';

/** Drizzle wraps driver errors; the PostgreSQL code sits on the error or its cause. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
}
