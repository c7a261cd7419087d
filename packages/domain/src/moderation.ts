import { z } from 'zod';
import { AUTH_MESSAGES } from './auth';

/** What a visitor can report a post for (docs/product.md §2, Admin routes). */
export const POST_REPORT_REASONS = ['spam', 'offensive', 'misleading-price', 'not-local', 'other'] as const;
export type PostReportReason = (typeof POST_REPORT_REASONS)[number];

/** What the admin can hide a post for; the owner sees the reason and the admin's note. */
export const POST_HIDE_REASONS = ['spam', 'offensive', 'misleading-price', 'not-local', 'prohibited', 'other'] as const;
export type PostHideReason = (typeof POST_HIDE_REASONS)[number];

/** Hidden without an admin's decision: by visitors' reports, or with its suspended business. */
export const POST_HIDDEN_BY_SYSTEM = ['reports', 'suspended'] as const;
export type PostHiddenReason = PostHideReason | (typeof POST_HIDDEN_BY_SYSTEM)[number];

/**
 * Default of REPORTS_AUTO_HIDE_THRESHOLD: distinct networks whose visitors' reports hide a post until
 * the admin looks (new visitors' reports not counted, ADR 048).
 */
export const REPORTS_AUTO_HIDE_THRESHOLD_DEFAULT = 3;
/** Reports one visitor may send in an hour (and ten times that per IP: many people share one mobile IP). */
export const REPORTS_PER_VISITOR_PER_HOUR = 10;

export const MODERATION_NOTE_MAX = 500;
export const ADMIN_LIST_PAGE_MAX = 100;

export const MODERATION_MESSAGES = {
  reported: 'Thank you. The admin will look at this post.',
  alreadyReported: 'You have already reported this post. The admin will look at it.',
  noteRequired: 'Please say why in a few words',
  noteTooLong: `Keep the note to at most ${MODERATION_NOTE_MAX} characters`,
  reasonRequired: 'Choose a reason',
  postNotFound: 'Post not found',
  userNotFound: 'User not found',
  notHidden: 'This post is not hidden',
  hiddenCannotRepost: 'This post is hidden by the admin: ask for a review instead of posting it again',
  hiddenWithBusiness: 'This post is hidden because its business is suspended: reinstate the business to show it',
  alreadyHidden: 'This post is hidden already',
  reviewRequested: 'Thank you. The admin will look at your post again.',
  reviewAlreadyRequested: 'You have already asked for a review of this post. The admin will look at it.',
  cannotSuspendAdmin: 'The admin account cannot be suspended',
  alreadySuspended: 'This account is suspended already',
  notSuspended: 'This account is not suspended',
  resetLinkSent: 'A password-reset link was sent to the account’s email address.',
  resetLinkUnverified: 'This account’s email address is not verified, so no reset link can be sent to it.',
  cursorMalformed: 'cursor is malformed: use the nextCursor value of the previous page',
} as const;

/** The message a suspended account gets when it tries to sign in or refresh. */
export function accountSuspendedMessage(reason: string | null): string {
  return reason ? `This account is suspended: ${reason}. Please contact support.` : AUTH_MESSAGES.accountSuspended;
}

const note = z.string().trim().max(MODERATION_NOTE_MAX, { error: MODERATION_MESSAGES.noteTooLong });

export const ReportPostRequestSchema = z
  .object({
    reason: z.enum(POST_REPORT_REASONS, { error: MODERATION_MESSAGES.reasonRequired }),
    note: note.optional(),
  })
  .meta({ id: 'ReportPostRequest' });
export type ReportPostRequest = z.infer<typeof ReportPostRequestSchema>;

export const ReportPostResponseSchema = z.object({ message: z.string(), alreadyReported: z.boolean() });

/** A reason chosen from the list, with a note; 'other' needs the note. */
export const HidePostRequestSchema = z
  .object({
    reason: z.enum(POST_HIDE_REASONS, { error: MODERATION_MESSAGES.reasonRequired }),
    note: note.optional(),
  })
  .refine((v) => v.reason !== 'other' || (v.note ?? '').length > 0, { error: MODERATION_MESSAGES.noteRequired, path: ['note'] })
  .meta({ id: 'HidePostRequest' });
export type HidePostRequest = z.infer<typeof HidePostRequestSchema>;

/** A note for actions whose reason is optional (unhide, delete, dismiss, reinstate). */
export const AdminNoteRequestSchema = z.object({ note: note.optional() }).meta({ id: 'AdminNoteRequest' });

export const SuspendUserRequestSchema = z
  .object({
    reason: z
      .string()
      .trim()
      .min(1, { error: MODERATION_MESSAGES.noteRequired })
      .max(MODERATION_NOTE_MAX, { error: MODERATION_MESSAGES.noteTooLong }),
  })
  .meta({ id: 'SuspendUserRequest' });

