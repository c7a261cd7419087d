import {
  cleanName,
  CONTACT_NOTES_MAX,
  CONTACT_TAGS_MAX,
  type ContactImportRow,
  isIsoDate,
  normalizeIndianMobile,
} from '@aaspaas/domain';
import { z } from 'zod';

/** The limits ContactInputSchema applies to a contact added by hand. */
const NAME_MAX = 100;
const TAG_MAX = 30;
const email = z.email();

/** A row that passed validation, in the form it is stored. `row` is 1-based, as in the file. */
export type ImportCandidate = {
  row: number;
  name: string;
  mobileNumber: string;
  email: string | null;
  notes: string | null;
  tags: string[];
  birthday: string | null;
  anniversary: string | null;
};
export type ImportRowError = { row: number; reason: string };

export type ImportCheck = {
  candidates: ImportCandidate[];
  errors: ImportRowError[];
  invalid: number;
  /** Rows whose number already appeared earlier in the file. */
  duplicates: number;
};

const blank = (value: string | undefined) => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/**
 * Validates every row with the rules of a hand-added contact and names each problem in words a
 * shop owner can act on; a row's number that already appeared in the file is a duplicate of the
 * first row that had it (only valid rows claim a number).
 */
export function checkImportRows(rows: readonly ContactImportRow[]): ImportCheck {
  const candidates: ImportCandidate[] = [];
  const errors: ImportRowError[] = [];
  const firstRowOf = new Map<string, number>();
  let invalid = 0;
  let duplicates = 0;

  rows.forEach((raw, index) => {
    const row = index + 1;
    const problems: string[] = [];

    const name = blank(raw.name === undefined ? undefined : cleanName(raw.name));
    if (!name) problems.push('Name is missing');
    else if (name.length > NAME_MAX) problems.push(`Name is longer than ${NAME_MAX} characters`);

    const rawMobile = blank(raw.mobileNumber);
    const mobileNumber = rawMobile ? normalizeIndianMobile(rawMobile) : null;
    if (!rawMobile) problems.push('Mobile number is missing');
    else if (!mobileNumber) problems.push(`Mobile number ${rawMobile} is not a valid Indian mobile number`);

    const rawEmail = blank(raw.email);
    const emailValue = rawEmail?.toLowerCase() ?? null;
    if (emailValue && !email.safeParse(emailValue).success) problems.push(`Email ${rawEmail} is not a valid email address`);

    const notes = blank(raw.notes);
    if (notes && notes.length > CONTACT_NOTES_MAX) problems.push(`Notes are longer than ${CONTACT_NOTES_MAX} characters`);

    const tags = [...new Set((raw.tags ?? []).map((t) => t.trim().toLowerCase()).filter(Boolean))];
    const longTag = tags.find((t) => t.length > TAG_MAX);
    if (longTag) problems.push(`Tag ${longTag} is longer than ${TAG_MAX} characters`);
    if (tags.length > CONTACT_TAGS_MAX) problems.push(`More than ${CONTACT_TAGS_MAX} tags`);

    const dates: Record<'birthday' | 'anniversary', string | null> = { birthday: null, anniversary: null };
    for (const [field, label] of [
      ['birthday', 'Birthday'],
      ['anniversary', 'Anniversary'],
    ] as const) {
      const value = blank(raw[field]);
      if (value && !isIsoDate(value)) problems.push(`${label} ${value} is not a valid date (use YYYY-MM-DD)`);
      dates[field] = value;
    }

    if (problems.length > 0 || !name || !mobileNumber) {
      invalid += 1;
      errors.push({ row, reason: problems.join('; ') });
      return;
    }
    const first = firstRowOf.get(mobileNumber);
    if (first !== undefined) {
      duplicates += 1;
      errors.push({ row, reason: `Duplicate of row ${first}` });
      return;
    }
    firstRowOf.set(mobileNumber, row);
    candidates.push({ row, name, mobileNumber, email: emailValue, notes, tags, ...dates });
  });

  return { candidates, errors, invalid, duplicates };
}
