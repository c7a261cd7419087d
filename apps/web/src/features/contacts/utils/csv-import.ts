import type { ContactImportRow } from '@aaspaas/domain';
import Papa from 'papaparse';
import { completeMapping, guessMapping, isHeaderRow, mapHeader, type ColumnField, type ColumnMapping } from './csv-columns';
import { splitValues, toImportRow } from './import-row';

export type CsvImport = {
  rows: ContactImportRow[];
  mapping: ColumnMapping;
  /** 0-based line of the header among the file's non-empty lines; null when the file has none. */
  headerRow: number | null;
};

/** Files often start with a title or an export note: the header is looked for in the first lines. */
const HEADER_SEARCH_ROWS = 10;

function cellsOf(row: readonly string[], mapping: ColumnMapping, field: ColumnField): string[] {
  return mapping.filter((c) => c.field === field).map((c) => (row[c.index] ?? '').trim());
}

const first = (values: string[]) => values.find(Boolean);

function rowToContact(row: readonly string[], mapping: ColumnMapping): ContactImportRow {
  const [firstName, middleName, lastName] = (['firstName', 'middleName', 'lastName'] as const).map((f) =>
    first(cellsOf(row, mapping, f)),
  );
  const fullName = first(cellsOf(row, mapping, 'name')) ?? [firstName, middleName, lastName].filter(Boolean).join(' ');
  const notes = cellsOf(row, mapping, 'notes').filter(Boolean).join('\n');
  return toImportRow({
    name: fullName || first(cellsOf(row, mapping, 'organization')),
    phones: [...cellsOf(row, mapping, 'mobile'), ...cellsOf(row, mapping, 'phone')].flatMap(splitValues),
    email: first(cellsOf(row, mapping, 'email').flatMap(splitValues)),
    notes: notes || undefined,
    tags: cellsOf(row, mapping, 'tags').flatMap(splitValues),
    birthday: first(cellsOf(row, mapping, 'birthday')),
    anniversary: first(cellsOf(row, mapping, 'anniversary')),
  });
}

/**
 * A CSV of contacts (a spreadsheet, Google Contacts, Outlook, a phone's export): finds the header
 * row, maps its columns to contact fields (guessing from the content what the headers leave out,
 * or every column when there is no header) and gives one import row per non-empty line.
 */
export function parseContactsCsv(text: string): CsvImport {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const lines = parsed.data.filter((cells) => cells.some((c) => c.trim()));
  const headerRow = lines.slice(0, HEADER_SEARCH_ROWS).findIndex((cells) => isHeaderRow(cells));
  if (headerRow === -1) {
    const mapping = guessMapping(lines);
    return { rows: lines.map((cells) => rowToContact(cells, mapping)), mapping, headerRow: null };
  }
  const data = lines.slice(headerRow + 1);
  const mapping = completeMapping(mapHeader(lines[headerRow] ?? []), data.slice(0, 50));
  return { rows: data.map((cells) => rowToContact(cells, mapping)), mapping, headerRow };
}
