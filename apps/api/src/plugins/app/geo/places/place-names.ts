import { distanceKm } from '@aaspaas/domain';
import { normalizeName } from './normalize-name';
import { PLACE_KIND_CITY, type PlacesIndex } from './places-types';

/** A locality's city is the nearest large city of its state within this distance, else its district. */
export const LOCALITY_CITY_MAX_KM = 20;

/** The city a place belongs to: a city is its own; a locality's is the nearest large city (same state, ≤ 20 km) or its district. */
export function cityNameOf(index: PlacesIndex, place: number): string | null {
  if (index.kind[place] === PLACE_KIND_CITY) return index.name[place] ?? null;
  const lat = index.lat[place]!;
  const lon = index.lon[place]!;
  const st = index.state[place]!;
  let best = -1;
  let bestKm = LOCALITY_CITY_MAX_KM;
  for (const c of index.majorCities) {
    if (index.state[c] !== st || Math.abs(index.lat[c]! - lat) > 0.25) continue;
    const km = distanceKm(lat, lon, index.lat[c]!, index.lon[c]!);
    if (km <= bestKm) {
      best = c;
      bestKm = km;
    }
  }
  if (best >= 0) return index.name[best]!;
  return index.districts[index.district[place]!]?.display ?? null;
}

/** The state a place is in. */
export function stateNameOf(index: PlacesIndex, place: number): string | null {
  return index.states[index.state[place]!]?.name ?? null;
}

/** "Koramangala, Bengaluru, Karnataka" for a locality, "Pune, Maharashtra" for a city (no repeated parts). */
export function displayNameOf(index: PlacesIndex, place: number): string {
  return joinDistinct([index.name[place]!, cityNameOf(index, place), stateNameOf(index, place)]);
}

/** Joins the parts that are present, skipping one that repeats an earlier part ("Pune, Pune, Maharashtra"). */
export function joinDistinct(parts: readonly (string | null | undefined)[]): string {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const p of parts) {
    if (!p) continue;
    const k = normalizeName(p);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(p);
  }
  return out.join(', ');
}
