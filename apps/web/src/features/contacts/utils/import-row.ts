import { CONTACT_NOTES_MAX, CONTACT_TAGS_MAX, normalizeIndianMobile, type ContactImportRow } from '@aaspaas/domain';
import { normalizeImportDate } from './dates';

/** What a parser found for one contact, before it becomes a row of POST /api/contacts/import. */
export type ParsedContact = {
  name?: string;
  /** Every number found, best first: the first Indian mobile among them is used. */
  phones: string[];
  email?: string;
  notes?: string;
  tags?: string[];
  birthday?: string;
  anniversary?: string;
};

/**
 * Cells are cut to what a contact may hold (tags and notes, which the server would otherwise refuse
 * the whole row for) or to the request schema's limits (ContactImportRowSchema: one oversized cell
 * must not fail the whole import; a name over 100 characters is then reported for its row).
 */
const LIMITS = { name: 200, mobile: 40, email: 200, notes: CONTACT_NOTES_MAX, tag: 30, tags: CONTACT_TAGS_MAX };

const clip = (value: string | undefined, max: number): string | undefined => {
  const text = value?.replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, max) : undefined;
};

/** The number to import: the first one that is an Indian mobile, else the first one (the preview says why it fails). */
export function pickMobile(phones: readonly string[]): string | undefined {
  const candidates = phones.map((p) => p.trim()).filter(Boolean);
  return candidates.find((p) => normalizeIndianMobile(p) !== null) ?? candidates[0];
}

/** Split a cell holding several values: Google's ' ::: ', commas, semicolons, slashes. */
export function splitValues(cell: string | undefined): string[] {
  return (cell ?? '')
    .split(/:::|[,;/|]/)
    .map((v) => v.trim())
    .filter(Boolean);
}

/** Labels that phones and Google add to every contact, which say nothing about the customer. */
const SYSTEM_LABEL = /^\*|^(my contacts|starred in android|mycontacts)$/i;

export function toImportRow(contact: ParsedContact): ContactImportRow {
  const tags = [...new Set((contact.tags ?? []).map((t) => t.trim()).filter((t) => t && !SYSTEM_LABEL.test(t)))]
    .map((t) => t.slice(0, LIMITS.tag))
    .slice(0, LIMITS.tags);
  // A date that cannot be read is left out rather than failing the row: the contact matters more.
  const birthday = normalizeImportDate(contact.birthday) ?? undefined;
  const anniversary = normalizeImportDate(contact.anniversary) ?? undefined;
  const notes = contact.notes?.trim() ? contact.notes.trim().slice(0, LIMITS.notes) : undefined;
  const row: ContactImportRow = {
    name: clip(contact.name, LIMITS.name),
    mobileNumber: clip(pickMobile(contact.phones), LIMITS.mobile),
    email: clip(contact.email, LIMITS.email),
    notes,
    tags: tags.length ? tags : undefined,
    birthday,
    anniversary,
  };
  // undefined keys stay out of the JSON body and out of test comparisons.
  return Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined)) as ContactImportRow;
}
