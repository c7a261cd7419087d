import { z } from 'zod';
import { LANGUAGES, type Language } from './language';
import { discountPercent, formatRupees } from './money';
import { displayIndianPhone } from './phone';
import { PricePaiseSchema, ValidUntilSchema, priceIssue } from './publishing';

/** Template category (docs/product.md §3: name). */
export const TemplateCategorySchema = z
  .object({ name: z.string(), nameHi: z.string().nullable() })
  .meta({ id: 'TemplateCategory' });
export type TemplateCategory = z.infer<typeof TemplateCategorySchema>;

/** 'offer' templates open /send-offers (with prices), 'post' templates /send-post. */
export const TEMPLATE_KINDS = ['post', 'offer'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

/** Where the text goes over the background, as fractions (0–1) of its width and height. */
export const TemplateTextAreaSchema = z.object({
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  width: z.number().min(0).max(1),
  height: z.number().min(0).max(1),
});
export type TemplateTextArea = z.infer<typeof TemplateTextAreaSchema>;

/**
 * A template (data, not code: an admin edits them later). `text` is what is written over the
 * background, one line per line, with placeholders such as {businessName}; a line starting with
 * '# ' is a headline. `defaultContent` and `defaultHashtags` prefill the post form. `textHi` and
 * `defaultContentHi` are the same in Hindi (platform content the admin writes in both languages);
 * null: a Hindi screen gets the English one (templateWording).
 */
export const TemplateSchema = z
  .object({
    id: z.string(),
    category: z.string(),
    /** The category's and the title's Hindi names (platform content); null: the English one is shown. */
    categoryHi: z.string().nullable(),
    title: z.string(),
    titleHi: z.string().nullable(),
    kind: z.enum(TEMPLATE_KINDS),
    backgroundUrl: z.string(),
    text: z.string(),
    textHi: z.string().nullable(),
    textColor: z.string(),
    textArea: TemplateTextAreaSchema,
    defaultContent: z.string(),
    defaultContentHi: z.string().nullable(),
    defaultHashtags: z.array(z.string()),
    sortOrder: z.number().int(),
  })
  .meta({ id: 'Template' });
export type Template = z.infer<typeof TemplateSchema>;

/** A template's picture text and post text in a language: the Hindi ones when written, else the English. */
export function templateWording(
  template: Pick<Template, 'text' | 'textHi' | 'defaultContent' | 'defaultContentHi'>,
  language: Language,
): { text: string; defaultContent: string } {
  const hindi = language === 'hi';
  return {
    text: (hindi && template.textHi) || template.text,
    defaultContent: (hindi && template.defaultContentHi) || template.defaultContent,
  };
}

export const TemplateListQuerySchema = z.object({
  category: z.string().trim().max(80, 'category must be at most 80 characters').optional(),
});
export const TemplateParamsSchema = z.object({ id: z.uuid({ error: 'Template not found' }) });

export const TEMPLATE_MESSAGES = {
  notFound: 'Template not found',
  offerTooLong: 'The offer line must be at most 80 characters',
  backgroundMissing: 'This template’s picture is not available right now. Please choose another template.',
} as const;

/** The business's own words for a template image; everything else comes from the profile. */
export const RenderTemplateRequestSchema = z
  .object({
    offer: z.string().trim().max(80, TEMPLATE_MESSAGES.offerTooLong).optional(),
    mrpPaise: PricePaiseSchema,
    ourPricePaise: PricePaiseSchema,
    validUntil: ValidUntilSchema,
    /** The language of the picture's words (the owner's screen); Hindi falls back to English where the template has none. */
    language: z.enum(LANGUAGES).default('en'),
  })
  .superRefine((v, ctx) => {
    const issue = priceIssue(v.mrpPaise, v.ourPricePaise);
    if (issue) ctx.addIssue({ code: 'custom', ...issue });
  })
  .prefault({});
export type RenderTemplateRequest = z.input<typeof RenderTemplateRequestSchema>;

export const TEMPLATE_PLACEHOLDERS = [
  'businessName',
  'city',
  'phone',
  'offer',
  'mrp',
  'price',
  'discount',
  'validUntil',
] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];
export type TemplateValues = Partial<Record<TemplatePlaceholder, string>>;

const DATE_OPTIONS: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' };
const indianDate: Record<Language, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-IN', DATE_OPTIONS),
  hi: new Intl.DateTimeFormat('hi-IN', DATE_OPTIONS),
};
const DISCOUNT_WORD: Record<Language, string> = { en: 'OFF', hi: 'छूट' };

/**
 * The placeholder values for a business and its offer: prices in rupees, the date as India reads it,
 * the discount and the date in the template's language (the business's own words stay as written).
 */
export function templateValues(input: {
  businessName: string;
  city?: string | null;
  phone?: string | null;
  offer?: string | null;
  mrpPaise?: number | null;
  ourPricePaise?: number | null;
  /** An instant (ISO) or a YYYY-MM-DD day. */
  validUntil?: string | null;
  language?: Language;
}): TemplateValues {
  const language = input.language ?? 'en';
  const mrp = input.mrpPaise ?? null;
  const price = input.ourPricePaise ?? null;
  const discount = discountPercent(mrp, price);
  const until = input.validUntil
    ? new Date(/T/.test(input.validUntil) ? input.validUntil : `${input.validUntil}T12:00:00+05:30`)
    : null;
  return {
    businessName: input.businessName.trim(),
    city: input.city?.trim() || undefined,
    phone: displayIndianPhone(input.phone) ?? undefined,
    offer: input.offer?.trim() || undefined,
    mrp: mrp !== null ? formatRupees(mrp) : undefined,
    price: price !== null ? formatRupees(price) : undefined,
    discount: discount !== null ? `${discount}% ${DISCOUNT_WORD[language]}` : undefined,
    validUntil: until && !Number.isNaN(until.getTime()) ? indianDate[language].format(until) : undefined,
  };
}

export type TemplateLine = { text: string; headline: boolean };

const PLACEHOLDER = /\{(\w+)\}/g;

function isPlaceholder(name: string): name is TemplatePlaceholder {
  return (TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name);
}

function fillLine(line: string, values: TemplateValues): string | null {
  let missing = false;
  const filled = line.replace(PLACEHOLDER, (whole, name: string) => {
    if (!isPlaceholder(name)) return whole;
    const value = values[name];
    if (!value) missing = true;
    return value ?? '';
  });
  return missing ? null : filled.trim();
}

/**
 * A template's text filled in, line by line: a line whose placeholders have no value is left out
 * (no 'MRP ' without a price); unknown placeholders stay as written, so a typo shows. The server's
 * image and the web's preview both use this.
 */
export function fillTemplateLines(text: string, values: TemplateValues): TemplateLine[] {
  const lines: TemplateLine[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const headline = raw.startsWith('# ');
    const filled = fillLine(headline ? raw.slice(2) : raw, values);
    if (filled) lines.push({ text: filled, headline });
  }
  return lines;
}

/** A template's default post text filled in: same rules, blank lines (paragraphs) kept. */
export function fillTemplateText(text: string, values: TemplateValues): string {
  return text
    .split(/\r?\n/)
    .map((line) => (line.trim() === '' ? '' : fillLine(line, values)))
    .filter((line): line is string => line !== null)
    .join('\n')
    .trim();
}
