import type { GeoReverse } from '@aaspaas/domain';
import { api } from '@/lib/api-client';

/** GET /api/geo/reverse?lat=&lon=: the place at a point (locality, city, state). */
export function reverseGeocode(lat: number, lon: number, signal?: AbortSignal): Promise<GeoReverse> {
  return api.get<GeoReverse>('/api/geo/reverse', { params: { lat, lon }, signal });
}

/** 'Koramangala, Bengaluru' from a reverse geocode answer. */
export function reverseLabel(r: GeoReverse): string {
  const parts = [r.locality, r.city].filter((p): p is string => Boolean(p?.trim()));
  const unique = parts.filter((p, i) => parts.indexOf(p) === i);
  return unique.length > 0 ? unique.join(', ') : r.display_name.split(',').slice(0, 2).join(',').trim();
}
