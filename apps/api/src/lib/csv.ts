import type { FastifyReply } from 'fastify';

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

/** One CSV record with its CRLF line end. */
export function csvLine(cells: readonly (string | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * A CSV download, not JSON (the route's response schemas cover only its errors): saved under
 * `filename`, never kept by a cache, as the file holds the business's own customers and messages.
 */
export function sendCsv(reply: FastifyReply, csv: string, filename: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
