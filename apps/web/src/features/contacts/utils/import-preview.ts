import { CONTACTS_IMPORT_MAX_ROWS, ContactInputSchema, normalizeIndianMobile, type ContactImportRow } from '@aaspaas/domain';

export type PreviewStatus =
  | { kind: 'ready' }
  | { kind: 'problem'; reason: string }
  /** The same number as an earlier row of the file: the server skips it as a duplicate. */
  | { kind: 'duplicate'; firstRow: number };

/** `row` is 1-based among the file's data rows, as the server numbers its errors. */
export type PreviewRow = { row: number; data: ContactImportRow; mobile: string | null; status: PreviewStatus };

export type ImportPreview = {
  rows: PreviewRow[];
  /** The rows that will be sent (at most CONTACTS_IMPORT_MAX_ROWS). */
  toSend: ContactImportRow[];
  ready: number;
  problems: number;
  duplicates: number;
  /** Rows beyond the limit, left out of this import. */
  overLimit: number;
};

// The checks the server makes on each row, with the domain's own messages.
const RowRules = ContactInputSchema.pick({ name: true, mobileNumber: true, email: true });

function problemOf(row: ContactImportRow): string | null {
  const result = RowRules.safeParse({ name: row.name ?? '', mobileNumber: row.mobileNumber ?? '', email: row.email });
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/**
 * What an import will do, row by row, before anything is sent: ready, a problem (with the reason),
 * or a duplicate of an earlier row's number. Numbers already in the business's list are only known
 * to the server: its answer counts them.
 */
export function previewImport(rows: readonly ContactImportRow[], limit = CONTACTS_IMPORT_MAX_ROWS): ImportPreview {
  const toSend = rows.slice(0, limit);
  const firstRowByMobile = new Map<string, number>();
  let ready = 0;
  let problems = 0;
  let duplicates = 0;
  const preview = toSend.map((data, i): PreviewRow => {
    const row = i + 1;
    const mobile = normalizeIndianMobile(data.mobileNumber);
    const reason = problemOf(data);
    let status: PreviewStatus;
    if (reason) {
      problems++;
      status = { kind: 'problem', reason };
    } else if (mobile && firstRowByMobile.has(mobile)) {
      duplicates++;
      status = { kind: 'duplicate', firstRow: firstRowByMobile.get(mobile)! };
    } else {
      ready++;
      if (mobile) firstRowByMobile.set(mobile, row);
      status = { kind: 'ready' };
    }
    return { row, data, mobile, status };
  });
  return { rows: preview, toSend: [...toSend], ready, problems, duplicates, overLimit: Math.max(0, rows.length - limit) };
}
