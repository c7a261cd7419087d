import { distanceKm } from '@aaspaas/domain';
import { describe, expect, it } from 'vitest';
import {
  COARSE_GRID,
  FINE_GRID,
  QUARTER_GRID,
  cellOf,
  cellsForCircle,
  chooseGrid,
  gridFor,
} from '#src/plugins/app/posts/feed-cells';

/** A point `km` from (lat, lon) at `bearing` degrees, on the sphere. */
function pointAt(lat: number, lon: number, km: number, bearing: number) {
  const d = km / 6371.0088;
  const b = (bearing * Math.PI) / 180;
  const la = (lat * Math.PI) / 180;
  const lo = (lon * Math.PI) / 180;
  const la2 = Math.asin(Math.sin(la) * Math.cos(d) + Math.cos(la) * Math.sin(d) * Math.cos(b));
  const lo2 = lo + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(la), Math.cos(d) - Math.sin(la) * Math.sin(la2));
  return { lat: (la2 * 180) / Math.PI, lon: (lo2 * 180) / Math.PI };
}

describe('the feed grids', () => {
  it('walks a circle on the grid whose cells are about its radius', () => {
    expect(gridFor(1)).toBe(FINE_GRID);
    expect(gridFor(6)).toBe(FINE_GRID);
    expect(gridFor(7.5)).toBe(QUARTER_GRID);
    expect(gridFor(25)).toBe(QUARTER_GRID);
    expect(gridFor(28)).toBe(COARSE_GRID);
    expect(gridFor(100)).toBe(COARSE_GRID);
    expect(gridFor(200)).toBe(COARSE_GRID);
  });

  it('keeps a circle to a handful of cells on its grid', () => {
    for (const [lat, lon] of [
      [19.076, 72.8777],
      [34.1526, 77.5771],
      [8.0883, 77.5385],
    ] as const) {
      for (const radiusKm of [1, 5, 7, 10, 25, 27, 50, 100, 200]) {
        const cells = cellsForCircle(lat, lon, radiusKm, gridFor(radiusKm));
        expect(cells.length, `${lat},${lon} ${radiusKm} km`).toBeLessThanOrEqual(radiusKm > 111 ? 25 : 16);
      }
    }
  });

  it('lists the cell of every point within the radius, on every grid', () => {
    for (const grid of [FINE_GRID, QUARTER_GRID, COARSE_GRID]) {
      for (const [lat, lon] of [
        [19.076, 72.8777],
        [28.0, 77.0],
        [34.1526, 77.5771],
      ] as const) {
        for (const radiusKm of [2, 7, 30, 120]) {
          const cells = new Set(cellsForCircle(lat, lon, radiusKm, grid));
          for (let bearing = 0; bearing < 360; bearing += 7.5) {
            for (const share of [0.3, 0.7, 0.99]) {
              const p = pointAt(lat, lon, radiusKm * share, bearing);
              expect(distanceKm(lat, lon, p.lat, p.lon)).toBeLessThanOrEqual(radiusKm);
              expect(cells.has(cellOf(p.lat, p.lon, grid)), `${grid.perDegree} ${radiusKm} km ${bearing}°`).toBe(true);
            }
          }
        }
      }
    }
  });

  it('numbers a cell as the database does: posts.cell for 0.25°, row × 10000 + column otherwise', () => {
    expect(cellOf(19.076, 72.8777)).toBe(76 * 1000 + 291);
    expect(cellOf(19.076, 72.8777, FINE_GRID)).toBe(305 * 10000 + 1166);
    expect(cellOf(19.076, 72.8777, COARSE_GRID)).toBe(19 * 10000 + 72);
  });

  it('walks a circle on the 0.25° grid when a city beyond its edge shares its 1° cells', () => {
    const mumbai = { lat: 19.076, lon: 72.8777 };
    const nashik = { lat: 19.9975, lon: 73.7898 };
    // Mumbai's 0.25° cell holds a fifth of all posts; every other cell a millionth.
    const shares = (cell: number) => (cell === cellOf(mumbai.lat, mumbai.lon) ? 0.2 : 1e-6);
    expect(distanceKm(mumbai.lat, mumbai.lon, nashik.lat, nashik.lon)).toBeGreaterThan(120);
    expect(chooseGrid(nashik.lat, nashik.lon, 100, shares).grid).toBe(QUARTER_GRID);
    expect(chooseGrid(mumbai.lat, mumbai.lon, 100, shares).grid).toBe(COARSE_GRID);
    expect(chooseGrid(mumbai.lat, mumbai.lon, 5, shares).grid).toBe(FINE_GRID);
    // Posts spread evenly: the grid of the radius rule.
    for (const radiusKm of [5, 25, 100, 200]) {
      expect(chooseGrid(nashik.lat, nashik.lon, radiusKm, () => 1e-5).grid).toBe(gridFor(radiusKm));
    }
    // Nothing known: the radius rule, and the cells are that grid's.
    const unknown = chooseGrid(nashik.lat, nashik.lon, 100, null);
    expect(unknown).toEqual({
      grid: COARSE_GRID,
      cells: cellsForCircle(nashik.lat, nashik.lon, 100, COARSE_GRID),
      held: null,
      inside: null,
    });
  });

  it("tells what part of the walked cells' posts lies within the circle", () => {
    const mumbai = { lat: 19.076, lon: 72.8777 };
    const nashik = { lat: 19.9975, lon: 73.7898 };
    const shares = (cell: number) => (cell === cellOf(mumbai.lat, mumbai.lon) ? 0.2 : 1e-6);
    // Mumbai's cell is within Mumbai's 100 km: nearly all the posts of its cells are inside.
    expect(chooseGrid(mumbai.lat, mumbai.lon, 100, shares).inside).toBeGreaterThan(0.95);
    // 41 km north of Mumbai, 25 km: the cells it touches hold Mumbai's edge, and next to none of their posts are inside.
    expect(chooseGrid(19.45, mumbai.lon, 25, shares).inside).toBeLessThan(0.01);
    // Spread evenly: the circle's area over its cells' (a 25 km circle on 0.25° cells: between a fifth and all).
    const even = chooseGrid(nashik.lat, nashik.lon, 25, () => 1e-5).inside!;
    expect(even).toBeGreaterThan(0.2);
    expect(even).toBeLessThanOrEqual(1);
    // No posts known in the cells: unknown.
    expect(chooseGrid(nashik.lat, nashik.lon, 25, () => 0).inside).toBeNull();
  });
});
