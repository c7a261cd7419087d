import { z } from 'zod';
import { OpenNowFields, OpeningHoursSchema } from './counter';

/** Business public profile (docs/product.md §3). */
export const BusinessProfileSchema = z
  .object({
    userId: z.string(),
    businessName: z.string(),
    businessPhone: z.string().nullable(),
    businessAddress: z.string().nullable(),
    businessDetails: z.string().nullable(),
    businessCategories: z.array(z.string()),
    profileImageUrl: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    postCount: z.number().int(),
    /** The admin checked this business (a badge on its page). */
    verified: z.boolean(),
    /** The admin features this business (a "Featured" mark; docs/product.md). */
    featured: z.boolean(),
    /** The week's opening hours (docs/product.md §3, Opening hours); null: the business has not said. */
    hours: OpeningHoursSchema.nullable(),
    /** Closed by the one-tap closure until then ("Closed today", "Back at 5 pm"); null when not. */
    closedUntil: z.string().nullable(),
    ...OpenNowFields,
    /** The shop's UPI ID, shown only when set. */
    upiId: z.string().nullable(),
  })
  .meta({ id: 'BusinessProfile' });
export type BusinessProfile = z.infer<typeof BusinessProfileSchema>;

export const BusinessParamsSchema = z.object({ userId: z.uuid({ error: 'Business not found' }) });
