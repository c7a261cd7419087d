/** GET /api/geo/search?q= (India only, up to 8 results): the feed's place search and the profile's location. */
import { PLACE_SEARCH_MAX_RESULTS, type GeoSuggestion } from '@aaspaas/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PLACE_SEARCH_DEBOUNCE_MS } from '@/config/geolocation';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
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

/**
 * Where a search box's text stands (docs/product.md §2/§9: 300 ms debounce, 'Searching…', 'No places found'):
 * 'hint' while fewer than PLACE_QUERY_MIN letters are typed, 'searching' until the debounced query
 * has answered, then 'failed' (with the server's message), 'none' or 'found'. Places only once settled.
 */
export type PlaceSearchStatus = 'idle' | 'hint' | 'searching' | 'failed' | 'none' | 'found';

export function usePlaceSearchAsYouType(text: string): {
  status: PlaceSearchStatus;
  errorMessage: string | null;
  places: GeoSuggestion[];
} {
  const typed = text.trim();
  const q = useDebouncedValue(typed, PLACE_SEARCH_DEBOUNCE_MS);
  const results = usePlaceSearch(q);
  const tooShort = typed.length < PLACE_QUERY_MIN;
  const settled = typed === q && !results.isFetching;
  if (typed.length === 0) return { status: 'idle', errorMessage: null, places: [] };
  if (tooShort) return { status: 'hint', errorMessage: null, places: [] };
  if (!settled) return { status: 'searching', errorMessage: null, places: [] };
  if (results.isError) return { status: 'failed', errorMessage: results.error.message || null, places: [] };
  const places = results.data ?? [];
  return { status: places.length === 0 ? 'none' : 'found', errorMessage: null, places };
}
