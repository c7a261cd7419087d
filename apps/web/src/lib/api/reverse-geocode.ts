/**
 * GET /api/geo/reverse?lat=&lon=: the place at a point (locality, city, state), for the feed's
 * location bar, the profile's location and one post's place.
 */
import type { GeoReverse } from '@aaspaas/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function reverseGeocode(lat: number, lon: number, signal?: AbortSignal): Promise<GeoReverse> {
  return api.get<GeoReverse>('/api/geo/reverse', { params: { lat, lon }, signal });
}

export function reverseGeocodeQueryOptions(lat: number, lon: number) {
  const rlat = Math.round(lat * 1000) / 1000;
  const rlon = Math.round(lon * 1000) / 1000;
  return queryOptions({
    queryKey: ['geo', 'reverse', rlat, rlon],
    queryFn: ({ signal }) => reverseGeocode(rlat, rlon, signal),
    staleTime: Infinity,
  });
}

export function useReverseGeocode(point: { lat: number; lon: number } | null) {
  return useQuery({ ...reverseGeocodeQueryOptions(point?.lat ?? 0, point?.lon ?? 0), enabled: point !== null, retry: 1 });
}

/** 'Koramangala, Bengaluru' from a reverse geocode answer. */
export function placeLabel(r: GeoReverse): string {
  const parts = [r.locality, r.city].filter((p): p is string => Boolean(p?.trim()));
  const unique = parts.filter((p, i) => parts.indexOf(p) === i);
  return unique.length > 0 ? unique.join(', ') : r.display_name.split(',').slice(0, 2).join(',').trim();
}
