import { z } from 'zod';
import { ANALYTICS_BATCH_MAX, ANALYTICS_PROP_KEY_MAX, ANALYTICS_PROP_VALUE_MAX, ANALYTICS_PROPS_MAX } from './constants';

/** The client's analytics events (docs/product.md §7). */
export const ANALYTICS_EVENTS = [
  'page_view',
  'post_like',
  'post_view',
  'post_share',
  'post_whatsapp',
  'business_view_open',
  'feed_engagement',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

export const AnalyticsEventSchema = z.object({
  name: z.enum(ANALYTICS_EVENTS, { error: `name must be one of ${ANALYTICS_EVENTS.join(', ')}` }),
  postId: z.uuid().optional(),
  businessId: z.uuid().optional(),
  path: z.string().max(300).optional(),
  /** Milliseconds since the epoch on the client; the server keeps its own time too. */
  ts: z.number().int().optional(),
  /** A few small details of the event (how a post was shared, say): capped in number and size. */
  props: z
    .record(
      z.string().min(1).max(ANALYTICS_PROP_KEY_MAX, `props keys are at most ${ANALYTICS_PROP_KEY_MAX} characters`),
      z.union([z.string().max(ANALYTICS_PROP_VALUE_MAX), z.number(), z.boolean()]),
    )
    .refine((props) => Object.keys(props).length <= ANALYTICS_PROPS_MAX, {
      error: `props holds at most ${ANALYTICS_PROPS_MAX} keys`,
    })
    .optional(),
});
export type AnalyticsEvent = z.infer<typeof AnalyticsEventSchema>;

export const AnalyticsBatchSchema = z.object({
  events: z
    .array(AnalyticsEventSchema)
    .min(1, 'events must not be empty')
    .max(ANALYTICS_BATCH_MAX, `A batch holds at most ${ANALYTICS_BATCH_MAX} events`),
});
export type AnalyticsBatch = z.infer<typeof AnalyticsBatchSchema>;
export const AnalyticsBatchResponseSchema = z.object({ success: z.boolean(), accepted: z.number().int() });
