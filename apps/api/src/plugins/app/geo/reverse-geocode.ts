import { distanceKm, type GeoReverse } from '@aaspaas/domain';
import { cellOf, gridKey, GRID_DEG } from './places/pincode-grid';
import { cityNameOf, joinDistinct, stateNameOf } from './places/place-names';
import { PLACE_KIND_CITY, type PlacesIndex } from './places/places-types';
import { getPlacesIndex } from './places/shared-index';

/** A locality names the point when its pincode's point is this close. */
export const REVERSE_LOCALITY_MAX_KM = 30;
/** Else the nearest city names it ("Jaipur, Rajasthan") when it is this close. */
export const REVERSE_CITY_MAX_KM = 100;
/** A city farther than this is named as "Near …". */
const NEAR_CITY_KM = 15;

/** "12.9352, 77.6245": the label of a point nothing names. */
export function coordinatesLabel(lat: number, lon: number): string {
  return `${lat.toFixed(4)}, ${lon.toFixed(4)}`;
}

function nearestPincode(index: PlacesIndex, lat: number, lon: number, maxKm: number): number {
  const { pins } = index;
  const cl = cellOf(lat);
  const co = cellOf(lon);
  // Rings of cells until a ring's inner edge is farther than the best point found (or than maxKm).
  const kmPerDegLat = 111.2;
  const maxRing = Math.ceil(maxKm / (kmPerDegLat * GRID_DEG * Math.max(0.2, Math.cos((lat * Math.PI) / 180)))) + 1;
  let best = -1;
  let bestKm = maxKm;
  for (let ring = 0; ring <= maxRing; ring++) {
    if (best >= 0 && (ring - 1) * GRID_DEG * kmPerDegLat * Math.cos((Math.min(89, Math.abs(lat)) * Math.PI) / 180) > bestKm)
      break;
    for (let dl = -ring; dl <= ring; dl++) {
      for (let dn = -ring; dn <= ring; dn++) {
        if (Math.max(Math.abs(dl), Math.abs(dn)) !== ring) continue;
        const cell = pins.grid.get(gridKey(cl + dl, co + dn));
        if (!cell) continue;
        for (const p of cell) {
          const km = distanceKm(lat, lon, pins.lat[p]!, pins.lon[p]!);
          if (km <= bestKm) {
            best = p;
            bestKm = km;
          }
        }
      }
    }
  }
  return best;
}

function nearestCity(index: PlacesIndex, lat: number, lon: number, maxKm: number): { city: number; km: number } {
  let best = -1;
  let bestKm = maxKm;
  for (let i = 0; i < index.cityCount; i++) {
    if (index.kind[i] !== PLACE_KIND_CITY) continue;
    if (Math.abs(index.lat[i]! - lat) > maxKm / 111) continue;
    const km = distanceKm(lat, lon, index.lat[i]!, index.lon[i]!);
    if (km <= bestKm) {
      best = i;
      bestKm = km;
    }
  }
  return { city: best, km: bestKm };
}

/**
 * The label of a point for the location bar: the locality of the nearest pincode (within 30 km) with
 * its district and state ("Koramangala, Bengaluru, Karnataka"); else the nearest city within 100 km ("Near Jaisalmer, Rajasthan" beyond 15 km);
 * else (outside India, at sea) the coordinates.
 */
export function reverseGeocode(lat: number, lon: number, index: PlacesIndex = getPlacesIndex()): GeoReverse {
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) {
    return { display_name: 'Unknown location', locality: null, city: null, state: null };
  }
  const p = nearestPincode(index, lat, lon, REVERSE_LOCALITY_MAX_KM);
  const place = p >= 0 ? index.pins.label[p]! : -1;
  if (place >= 0) {
    const locality = index.name[place]!;
    const city = cityNameOf(index, place);
    const state = stateNameOf(index, place);
    return { display_name: joinDistinct([locality, city, state]), locality, city, state };
  }
  const { city: c, km } = nearestCity(index, lat, lon, REVERSE_CITY_MAX_KM);
  if (c >= 0) {
    const city = index.name[c]!;
    const state = stateNameOf(index, c);
    const label = joinDistinct([city, state]);
    return { display_name: km > NEAR_CITY_KM ? `Near ${label}` : label, locality: null, city, state };
  }
  return { display_name: coordinatesLabel(lat, lon), locality: null, city: null, state: null };
}
