import { distanceKm } from '@aaspaas/domain';

const KM_PER_DEGREE_LAT = 111.195;

/**
 * A grid the feed walks a circle's posts by (ADR 024): cells of 1/`perDegree`°, and how a post's cell
 * is written in SQL, matching an index whose key starts with it. A circle is walked on the grid whose
 * cells are about its radius, so it touches a handful of cells whatever its size: every cell is an
 * index range to find (3–5 buffers) and a branch of the statement.
 */
export type Grid = { perDegree: number; column: string };

/** 1/16° (~7 km): posts_cell(lat, lon, 16), posts_fine_cell_created_idx. */
export const FINE_GRID: Grid = { perDegree: 16, column: 'posts_cell(p.lat, p.lon, 16)' };
/** 0.25° (~28 km): the generated column posts.cell, posts_cell_created_idx. */
export const QUARTER_GRID: Grid = { perDegree: 4, column: 'p.cell' };
/** 1° (~111 km): posts_cell(lat, lon, 1), posts_coarse_cell_created_idx. */
export const COARSE_GRID: Grid = { perDegree: 1, column: 'posts_cell(p.lat, p.lon, 1)' };

/** Finest first: a circle takes the first whose cells are at least as tall as its radius. */
const GRIDS = [FINE_GRID, QUARTER_GRID, COARSE_GRID];

/** How a cell is numbered: posts.cell's own formula (row × 1000 + column) for 0.25°, posts_cell's (× 10000) for the others. */
function cellKey(grid: Grid, row: number, column: number): number {
  return row * (grid === QUARTER_GRID ? 1000 : 10000) + column;
}

export function cellOf(lat: number, lon: number, grid: Grid = QUARTER_GRID): number {
  return cellKey(grid, Math.floor(lat * grid.perDegree), Math.floor(lon * grid.perDegree));
}

/** The grid a circle of this radius is walked on: the finest whose cells are at least as tall as the radius. */
export function gridFor(radiusKm: number): Grid {
  return GRIDS.find((g) => KM_PER_DEGREE_LAT / g.perDegree >= radiusKm) ?? COARSE_GRID;
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}

/**
 * The cells of `grid` that touch the circle: every cell whose nearest point to the centre is
 * within the radius (with a small margin for the spherical approximation).
 */
export function cellsForCircle(lat: number, lon: number, radiusKm: number, grid: Grid = QUARTER_GRID): number[] {
  const perDegree = grid.perDegree;
  const dLat = radiusKm / KM_PER_DEGREE_LAT;
  const farLat = Math.min(89.9, Math.max(Math.abs(lat - dLat), Math.abs(lat + dLat)));
  const dLon = Math.min(180, radiusKm / (KM_PER_DEGREE_LAT * Math.cos((farLat * Math.PI) / 180)));
  const step = 1 / perDegree;
  const cells = new Set<number>();
  for (let i = Math.floor((lat - dLat) * perDegree); i <= Math.floor((lat + dLat) * perDegree); i++) {
    for (let j = Math.floor((lon - dLon) * perDegree); j <= Math.floor((lon + dLon) * perDegree); j++) {
      const nearLat = clamp(lat, i * step, (i + 1) * step);
      const nearLon = clamp(lon, j * step, (j + 1) * step);
      if (distanceKm(lat, lon, nearLat, nearLon) <= radiusKm * 1.005) cells.add(cellKey(grid, i, j));
    }
  }
  return [...cells];
}
