import { z } from 'zod';

/** Admin record (docs/product.md §3), created or updated at each admin login. */
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

const MessageCountsSchema = z.object({
  sent: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
});

/** The /admin dashboard's figures. Views are counted per India calendar day (ADR 003). */
export const AdminStatsSchema = z
  .object({
    businesses: z.number().int(),
    posts: z.number().int(),
    likes: z.number().int(),
    viewsToday: z.number().int(),
    views7Days: z.number().int(),
    newBusinesses7Days: z.number().int(),
    /** Platform-wide messaging over the same last 7 days (ADR 050). */
    messaging: z.object({
      /** Businesses with a WhatsApp number connected (now). */
      whatsappConnected: z.number().int(),
      /** Customers' WhatsApp messages received by every business's inbox. */
      whatsappInbound: z.number().int(),
      /** SMS handed to the gateway, and how many of them were delivered or failed so far. */
      sms: MessageCountsSchema,
      /** WhatsApp messages Meta accepted (campaigns, template and free replies), and their outcome so far. */
      whatsapp: MessageCountsSchema,
    }),
  })
  .meta({ id: 'AdminStats' });
export type AdminStats = z.infer<typeof AdminStatsSchema>;

/**
 * "Rising abnormally fast": a post's likes, views or shares (each counted per server-issued visitor
 * id) in the last hour are at least ENGAGEMENT_SPIKE_MIN_PER_HOUR and at least ENGAGEMENT_SPIKE_FACTOR
 * times its hourly average over the 24 hours before (an average below 1 counts as 1). Shown to the
 * admin to look at, never used to block anyone: many real people share one mobile IP.
 */
export const ENGAGEMENT_SPIKE_MIN_PER_HOUR = 50;
export const ENGAGEMENT_SPIKE_FACTOR = 10;
export const ENGAGEMENT_KINDS = ['likes', 'views', 'shares'] as const;

export const EngagementSpikeSchema = z
  .object({
    postId: z.string(),
    businessId: z.string(),
    businessName: z.string(),
    /** The start of the post's text, to recognise it. */
    content: z.string(),
    kind: z.enum(ENGAGEMENT_KINDS),
    lastHour: z.number().int(),
    /** Hourly average over the 24 hours before the last hour. */
    hourlyAverage: z.number(),
  })
  .meta({ id: 'EngagementSpike' });
export type EngagementSpike = z.infer<typeof EngagementSpikeSchema>;
export const EngagementSpikeListSchema = z.array(EngagementSpikeSchema).meta({ id: 'EngagementSpikeList' });

/** How soon after signing up an account's paying for SMS before adding money is shown to the admin. */
export const WELCOME_SMS_WINDOW_MIN = 60;
/** How far back the admin's list of such accounts looks, in days. */
export const WELCOME_SMS_LOOKBACK_DAYS = 30;

/**
 * An account that paid for SMS within WELCOME_SMS_WINDOW_MIN of signing up, before adding any money
 * (docs/product.md §10): the shape of a throwaway account spending its welcome credit on messages.
 * Shown to the admin to look at; the welcome credit itself pays only once the address is confirmed.
 */
export const WelcomeSmsSpenderSchema = z
  .object({
    userId: z.string(),
    email: z.string(),
    businessName: z.string(),
    emailVerified: z.boolean(),
    createdAt: z.string(),
    firstChargeAt: z.string(),
    /** Paid for those campaigns, in paise. */
    chargedPaise: z.number().int(),
    campaigns: z.number().int(),
  })
  .meta({ id: 'WelcomeSmsSpender' });
export type WelcomeSmsSpender = z.infer<typeof WelcomeSmsSpenderSchema>;
export const WelcomeSmsSpenderListSchema = z.array(WelcomeSmsSpenderSchema).meta({ id: 'WelcomeSmsSpenderList' });