const boolFlag = z.enum(['true', 'false']).transform((v) => v === 'true');
const cursor = z.string().max(200).optional();

/** GET /api/admin/posts: every post, newest first (the queue's filters sort by their own time). */
export const AdminPostListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  businessId: z.uuid({ error: 'Business not found' }).optional(),
  city: z.string().trim().max(80).optional(),
  category: z.string().trim().max(80).optional(),
  hidden: boolFlag.optional(),
  /** Posts with reports the admin has not decided on, latest report first. */
  reported: boolFlag.optional(),
  /** Posts whose owner asked for a review, latest request first. */
  appealed: boolFlag.optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_LIST_PAGE_MAX).default(25),
  cursor,
});
export type AdminPostListQuery = z.input<typeof AdminPostListQuerySchema>;
export type AdminPostListFilters = z.output<typeof AdminPostListQuerySchema>;

/**
 * The open reports of a post from one network (an IPv4 /24 or IPv6 /48; '' for reports from before
 * networks were kept): how many, how many of them from new visitors' ids, and why.
 */
export const ReportSourceSchema = z
  .object({
    network: z.string(),
    reports: z.number().int(),
    /** Sent with ids issued beyond their address's hourly ration: never counted toward hiding. */
    newVisitors: z.number().int(),
    reasons: z.record(z.string(), z.number().int()),
  })
  .meta({ id: 'ReportSource' });
export type ReportSource = z.infer<typeof ReportSourceSchema>;

export const AdminPostSchema = z
  .object({
    id: z.string(),
    businessId: z.string(),
    businessName: z.string(),
    businessStatus: z.string(),
    content: z.string(),
    category: z.string(),
    city: z.string().nullable(),
    image: z.string().nullable(),
    createdAt: z.string(),
    hiddenAt: z.string().nullable(),
    hiddenReason: z.string().nullable(),
    hiddenNote: z.string().nullable(),
    reviewRequestedAt: z.string().nullable(),
    openReports: z.number().int(),
    /** Open reports per reason. */
    reportReasons: z.record(z.string(), z.number().int()),
    /** Open reports grouped by the reporters' networks, most first (ADR 048). */
    reportSources: z.array(ReportSourceSchema),
  })
  .meta({ id: 'AdminPost' });
export type AdminPost = z.infer<typeof AdminPostSchema>;

export const AdminPostPageSchema = z
  .object({
    posts: z.array(AdminPostSchema),
    nextCursor: z.string().nullable(),
    /**
     * A search that stopped walking the list before it filled the page (ADR 017): the time (of the
     * list's order) of the oldest post it looked at; `nextCursor` continues with older posts. Null when
     * the page is complete.
     */
    searchedTo: z.string().nullable(),
  })
  .meta({ id: 'AdminPostPage' });
export type AdminPostPage = z.infer<typeof AdminPostPageSchema>;

export const USER_STATUSES = ['active', 'suspended'] as const;

/** GET /api/admin/users: every account, newest first. */
export const AdminUserListQuerySchema = z.object({
  /** Matches email, name, phone or business name. */
  q: z.string().trim().max(100).optional(),
  status: z.enum(USER_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_LIST_PAGE_MAX).default(25),
  cursor,
});
export type AdminUserListQuery = z.input<typeof AdminUserListQuerySchema>;

export const AdminUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    name: z.string(),
    businessName: z.string(),
    phone: z.string().nullable(),
    city: z.string().nullable(),
    status: z.enum(USER_STATUSES),
    suspensionReason: z.string().nullable(),
    suspendedAt: z.string().nullable(),
    /** 'password', 'google', … */
    signInMethods: z.array(z.string()),
    lastSignInAt: z.string().nullable(),
    postCount: z.number().int(),
    balancePaise: z.number().int(),
    isAdmin: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUserPageSchema = z
  .object({ users: z.array(AdminUserSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'AdminUserPage' });
export type AdminUserPage = z.infer<typeof AdminUserPageSchema>;

export const AdminUserParamsSchema = z.object({ id: z.uuid({ error: MODERATION_MESSAGES.userNotFound }) });
export const AdminPostParamsSchema = z.object({ id: z.uuid({ error: MODERATION_MESSAGES.postNotFound }) });

/** The dashboard's activity: one point per India day, oldest first, the last one today. */
export const AdminActivityDaySchema = z.object({
  day: z.string(),
  businesses: z.number().int(),
  posts: z.number().int(),
  views: z.number().int(),
});
export const AdminActivitySchema = z
  .object({
    days: z.array(AdminActivityDaySchema),
    queue: z.object({ reported: z.number().int(), appeals: z.number().int(), hidden: z.number().int() }),
  })
  .meta({ id: 'AdminActivity' });
export type AdminActivity = z.infer<typeof AdminActivitySchema>;
export const ADMIN_ACTIVITY_DAYS = 30;
