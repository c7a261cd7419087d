import { z } from 'zod';

/** Admin record (spec §3), created or updated at each admin login. */
export const AdminRecordSchema = z
  .object({
    uid: z.string(),
    email: z.string(),
    displayName: z.string().nullable(),
    photoURL: z.string().nullable(),
    isAdmin: z.boolean(),
    createdAt: z.string(),
    lastLogin: z.string(),
  })
  .meta({ id: 'AdminRecord' });
export type AdminRecord = z.infer<typeof AdminRecordSchema>;

/** The /admin dashboard's figures. Views are counted per India calendar day (ADR 003). */
export const AdminStatsSchema = z
  .object({
    businesses: z.number().int(),
    posts: z.number().int(),
    likes: z.number().int(),
    viewsToday: z.number().int(),
    views7Days: z.number().int(),
    newBusinesses7Days: z.number().int(),
  })
  .meta({ id: 'AdminStats' });
export type AdminStats = z.infer<typeof AdminStatsSchema>;
