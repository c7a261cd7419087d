import { distanceKm } from '@aaspaas/domain';

/** Cells per degree of the feed's grid: 0.25° (~28 km) cells, as posts.cell is generated. */
export const CELLS_PER_DEGREE = 4;
const KM_PER_DEGREE_LAT = 111.195;

export function cellOf(lat: number, lon: number): number {
  return Math.floor(lat * CELLS_PER_DEGREE) * 1000 + Math.floor(lon * CELLS_PER_DEGREE);
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}

/**
 * The grid cells that touch the circle: every cell whose nearest point to the centre is
 * within the radius (with a small margin for the spherical approximation).
 */
export function cellsForCircle(lat: number, lon: number, radiusKm: number): number[] {
  const dLat = radiusKm / KM_PER_DEGREE_LAT;
  const farLat = Math.min(89.9, Math.max(Math.abs(lat - dLat), Math.abs(lat + dLat)));
  const dLon = Math.min(180, radiusKm / (KM_PER_DEGREE_LAT * Math.cos((farLat * Math.PI) / 180)));
  const step = 1 / CELLS_PER_DEGREE;
  const cells = new Set<number>();
  for (let i = Math.floor((lat - dLat) * CELLS_PER_DEGREE); i <= Math.floor((lat + dLat) * CELLS_PER_DEGREE); i++) {
    for (let j = Math.floor((lon - dLon) * CELLS_PER_DEGREE); j <= Math.floor((lon + dLon) * CELLS_PER_DEGREE); j++) {
      const nearLat = clamp(lat, i * step, (i + 1) * step);
      const nearLon = clamp(lon, j * step, (j + 1) * step);
      if (distanceKm(lat, lon, nearLat, nearLon) <= radiusKm * 1.005) cells.add(i * 1000 + j);
    }
  }
  return [...cells];
}
