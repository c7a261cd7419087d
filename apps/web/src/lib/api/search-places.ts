/** GET /api/geo/search?q= (India only, up to 8 results): the feed's place search and the profile's location. */
import { PLACE_SEARCH_MAX_RESULTS, type GeoSuggestion } from '@aaspaas/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const PLACE_QUERY_MIN = 2;

export function searchPlaces(q: string, signal?: AbortSignal): Promise<GeoSuggestion[]> {
  return api
    .get<GeoSuggestion[] | null>('/api/geo/search', { params: { q, limit: PLACE_SEARCH_MAX_RESULTS }, signal })
    .then((r) => (r ?? []).slice(0, PLACE_SEARCH_MAX_RESULTS));
}

export function placeSearchQueryOptions(q: string) {
  return queryOptions({
    queryKey: ['geo', 'search', q.toLowerCase()],
    queryFn: ({ signal }) => searchPlaces(q, signal),
    staleTime: 60 * 60 * 1000,
  });
}

export function usePlaceSearch(q: string) {
  const trimmed = q.trim();
  return useQuery({ ...placeSearchQueryOptions(trimmed), enabled: trimmed.length >= PLACE_QUERY_MIN, retry: 1 });
}
