import { ACCURACY_HIGH_UNDER_M, ACCURACY_MEDIUM_UNDER_M } from './constants';

/** How sure a located point is, from its accuracy in metres (the location bar's words). */
export type AccuracyLabel = 'high' | 'medium' | 'low';
export function accuracyLabel(metres: number): AccuracyLabel {
  if (metres < ACCURACY_HIGH_UNDER_M) return 'high';
  if (metres < ACCURACY_MEDIUM_UNDER_M) return 'medium';
  return 'low';
}

const EARTH_RADIUS_KM = 6371.0088;
/** Great-circle distance in km (haversine). */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}
export { EARTH_RADIUS_KM };
