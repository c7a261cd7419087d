import { z } from 'zod';

/**
 * What an admin action is called in the audit log (docs/product.md §2, Admin routes). Other parts of the admin area
 * add theirs here, so the log's filter can offer every one.
 */
export const ADMIN_AUDIT_ACTIONS = [
  'post.hide',
  'post.unhide',
  'post.delete',
  'post.dismiss-reports',
  'user.suspend',
  'user.reinstate',
  'user.password-reset-link',
  'user.wallet-adjust',
  'user.sign-in-lock-lift',
  'business-card.update',
  'template.create',
  'template.update',
  'template.publish',
  'template.unpublish',
  'category.create',
  'category.update',
  'category.reorder',
  'category.merge',
  'page.publish',
  'pricing.sms',
  'pricing.whatsapp',
  'pricing.posts',
  'pricing.plan',
  'campaign.stop',
] as const;

/** Kinds of things an admin action is done to. */
export const ADMIN_AUDIT_TARGETS = [
  'post',
  'user',
  'business',
  'template',
  'category',
  'page',
  'pricing',
  'plan',
  'campaign',
] as const;

export const ADMIN_AUDIT_PAGE_MAX = 100;

export const AdminAuditEntrySchema = z
  .object({
    id: z.string(),
    adminId: z.string(),
    adminEmail: z.string(),
    action: z.string(),
    targetType: z.string(),
    targetId: z.string(),
    before: z.unknown(),
    after: z.unknown(),
    reason: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminAuditEntry' });
export type AdminAuditEntry = z.infer<typeof AdminAuditEntrySchema>;

const isoDate = z.iso.date({ error: 'Dates must look like 2026-01-31' });

/** GET /api/admin/audit: newest first, keyset pages; every filter optional. */
export const AdminAuditQuerySchema = z.object({
  action: z.string().trim().max(60).optional(),
  targetType: z.string().trim().max(30).optional(),
  targetId: z.string().trim().max(100).optional(),
  /** The admin's email, exact (case-insensitive). */
  admin: z.string().trim().toLowerCase().max(254).optional(),
  /** India days, inclusive (ADR 003). */
  from: isoDate.optional(),
  to: isoDate.optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_AUDIT_PAGE_MAX).default(50),
  cursor: z
    .string()
    .regex(/^[0-9]{1,18}$/, { error: 'cursor is malformed: use the nextCursor value of the previous page' })
    .optional(),
});
export type AdminAuditQuery = z.input<typeof AdminAuditQuerySchema>;

export const AdminAuditPageSchema = z
  .object({
    entries: z.array(AdminAuditEntrySchema),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'AdminAuditPage' });
export type AdminAuditPage = z.infer<typeof AdminAuditPageSchema>;
