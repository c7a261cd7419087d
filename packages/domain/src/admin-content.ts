import { z } from 'zod';
import { MAX_BUSINESS_CATEGORIES } from './constants';
import { SITE_PAGE_SLUGS } from './pages';
import { LANGUAGES } from './language';
import { TEMPLATE_KINDS, TemplateSchema, TemplateTextAreaSchema } from './templates';
import { UpdateProfileRequestSchema } from './user';

/** Every admin change carries an optional note for the audit log; some require one. */
const ReasonSchema = z.string().trim().max(500, 'The reason must be at most 500 characters').optional();

/** Server-paged admin lists: a page of rows and the total that matched. */
export const ADMIN_PAGE_SIZE = 25;
/**
 * Business cards are counted up to this many: past it the list says "more than" instead of reading
 * every account for an exact figure on each page (docs/performance.md, Admin lists).
 */
export const ADMIN_COUNT_CAP = 10_000;
/**
 * A search's matches are counted up to this many (four pages): counting every account a shared name
 * matches read each of them (~2,000 blocks for a name 1,000 accounts share; ADR 017).
 */
export const ADMIN_SEARCH_COUNT_CAP = 100;
export const AdminListQuerySchema = z.object({
  q: z.string().trim().max(100, 'Search at most 100 characters').optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const ADMIN_CONTENT_MESSAGES = {
  businessNotFound: 'Business not found',
  templateNotFound: 'Template not found',
  categoryNotFound: 'Category not found',
  categoryExists: 'A category with this name already exists',
  mergeIntoItself: 'Choose a different category to merge into',
  categoryInUse: 'Templates still use this category: move or merge them first',
  windowOrder: 'The window must end on or after the day it starts',
  colorInvalid: 'Colours are written like #ffffff',
  backgroundNotOurs: 'Upload the background first: only images uploaded to Aaspaas can be used',
} as const;

// --- Business cards -------------------------------------------------------------------------

export const BusinessCardSchema = z
  .object({
    userId: z.string(),
    email: z.string(),
    businessName: z.string(),
    businessPhone: z.string().nullable(),
    businessAddress: z.string().nullable(),
    businessCategories: z.array(z.string()),
    profileImageUrl: z.string().nullable(),
    city: z.string().nullable(),
    status: z.string(),
    verified: z.boolean(),
    featured: z.boolean(),
    updatedAt: z.string(),
  })
  .meta({ id: 'BusinessCard' });
export type BusinessCard = z.infer<typeof BusinessCardSchema>;

export const BusinessCardPageSchema = z
  .object({
    items: z.array(BusinessCardSchema),
    /** How many matched, up to ADMIN_COUNT_CAP (ADMIN_SEARCH_COUNT_CAP for a search). */
    total: z.number().int(),
    /** More than the cap matched: `total` is the cap. */
    totalCapped: z.boolean(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: 'BusinessCardPage' });
export type BusinessCardPage = z.infer<typeof BusinessCardPageSchema>;

export const BusinessCardParamsSchema = z.object({ userId: z.uuid({ error: ADMIN_CONTENT_MESSAGES.businessNotFound }) });

/** The admin edits what the profile editor edits, with the same rules, plus the two marks. */
export const UpdateBusinessCardRequestSchema = z
  .object({
    businessName: UpdateProfileRequestSchema.shape.businessName,
    businessPhone: UpdateProfileRequestSchema.shape.businessPhone,
    businessAddress: UpdateProfileRequestSchema.shape.businessAddress,
    businessCategories: z.array(z.string().trim().min(1).max(40)).max(MAX_BUSINESS_CATEGORIES).optional(),
    /** Clearing the photo is allowed; setting another is the owner's job (their own upload). */
    removePhoto: z.boolean().optional(),
    verified: z.boolean().optional(),
    featured: z.boolean().optional(),
    reason: ReasonSchema,
  })
  .meta({ id: 'UpdateBusinessCardRequest' });
export type UpdateBusinessCardRequest = z.input<typeof UpdateBusinessCardRequestSchema>;

// --- Categories -----------------------------------------------------------------------------

/** Template categories group templates; business categories are the feed's category menu (docs/product.md). */
export const CATEGORY_KINDS = ['business', 'template'] as const;
export type CategoryKind = (typeof CATEGORY_KINDS)[number];

export const AdminCategorySchema = z
  .object({
    id: z.string(),
    kind: z.enum(CATEGORY_KINDS),
    name: z.string(),
    nameHi: z.string().nullable(),
    sortOrder: z.number().int(),
    retired: z.boolean(),
  })
  .meta({ id: 'AdminCategory' });
export type AdminCategory = z.infer<typeof AdminCategorySchema>;

const CategoryNameSchema = z
  .string()
  .trim()
  .min(2, 'A category name needs at least 2 characters')
  .max(40, 'A category name must be at most 40 characters');
/** The Hindi name: empty clears it (the English name is shown). */
const HindiNameSchema = z
  .string()
  .trim()
  .max(60, 'A Hindi name must be at most 60 characters')
  .transform((v) => v || null)
  .nullable();

/** A Hindi text beside an English one: blank (only spaces or line breaks) is no Hindi text. */
const HindiTextSchema = (max: number, message: string) =>
  z
    .string()
    .max(max, message)
    .transform((v) => (v.trim() ? v : null))
    .nullable()
    .default(null);

export const CategoryKindParamsSchema = z.object({ kind: z.enum(CATEGORY_KINDS, { error: 'Category not found' }) });
export const CategoryParamsSchema = CategoryKindParamsSchema.extend({
  id: z.uuid({ error: ADMIN_CONTENT_MESSAGES.categoryNotFound }),
});
export const CreateCategoryRequestSchema = z.object({
  name: CategoryNameSchema,
  nameHi: HindiNameSchema.optional(),
  reason: ReasonSchema,
});
export const UpdateCategoryRequestSchema = z.object({
  name: CategoryNameSchema.optional(),
  nameHi: HindiNameSchema.optional(),
  retired: z.boolean().optional(),
  reason: ReasonSchema,
});
export const ReorderCategoriesRequestSchema = z.object({
  ids: z
    .array(z.uuid({ error: ADMIN_CONTENT_MESSAGES.categoryNotFound }))
    .min(1)
    .max(500),
  reason: ReasonSchema,
});
export const MergeCategoryRequestSchema = z.object({
  intoId: z.uuid({ error: ADMIN_CONTENT_MESSAGES.categoryNotFound }),
  reason: ReasonSchema,
});

// --- Templates ------------------------------------------------------------------------------

const HexColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, ADMIN_CONTENT_MESSAGES.colorInvalid);
const DaySchema = z.iso.date({ error: 'Days are written YYYY-MM-DD' });

/** A template as the admin sees it: published or not, and the days it is offered (India days, inclusive). */
export const AdminTemplateSchema = TemplateSchema.extend({
  categoryId: z.string(),
  published: z.boolean(),
  /** A festival set's name (Diwali, Holi, …), shown to the admin; null for every-day templates. */
  occasion: z.string().nullable(),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  updatedAt: z.string(),
}).meta({ id: 'AdminTemplate' });
export type AdminTemplate = z.infer<typeof AdminTemplateSchema>;

export const AdminTemplatePageSchema = z
  .object({ items: z.array(AdminTemplateSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() })
  .meta({ id: 'AdminTemplatePage' });
export type AdminTemplatePage = z.infer<typeof AdminTemplatePageSchema>;

export const SaveTemplateRequestSchema = z
  .object({
    categoryId: z.uuid({ error: ADMIN_CONTENT_MESSAGES.categoryNotFound }),
    title: z.string().trim().min(2, 'A title needs at least 2 characters').max(80),
    titleHi: HindiNameSchema.default(null),
    kind: z.enum(TEMPLATE_KINDS),
    backgroundUrl: z.string().trim().min(1, 'Choose a background picture').max(500),
    text: z.string().max(600, 'The picture text must be at most 600 characters'),
    /** The picture text in Hindi; empty: a Hindi screen gets the English one. */
    textHi: HindiTextSchema(600, 'The Hindi picture text must be at most 600 characters'),
    textColor: HexColorSchema,
    textArea: TemplateTextAreaSchema.refine((a) => a.x + a.width <= 1.0001 && a.y + a.height <= 1.0001, {
      message: 'The text area must stay inside the picture',
    }),
    defaultContent: z.string().max(2000).default(''),
    defaultContentHi: HindiTextSchema(2000, 'The Hindi post text must be at most 2000 characters'),
    defaultHashtags: z.array(z.string().trim().min(1).max(40)).max(10).default([]),
    sortOrder: z.number().int().min(0).max(100_000).default(0),
    published: z.boolean().default(false),
    occasion: z.string().trim().max(40).nullable().default(null),
    startsOn: DaySchema.nullable().default(null),
    endsOn: DaySchema.nullable().default(null),
    reason: ReasonSchema,
  })
  .refine((v) => !v.startsOn || !v.endsOn || v.startsOn <= v.endsOn, {
    message: ADMIN_CONTENT_MESSAGES.windowOrder,
    path: ['endsOn'],
  })
  .meta({ id: 'SaveTemplateRequest' });
export type SaveTemplateRequest = z.input<typeof SaveTemplateRequestSchema>;

export const PublishTemplateRequestSchema = z.object({ published: z.boolean(), reason: ReasonSchema });
export const AdminTemplateParamsSchema = z.object({ id: z.uuid({ error: ADMIN_CONTENT_MESSAGES.templateNotFound }) });

/** A draft drawn by the server renderer with sample business details (the admin's live preview). */
export const PreviewTemplateRequestSchema = z.object({
  /** Which sample details fill the text: the Hindi ones (discount, date) when previewing the Hindi text. */
  language: z.enum(LANGUAGES).default('en'),
  backgroundUrl: z.string().trim().min(1).max(500),
  text: z.string().max(600),
  textColor: HexColorSchema,
  textArea: TemplateTextAreaSchema,
});

/** The preview picture (a small JPEG) as a data URL an <img> shows directly. */
export const TemplatePreviewSchema = z.object({ image: z.string() }).meta({ id: 'TemplatePreview' });

/** Festival sets offered in the template form's occasion field. */
export const TEMPLATE_OCCASIONS = ['Diwali', 'Holi', 'Eid', 'Pongal', 'Independence Day', 'Republic Day', 'Christmas'] as const;

// --- Site pages -----------------------------------------------------------------------------

export const SITE_PAGE_BODY_MAX = 50_000;

export const SitePageVersionSchema = z
  .object({
    id: z.string(),
    slug: z.enum(SITE_PAGE_SLUGS),
    title: z.string(),
    body: z.string(),
    publishedAt: z.string(),
    publishedBy: z.string().nullable(),
  })
  .meta({ id: 'SitePageVersion' });
export type SitePageVersion = z.infer<typeof SitePageVersionSchema>;
export const SitePageVersionListSchema = z.array(SitePageVersionSchema).meta({ id: 'SitePageVersionList' });

export const PublishSitePageRequestSchema = z
  .object({
    title: z.string().trim().min(2, 'A title needs at least 2 characters').max(120),
    body: z
      .string()
      .max(SITE_PAGE_BODY_MAX, `A page must be at most ${SITE_PAGE_BODY_MAX} characters`)
      .refine((b) => b.trim().length > 0, 'Write the page before publishing it'),
    reason: ReasonSchema,
  })
  .meta({ id: 'PublishSitePageRequest' });
export type PublishSitePageRequest = z.input<typeof PublishSitePageRequestSchema>;

export const PreviewSitePageRequestSchema = z.object({ body: z.string().max(SITE_PAGE_BODY_MAX) });
export const RenderedMarkdownSchema = z.object({ html: z.string() }).meta({ id: 'RenderedMarkdown' });

/** Terms or privacy changed since the account last acknowledged them (shown once per account). */
export const POLICY_SLUGS = ['terms', 'privacy'] as const;
export const PolicyUpdateSchema = z
  .object({ updated: z.array(z.object({ slug: z.enum(POLICY_SLUGS), title: z.string(), publishedAt: z.string() })) })
  .meta({ id: 'PolicyUpdate' });
export type PolicyUpdate = z.infer<typeof PolicyUpdateSchema>;
