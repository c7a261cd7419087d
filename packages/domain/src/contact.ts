import { z } from 'zod';
import { WHATSAPP_CONSENT_METHODS } from './whatsapp/rules';
import { ErrorResponseSchema } from './errors';
import { CONSENT_CODE_MESSAGES, CONSENT_CODE_PATTERN } from './consent-code';
import { cleanName } from './text';
import {
  CONTACT_NOTES_MAX,
  CONTACT_TAGS_MAX,
  CONTACTS_IMPORT_MAX_ROWS,
  CONTACTS_MAX_PER_BUSINESS,
  CONTACTS_PAGE_MAX,
} from './constants';

/** docs/product.md §5/§8 texts, plus ours for what the spec leaves open. */
/** Says how many of an import's new numbers fit on the list, when not all do. */
export function importOverLimitMessage(current: number, adding: number): string {
  const room = Math.max(0, CONTACTS_MAX_PER_BUSINESS - current);
  const n = (v: number) => v.toLocaleString('en-IN');
  return (
    `This file would add ${n(adding)} new contacts, but your list has room for ${n(room)} more ` +
    `(a business can keep up to ${n(CONTACTS_MAX_PER_BUSINESS)}). Nothing was imported.`
  );
}

export const CONTACT_MESSAGES = {
  required: 'Name and mobile number are required',
  invalidId: 'Invalid contact ID',
  notFound: 'Contact not found',
  mobileInvalid: 'Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9',
  duplicate: 'A contact with this mobile number already exists',
  emailInvalid: 'Please enter a valid email address',
  dateInvalid: 'Enter the date as YYYY-MM-DD',
  consentRequired: 'Please confirm that the customer agreed to receive messages',
  importTooLarge: `Import at most ${CONTACTS_IMPORT_MAX_ROWS.toLocaleString('en-IN')} rows at a time`,
  listFull: `Your contact list is full: a business can keep up to ${CONTACTS_MAX_PER_BUSINESS.toLocaleString('en-IN')} contacts. Delete some to make room.`,
  joinListFull: 'This business’s customer list is full, so it cannot add you right now.',
  optedOut: 'Your number has been removed from this business’s list.',
  notOnList: 'This number is not on this business’s list.',
} as const;

/**
 * Indian mobile numbers in their 10-digit form: spaces, dashes, dots, brackets, +91 / 0091 / 91 and a
 * leading 0 are accepted; the number must start with 6–9. Null when it cannot be one.
 */
export function normalizeIndianMobile(raw: string | null | undefined): string | null {
  let digits = (raw ?? '').replace(/[\s\-().]/g, '');
  if (digits.startsWith('+')) digits = digits.slice(1);
  if (!/^\d+$/.test(digits)) return null;
  if (digits.length === 14 && digits.startsWith('0091')) digits = digits.slice(4);
  else if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return /^[6-9]\d{9}$/.test(digits) ? digits : null;
}

/** The public opt-in page's answer, for a new customer and for one who was already on the list. */
export function joinedMessage(businessName: string): string {
  return `You have joined ${businessName}’s customer list.`;
}

export const CONTACT_SOURCES = ['manual', 'import', 'qr'] as const;
export type ContactSource = (typeof CONTACT_SOURCES)[number];
/** How the customer agreed to hear from the business (the consent record India's rules ask for). */
export const CONSENT_CHANNELS = ['in_person', 'qr_opt_in', 'import', 'phone', 'whatsapp', 'other'] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];

/**
 * A real calendar day as YYYY-MM-DD (year 0001–9999). Date.parse alone is not enough: it rolls
 * 2023-02-30 over to 2 March, which the database then refuses.
 */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value.startsWith('0000')) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const isoDate = z.string().trim().refine(isIsoDate, CONTACT_MESSAGES.dateInvalid);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? null : v), schema.nullable().optional());

