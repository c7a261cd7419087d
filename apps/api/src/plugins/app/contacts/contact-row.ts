import type { Contact } from '@aaspaas/domain';
import type { ContactRow } from '#src/db/schema';

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
    whatsappConsentAt: row.whatsappConsentAt?.toISOString() ?? null,
    whatsappConsentMethod: row.whatsappConsentMethod,
    whatsappConsentProof: row.whatsappConsentProof,
    whatsappOptedOutAt: row.whatsappOptedOutAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
