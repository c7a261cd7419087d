/** GET /api/geo/reverse?lat=&lon=: the place at a point (locality, city, state). */
import type { GeoReverse } from '@aaspaas/domain';
import { api } from '@/lib/api-client';

export function reverseGeocode(lat: number, lon: number, signal?: AbortSignal): Promise<GeoReverse> {
  return api.get<GeoReverse>('/api/geo/reverse', { params: { lat, lon }, signal });
}
