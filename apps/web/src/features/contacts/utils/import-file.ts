import type { ContactImportRow } from '@aaspaas/domain';
import { parseContactsCsv } from './csv-import';
import { looksLikeVCard, parseVCards } from './vcard';

export type ImportFileKind = 'csv' | 'vcard';
export type ParsedImportFile = { kind: ImportFileKind; rows: ContactImportRow[] };

/** Parse an import file's text: a vCard when it says so (by name or content), else CSV. */
export function parseImportText(text: string, fileName = ''): ParsedImportFile {
  if (/\.(vcf|vcard)$/i.test(fileName) || looksLikeVCard(text)) return { kind: 'vcard', rows: parseVCards(text) };
  return { kind: 'csv', rows: parseContactsCsv(text).rows };
}

export async function readImportFile(file: File): Promise<ParsedImportFile> {
  return parseImportText(await file.text(), file.name);
}
