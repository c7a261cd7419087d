import { distanceKm } from '@aaspaas/domain';
import { describe, expect, it } from 'vitest';
import {
  COARSE_GRID,
  FINE_GRID,
  QUARTER_GRID,
  cellOf,
  cellsForCircle,
  chooseCover,
  gridFor,
  samplesInside,
} from '#src/plugins/app/posts/feed-cells';
import { pointAt } from '#test/feed-repository-kit';

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
              const p = pointAt({ lat, lon }, radiusKm * share, bearing);
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

  it("walks a 1° cell by its 0.25° cells near the circle when it holds a city beyond the circle's edge", () => {
    const mumbai = { lat: 19.076, lon: 72.8777 };
    const nashik = { lat: 19.9975, lon: 73.7898 };
    // Mumbai's 0.25° cell holds a fifth of all posts; every other cell a millionth.
    const shares = (cell: number) => (cell === cellOf(mumbai.lat, mumbai.lon) ? 0.2 : 1e-6);
    expect(distanceKm(mumbai.lat, mumbai.lon, nashik.lat, nashik.lon)).toBeGreaterThan(120);
    const mixed = chooseCover(nashik.lat, nashik.lon, 100, shares);
    const mumbaiCoarse = cellOf(mumbai.lat, mumbai.lon, COARSE_GRID);
    const coarse = cellsForCircle(nashik.lat, nashik.lon, 100, COARSE_GRID);
    // Every 1° cell whole but Mumbai's, which is walked by its 0.25° cells the circle touches.
    expect(mixed.parts).toEqual([
      { grid: COARSE_GRID, cells: coarse.filter((c) => c !== mumbaiCoarse) },
      {
        grid: QUARTER_GRID,
        cells: cellsForCircle(nashik.lat, nashik.lon, 100, QUARTER_GRID).filter(
          (c) => Math.floor(c / 1000 / 4) * 10000 + Math.floor((c % 1000) / 4) === mumbaiCoarse,
        ),
      },
    ]);
    const cellCount = mixed.parts.reduce((n, part) => n + part.cells.length, 0);
    expect(cellCount).toBeLessThan(12);
    expect(cellsForCircle(nashik.lat, nashik.lon, 100, QUARTER_GRID).length).toBeGreaterThan(50);
    // Mumbai's own 0.25° cell is not walked: the circle does not reach it.
    expect(mixed.parts[1]!.cells).not.toContain(cellOf(mumbai.lat, mumbai.lon));
    // Not mixed (a search): the one grid where a page costs least, 0.25° here.
    expect(chooseCover(nashik.lat, nashik.lon, 100, shares, false).parts).toEqual([
      { grid: QUARTER_GRID, cells: cellsForCircle(nashik.lat, nashik.lon, 100, QUARTER_GRID) },
    ]);
    expect(chooseCover(mumbai.lat, mumbai.lon, 100, shares).parts.map((p) => p.grid)).toEqual([COARSE_GRID]);
    expect(chooseCover(mumbai.lat, mumbai.lon, 5, shares).parts.map((p) => p.grid)).toEqual([FINE_GRID]);
    // Posts spread evenly: one grid, the radius rule's, and all its cells.
    for (const radiusKm of [5, 25, 100, 200]) {
      const grid = gridFor(radiusKm);
      expect(chooseCover(nashik.lat, nashik.lon, radiusKm, () => 1e-5).parts).toEqual([
        { grid, cells: cellsForCircle(nashik.lat, nashik.lon, radiusKm, grid) },
      ]);
    }
    // Nothing known: the radius rule, and the cells are that grid's.
    const unknown = chooseCover(nashik.lat, nashik.lon, 100, null);
    expect(unknown).toEqual({
      parts: [{ grid: COARSE_GRID, cells: cellsForCircle(nashik.lat, nashik.lon, 100, COARSE_GRID) }],
      held: null,
      inside: null,
    });
  });

  it('never leaves a point within the radius out of a mixed cover', () => {
    const mumbai = { lat: 19.076, lon: 72.8777 };
    const shares = (cell: number) => (cell === cellOf(mumbai.lat, mumbai.lon) ? 0.2 : 1e-6);
    for (const [lat, lon, radiusKm] of [
      [19.9975, 73.7898, 100],
      [19.6, 73.3, 60],
      [19.45, 72.8777, 25],
      [19.2, 73.05, 10],
    ] as const) {
      const { parts } = chooseCover(lat, lon, radiusKm, shares);
      const holds = (p: { lat: number; lon: number }) =>
        parts.some((part) => part.cells.includes(cellOf(p.lat, p.lon, part.grid)));
      for (let bearing = 0; bearing < 360; bearing += 5) {
        for (const share of [0.3, 0.7, 0.99]) {
          const p = pointAt({ lat, lon }, radiusKm * share, bearing);
          expect(holds(p), `${lat},${lon} ${radiusKm} km ${bearing}°`).toBe(true);
        }
      }
      // No post is walked twice: the centre of a finer part's cell lies in no cell of a coarser part.
      for (const [i, finer] of parts.entries()) {
        expect(new Set(finer.cells).size).toBe(finer.cells.length);
        for (const cell of finer.cells) {
          const perRow = finer.grid === QUARTER_GRID ? 1000 : 10000;
          const centre = {
            lat: (Math.floor(cell / perRow) + 0.5) / finer.grid.perDegree,
            lon: ((cell % perRow) + 0.5) / finer.grid.perDegree,
          };
          expect(cellOf(centre.lat, centre.lon, finer.grid)).toBe(cell);
          for (const coarser of parts.slice(0, i))
            expect(coarser.cells).not.toContain(cellOf(centre.lat, centre.lon, coarser.grid));
        }
      }
    }
  });

  it("tells what part of the walked cells' posts lies within the circle", () => {
    const mumbai = { lat: 19.076, lon: 72.8777 };
    const nashik = { lat: 19.9975, lon: 73.7898 };
    const shares = (cell: number) => (cell === cellOf(mumbai.lat, mumbai.lon) ? 0.2 : 1e-6);
    // Mumbai's cell is within Mumbai's 100 km: nearly all the posts of its cells are inside.
    expect(chooseCover(mumbai.lat, mumbai.lon, 100, shares).inside).toBeGreaterThan(0.95);
    // 41 km north of Mumbai, 25 km: the cells it touches hold Mumbai's edge, and next to none of their posts are inside.
    expect(chooseCover(19.45, mumbai.lon, 25, shares).inside).toBeLessThan(0.01);
    // Spread evenly: the circle's area over its cells' (a 25 km circle on 0.25° cells: between a fifth and all).
    const even = chooseCover(nashik.lat, nashik.lon, 25, () => 1e-5).inside!;
    expect(even).toBeGreaterThan(0.2);
    expect(even).toBeLessThanOrEqual(1);
    // No posts known in the cells: unknown.
    expect(chooseCover(nashik.lat, nashik.lon, 25, () => 0).inside).toBeNull();
  });

  it("counts a 0.25° cell's sample points within the circle, all of them when its corners are", () => {
    // Each of 4 × 4 points at the centre of its sixteenth of the cell, tried one by one.
    const counted = (lat: number, lon: number, radiusKm: number, row: number, column: number) => {
      let inside = 0;
      for (let i = 0; i < 4; i++) {
        for (let j = 0; j < 4; j++) {
          if (distanceKm(lat, lon, (row + (i + 0.5) / 4) / 4, (column + (j + 0.5) / 4) / 4) <= radiusKm) inside += 1;
        }
      }
      return inside;
    };
    const nashik = { lat: 19.9975, lon: 73.7898 };
    const tried = { whole: 0, part: 0, none: 0 };
    for (const radiusKm of [5, 25, 100]) {
      const row0 = Math.floor(nashik.lat * 4);
      const column0 = Math.floor(nashik.lon * 4);
      for (let row = row0 - 4; row <= row0 + 4; row++) {
        for (let column = column0 - 4; column <= column0 + 4; column++) {
          const expected = counted(nashik.lat, nashik.lon, radiusKm, row, column);
          expect(samplesInside(nashik.lat, nashik.lon, radiusKm, row, column), `${radiusKm} km, ${row}:${column}`).toBe(expected);
          tried[expected === 16 ? 'whole' : expected > 0 ? 'part' : 'none'] += 1;
        }
      }
    }
    // Cells wholly inside, crossed by the edge, and outside were all tried.
    expect(Math.min(tried.whole, tried.part, tried.none)).toBeGreaterThan(0);
  });
});
