import type { ContactRow } from '#src/db/schema';
import { csvLine } from '#src/lib/csv';

export const CONTACTS_CSV_HEADER = [
  'name',
  'mobile',
  'email',
  'tags',
  'birthday',
  'anniversary',
  'notes',
  'source',
  'consent_at',
  'opted_out',
] as const;

/**
 * The whole list as CSV: a UTF-8 byte-order mark first, so Excel shows Hindi, Tamil or Marathi
 * names correctly; tags are one cell, separated by "; ".
 */
export function contactsCsv(rows: readonly ContactRow[]): string {
  const parts = ['\uFEFF', csvLine(CONTACTS_CSV_HEADER)];
  for (const row of rows) {
    parts.push(
      csvLine([
        row.name,
        row.mobileNumber,
        row.email,
        row.tags.join('; '),
        row.birthday,
        row.anniversary,
        row.notes,
        row.source,
        row.consentAt?.toISOString(),
        row.optedOut ? 'yes' : 'no',
      ]),
    );
  }
  return parts.join('');
}