/** A contact as the API answers it (docs/product.md §3: id, name, mobileNumber; the rest is ours). */
export const ContactSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    mobileNumber: z.string(),
    email: z.string().nullable(),
    notes: z.string().nullable(),
    tags: z.array(z.string()),
    /** YYYY-MM-DD (the year may be a placeholder when the customer gave only day and month). */
    birthday: z.string().nullable(),
    anniversary: z.string().nullable(),
    source: z.enum(CONTACT_SOURCES),
    consentAt: z.string().nullable(),
    consentChannel: z.enum(CONSENT_CHANNELS).nullable(),
    optedOut: z.boolean(),
    optedOutAt: z.string().nullable(),
    /** WhatsApp opt-in, kept apart from the SMS consent above: when, how, and its proof (ADR 050). */
    whatsappConsentAt: z.string().nullable(),
    whatsappConsentMethod: z.enum(WHATSAPP_CONSENT_METHODS).nullable(),
    whatsappConsentProof: z.string().nullable(),
    /** When the customer stopped WhatsApp messages (a STOP reply, the template's opt-out button, the opt-out page). */
    whatsappOptedOutAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Contact' });
export type Contact = z.infer<typeof ContactSchema>;

const tag = z.string().trim().toLowerCase().min(1).max(30);

/** POST /api/contacts and PUT /api/contacts/{id} (PUT sends the whole form). */
export const ContactInputSchema = z
  .object({
    name: z.string({ error: CONTACT_MESSAGES.required }).overwrite(cleanName).min(1, CONTACT_MESSAGES.required).max(100),
    mobileNumber: z
      .string({ error: CONTACT_MESSAGES.required })
      .trim()
      .min(1, CONTACT_MESSAGES.required)
      .transform((v, ctx) => {
        const mobile = normalizeIndianMobile(v);
        if (!mobile) ctx.addIssue({ code: 'custom', message: CONTACT_MESSAGES.mobileInvalid });
        return mobile ?? v;
      }),
    email: optional(
      z
        .string()
        .trim()
        .toLowerCase()
        .pipe(z.email({ error: CONTACT_MESSAGES.emailInvalid })),
    ),
    notes: optional(z.string().trim().max(CONTACT_NOTES_MAX)),
    tags: z
      .array(tag)
      .max(CONTACT_TAGS_MAX)
      .transform((tags) => [...new Set(tags)])
      .optional(),
    birthday: optional(isoDate),
    anniversary: optional(isoDate),
    /** The customer agreed to receive messages: recorded with the date and channel. */
    consent: z.boolean().optional(),
    consentChannel: z.enum(CONSENT_CHANNELS).optional(),
    optedOut: z.boolean().optional(),
    /** The customer agreed (in person) to hear from the business on WhatsApp; false withdraws it. */
    whatsappConsent: z.boolean().optional(),
  })
  // Not 'ContactInput': the OpenAPI generator names the input form of 'Contact' so.
  .meta({ id: 'ContactRequest' });
export type ContactInput = z.input<typeof ContactInputSchema>;

export const ContactParamsSchema = z.object({ id: z.uuid({ error: CONTACT_MESSAGES.invalidId }) });

/** GET /api/contacts: search by name or number, filter by tag, keyset pages sorted by name. */
export const ContactListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  tag: z.string().trim().toLowerCase().max(30).optional(),
  limit: z.coerce.number().int().min(1).max(CONTACTS_PAGE_MAX).default(50),
  /** Opaque; it carries the last contact's sort name (up to 100 characters of any script), hence the room. */
  cursor: z.string().max(1000).optional(),
});
export type ContactListQuery = z.input<typeof ContactListQuerySchema>;

export const ContactListSchema = z
  .object({
    contacts: z.array(ContactSchema),
    /** Matches of the search and filter (all pages). */
    total: z.number().int(),
    nextCursor: z.string().nullable(),
    /** Every tag the business uses, for the filter menu. */
    tags: z.array(z.string()),
  })
  .meta({ id: 'ContactList' });
export type ContactList = z.infer<typeof ContactListSchema>;

/** POST /api/contacts/delete: several at once after one confirmation. */
export const ContactBulkDeleteSchema = z.object({
  ids: z
    .array(z.uuid({ error: CONTACT_MESSAGES.invalidId }))
    .min(1)
    .max(1000),
});
export const ContactBulkDeleteResponseSchema = z.object({ deleted: z.number().int() });

