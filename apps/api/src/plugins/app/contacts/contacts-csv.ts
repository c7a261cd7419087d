import type { ContactRow } from '#src/db/schema';

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
 * One CSV cell (RFC 4180 quoting). A cell a spreadsheet would run as a formula (=, +, -, @, and
 * tab / carriage return, which some spreadsheets strip first) gets a leading apostrophe, so a
 * customer's name like "=HYPERLINK(…)" stays text when the owner opens the file.
 */
export function csvCell(value: string | null | undefined): string {
  const text = value ?? '';
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function csvLine(cells: readonly (string | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

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
