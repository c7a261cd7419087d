import { z } from 'zod';

/** Geocode suggestion (docs/product.md §3). */
export const GeoSuggestionSchema = z
  .object({ display_name: z.string(), lat: z.number(), lon: z.number() })
  .meta({ id: 'GeoSuggestion' });
export type GeoSuggestion = z.infer<typeof GeoSuggestionSchema>;
export const GeoSearchQuerySchema = z.object({
  q: z.string().trim().min(2, 'q must be at least 2 characters').max(100, 'q must be at most 100 characters'),
  limit: z.coerce.number().int().min(1).max(8, 'limit must be between 1 and 8').default(8),
});
/**
 * A latitude or longitude with a message that says the range: a schema's own `error` would also
 * answer "must be a number" for 91.
 */
export const latitude = (field = 'lat') =>
  z
    .number({ error: `${field} must be a number` })
    .min(-90, `${field} must be between -90 and 90`)
    .max(90, `${field} must be between -90 and 90`);
export const longitude = (field = 'lon') =>
  z
    .number({ error: `${field} must be a number` })
    .min(-180, `${field} must be between -180 and 180`)
    .max(180, `${field} must be between -180 and 180`);

export const GeoReverseQuerySchema = z.object({
  lat: z.coerce.number({ error: 'lat must be a number' }).pipe(latitude()),
  lon: z.coerce.number({ error: 'lon must be a number' }).pipe(longitude()),
});
export const GeoReverseResponseSchema = z.object({
  display_name: z.string(),
  locality: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
});
export type GeoReverse = z.infer<typeof GeoReverseResponseSchema>;

/** POST /api/geo/locate: a point, or source 'unknown' with null coordinates. */
export const LocateResponseSchema = z.object({
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  source: z.enum(['ip', 'unknown']),
  city: z.string().nullable().optional(),
});
export type LocateResponse = z.infer<typeof LocateResponseSchema>;

/** Saved manual location (docs/product.md §3). */
export const SavedLocationSchema = z.object({
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  source: z.enum(['manual', 'gps', 'ip']),
  timestamp: z.number(),
  label: z.string().optional(),
  accuracyM: z.number().optional(),
});
export type SavedLocation = z.infer<typeof SavedLocationSchema>;
