import { normalizeIndianMobile } from '@aaspaas/domain';

/** What a CSV column holds. 'mobile' columns are tried before 'phone' columns for the number. */
export type ColumnField =
  | 'name'
  | 'firstName'
  | 'middleName'
  | 'lastName'
  | 'organization'
  | 'mobile'
  | 'phone'
  | 'email'
  | 'tags'
  | 'birthday'
  | 'anniversary'
  | 'notes';

export type ColumnMapping = { index: number; header: string; field: ColumnField | null }[];

/**
 * Headers of spreadsheets people keep, Google Contacts ('Phone 1 - Value', 'Labels'), Outlook
 * ('Mobile Phone', 'E-mail Address', 'Categories') and phones' own exports, compared after
 * lower-casing and turning punctuation into spaces.
 */
const HEADER_FIELDS: [RegExp, ColumnField][] = [
  [/^(name|full name|fullname|contact name|customer name|client name|display name)$/, 'name'],
  [/^(first name|firstname|given name)$/, 'firstName'],
  [/^(middle name|additional name)$/, 'middleName'],
  [/^(last name|lastname|family name|surname)$/, 'lastName'],
  [/^(organization|organization name|organization 1 name|company|company name|business name|shop name)$/, 'organization'],
  [
    /^(mobile|mobile number|mobile no|mobileno|mobile num|mobile phone|mobile phone number|cell|cell phone|cellphone|whatsapp|whatsapp number|whatsapp no)$/,
    'mobile',
  ],
  [
    /^(phone|phones|phone number|phone no|phonenumber|telephone|telephone number|tel|contact number|contact no|number|primary phone|home phone|business phone|other phone|phone \d+ value)$/,
    'phone',
  ],
  [/^(email|emails|e mail|email address|e mail address|mail|email id|e mail \d+ value|email \d+ value)$/, 'email'],
  [/^(tags|tag|labels|label|group|groups|group membership|category|categories|type)$/, 'tags'],
  [/^(birthday|birth day|birth date|birthdate|date of birth|dob|bday)$/, 'birthday'],
  [/^(anniversary|anniversary date|wedding anniversary|marriage anniversary)$/, 'anniversary'],
  [/^(notes|note|remarks|remark|comments|comment)$/, 'notes'],
];

export function normalizeHeader(header: string): string {
  return header
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export function fieldForHeader(header: string): ColumnField | null {
  const normalized = normalizeHeader(header);
  return HEADER_FIELDS.find(([pattern]) => pattern.test(normalized))?.[1] ?? null;
}

/**
 * A row is the header when it names a name or number column and holds no mobile number itself
 * (files may start with a title line; a row of data has a number in it).
 */
export function isHeaderRow(cells: readonly string[]): boolean {
  const fields = cells.map(fieldForHeader);
  const namesAColumn = fields.some(
    (f) => f === 'name' || f === 'firstName' || f === 'lastName' || f === 'mobile' || f === 'phone',
  );
  return namesAColumn && !cells.some((cell) => normalizeIndianMobile(cell) !== null);
}

export function mapHeader(cells: readonly string[]): ColumnMapping {
  return cells.map((header, index) => ({ index, header, field: fieldForHeader(header) }));
}

const share = (values: string[], test: (v: string) => boolean) => {
  const filled = values.filter((v) => v.trim());
  return filled.length ? filled.filter(test).length / filled.length : 0;
};

/** Which column most looks like mobile numbers, for a file without a header or with unknown headers. */
function mobileColumn(rows: readonly string[][], columns: readonly number[]): number | null {
  let best: { index: number; score: number } | null = null;
  for (const index of columns) {
    const score = share(
      rows.map((r) => r[index] ?? ''),
      (v) => normalizeIndianMobile(v) !== null,
    );
    if (score >= 0.5 && (!best || score > best.score)) best = { index, score };
  }
  return best?.index ?? null;
}

/** Columns guessed from their content: numbers, e-mail addresses, then the first column of words as the name. */
export function guessMapping(rows: readonly string[][]): ColumnMapping {
  const width = Math.max(0, ...rows.map((r) => r.length));
  const sample = rows.slice(0, 50);
  const mapping: ColumnMapping = Array.from({ length: width }, (_, index) => ({ index, header: '', field: null }));
  return completeMapping(mapping, sample);
}

/** Fill in what the headers did not say: a number column, an e-mail column and a name column, by content. */
export function completeMapping(mapping: ColumnMapping, sample: readonly string[][]): ColumnMapping {
  const out = mapping.map((c) => ({ ...c }));
  const free = () => out.filter((c) => c.field === null).map((c) => c.index);
  const has = (...fields: ColumnField[]) => out.some((c) => c.field !== null && fields.includes(c.field));
  const values = (index: number) => sample.map((r) => r[index] ?? '');

  if (!has('mobile', 'phone')) {
    const index = mobileColumn(sample, free());
    if (index !== null) out[index]!.field = 'mobile';
  }
  if (!has('email')) {
    const index = free().find((i) => share(values(i), (v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim())) >= 0.5);
    if (index !== undefined) out[index]!.field = 'email';
  }
  if (!has('name', 'firstName', 'lastName', 'organization')) {
    const index = free().find((i) => share(values(i), (v) => /\p{L}/u.test(v) && !/\d{5,}/.test(v)) >= 0.5);
    if (index !== undefined) out[index]!.field = 'name';
  }
  return out;
}