/** 409 on a duplicate number names the existing contact, so the form can offer to open it. */
export const ContactDuplicateSchema = ErrorResponseSchema.extend({ existingId: z.string() }).meta({ id: 'ContactDuplicate' });

/**
 * POST /api/contacts/import: rows the browser parsed from a CSV or vCard file (after its preview).
 * The server validates each row again and answers what happened to every one.
 */
export const ContactImportRowSchema = z.object({
  name: z.string().max(200).optional(),
  mobileNumber: z.string().max(40).optional(),
  email: z.string().max(200).optional(),
  notes: z
    .string()
    .max(CONTACT_NOTES_MAX * 2)
    .optional(),
  tags: z
    .array(z.string().max(60))
    .max(CONTACT_TAGS_MAX * 2)
    .optional(),
  birthday: z.string().max(20).optional(),
  anniversary: z.string().max(20).optional(),
});
export type ContactImportRow = z.infer<typeof ContactImportRowSchema>;
export const ContactImportRequestSchema = z
  .object({
    rows: z.array(ContactImportRowSchema).min(1).max(CONTACTS_IMPORT_MAX_ROWS, CONTACT_MESSAGES.importTooLarge),
    /** The business confirms these customers agreed to receive messages (recorded as consent via import). */
    consent: z.boolean(),
  })
  .meta({ id: 'ContactImportRequest' });
export const ContactImportResultSchema = z
  .object({
    imported: z.number().int(),
    duplicates: z.number().int(),
    invalid: z.number().int(),
    /** Rows not imported, 1-based as in the file's data rows, with the reason. */
    errors: z.array(z.object({ row: z.number().int(), reason: z.string() })),
  })
  .meta({ id: 'ContactImportResult' });
export type ContactImportResult = z.infer<typeof ContactImportResultSchema>;

/** The public opt-in page /join/{businessId}: the business's name, and the customer's own form. */
export const JoinBusinessSchema = z
  .object({
    businessId: z.string(),
    businessName: z.string(),
    city: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
  })
  .meta({ id: 'JoinBusiness' });
/** Step one of joining: who, which number, and the consent; the server sends a code to the number. */
export const JoinCodeRequestSchema = z
  .object({
    name: z.string({ error: CONTACT_MESSAGES.required }).overwrite(cleanName).min(1, CONTACT_MESSAGES.required).max(100),
    mobileNumber: z.string({ error: CONTACT_MESSAGES.required }).trim().min(1, CONTACT_MESSAGES.required).max(40),
    consent: z.literal(true, { error: CONTACT_MESSAGES.consentRequired }),
    /** Also on WhatsApp: confirmed by the same one-time code. */
    whatsapp: z.boolean().optional(),
  })
  .meta({ id: 'JoinCodeRequest' });
const consentCode = z
  .string({ error: CONSENT_CODE_MESSAGES.codeFormat })
  .trim()
  .regex(CONSENT_CODE_PATTERN, CONSENT_CODE_MESSAGES.codeFormat);
/** Step two: the same, with the code the number received; only then is the consent written. */
export const JoinRequestSchema = JoinCodeRequestSchema.extend({ code: consentCode }).meta({ id: 'JoinRequest' });
export const OptOutCodeRequestSchema = z
  .object({
    mobileNumber: z.string({ error: CONTACT_MESSAGES.mobileInvalid }).trim().min(1, CONTACT_MESSAGES.mobileInvalid).max(40),
  })
  .meta({ id: 'OptOutCodeRequest' });
export const OptOutRequestSchema = OptOutCodeRequestSchema.extend({ code: consentCode }).meta({ id: 'OptOutRequest' });
/** A code is on its way; the times let the page count down to "Resend code". */
export const ConsentCodeSentSchema = z
  .object({
    message: z.string(),
    resendAfterSeconds: z.number().int(),
    expiresInSeconds: z.number().int(),
  })
  .meta({ id: 'ConsentCodeSent' });
export type ConsentCodeSent = z.infer<typeof ConsentCodeSentSchema>;
