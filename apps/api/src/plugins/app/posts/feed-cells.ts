import { FEED_PAGE_SIZE_NEAR, distanceKm } from '@aaspaas/domain';

export const KM_PER_DEGREE_LAT = 111.195;

/**
 * A grid the feed walks a circle's posts by (ADR 024): cells of 1/`perDegree`°, and how a post's cell
 * is written in SQL, matching an index whose key starts with it. A circle is walked by the cells where
 * a page costs least (chooseCover): few cells, since every cell is an index range to find (3–5 buffers)
 * and a branch of the statement, and few posts outside the circle in them.
 */
export type Grid = { perDegree: number; column: string };

/** 1/16° (~7 km): posts_cell(lat, lon, 16), posts_fine_cell_created_idx. */
export const FINE_GRID: Grid = { perDegree: 16, column: 'posts_cell(p.lat, p.lon, 16)' };
/** 0.25° (~28 km): the generated column posts.cell, posts_cell_created_idx. */
export const QUARTER_GRID: Grid = { perDegree: 4, column: 'p.cell' };
/** 1° (~111 km): posts_cell(lat, lon, 1), posts_coarse_cell_created_idx. */
export const COARSE_GRID: Grid = { perDegree: 1, column: 'posts_cell(p.lat, p.lon, 1)' };

/** Finest first (gridFor takes the first whose cells are at least as tall as the radius). */
const GRIDS = [FINE_GRID, QUARTER_GRID, COARSE_GRID];

/** How a cell is numbered: posts.cell's own formula (row × 1000 + column) for 0.25°, posts_cell's (× 10000) for the others. */
function cellKey(grid: Grid, row: number, column: number): number {
  return row * (grid === QUARTER_GRID ? 1000 : 10000) + column;
}

export function cellOf(lat: number, lon: number, grid: Grid = QUARTER_GRID): number {
  return cellKey(grid, Math.floor(lat * grid.perDegree), Math.floor(lon * grid.perDegree));
}

/** The grid a circle of this radius is walked on when nothing is known of where posts are: the finest whose cells are at least as tall as the radius. */
export function gridFor(radiusKm: number): Grid {
  return GRIDS.find((g) => KM_PER_DEGREE_LAT / g.perDegree >= radiusKm) ?? COARSE_GRID;
}

/** What a cell of the walk costs beside its rows, in rows: its index descent and first row (3–5 buffers). */
const CELL_COST_ROWS = 5;
/** Points per side of a 0.25° cell sampled to weigh the part of it inside the circle. */
const SAMPLES = 4;
/** Cells of a grid to a side of the next coarser grid's cell (GRIDS: 1/16° in 0.25°, 0.25° in 1°). */
const CHILDREN_PER_SIDE = 4;

/** A circle's cover (chooseCover): its parts, coarsest first, each of one grid and never empty. */
export type Cover = { parts: { grid: Grid; cells: number[] }[]; held: number | null; inside: number | null };

/**
 * The cells a circle is walked by (ADR 024, ADR 036), from where posts are: `quarterShare` gives each
 * 0.25° cell's share of posts (ANALYZE's statistics of posts.cell), or null (unknown: gridFor's cells).
 * A page newest first reads about a page × (the cells' posts ÷ the circle's) rows, plus a descent per
 * cell. `mixed`: each 1° cell the circle touches is walked whole or by its finer cells the circle touches,
 * whichever costs less, and each of those the same way (a city beyond the circle's edge is walked by its
 * cells near the circle, fields and villages by whole 1° cells). Not mixed (a search, whose steps are not
 * all walks): the one grid where the page costs least. Shares within a 0.25° cell are taken as even.
 * `held`: the chosen cells' share of all posts; `inside`: the part of their posts within the circle.
 */
export function chooseCover(
  lat: number,
  lon: number,
  radiusKm: number,
  quarterShare: ((cell: number) => number) | null,
  mixed = true,
): Cover {
  if (!quarterShare) {
    const grid = gridFor(radiusKm);
    return { parts: [{ grid, cells: cellsForCircle(lat, lon, radiusKm, grid) }], held: null, inside: null };
  }
  const quarterCells = touchedCells(lat, lon, radiusKm, QUARTER_GRID);
  // The circle's share: each 0.25° cell's share × the part of its sample points within the radius.
  let circle = 0;
  for (const { row, column } of quarterCells) {
    circle += (quarterShare(cellKey(QUARTER_GRID, row, column)) * samplesInside(lat, lon, radiusKm, row, column)) / SAMPLES ** 2;
  }
  // A grid whose cells are under a quarter of the radius is not used: its cells alone would cost more.
  const grids = GRIDS.filter((g) => (KM_PER_DEGREE_LAT / g.perDegree) * 4 >= radiusKm || g === COARSE_GRID);
  const touched = grids.map((g) => (g === QUARTER_GRID ? quarterCells : touchedCells(lat, lon, radiusKm, g)));
  type Choice = { cost: number; held: number; cells: { grid: Grid; cell: GridCell }[] };
  const sum = (choices: Choice[]): Choice =>
    choices.reduce((a, c) => ({ cost: a.cost + c.cost, held: a.held + c.held, cells: [...a.cells, ...c.cells] }), {
      cost: 0,
      held: 0,
      cells: [],
    });
  // Reading `held` of the posts costs a page × held ÷ circle rows; a circle with no posts known only its descents.
  const rows = (held: number) => (circle > 0 ? (FEED_PAGE_SIZE_NEAR * held) / circle : 0);
  // A cell walked whole, or by its touched cells of the next finer grid (each chosen the same way).
  const choose = (i: number, cell: GridCell): Choice => {
    const held = gridCellShare(grids[i]!, cell, quarterShare);
    const own: Choice = { cost: CELL_COST_ROWS + rows(held), held, cells: [{ grid: grids[i]!, cell }] };
    if (i === 0) return own;
    const inCell = (c: GridCell) =>
      Math.floor(c.row / CHILDREN_PER_SIDE) === cell.row && Math.floor(c.column / CHILDREN_PER_SIDE) === cell.column;
    const split = sum(touched[i - 1]!.filter(inCell).map((child) => choose(i - 1, child)));
    return split.cost < own.cost ? split : own;
  };
  let best: Choice | null = null;
  if (mixed) {
    best = sum(touched.at(-1)!.map((cell) => choose(grids.length - 1, cell)));
  } else {
    grids.forEach((grid, i) => {
      const held = touched[i]!.reduce((total, cell) => total + gridCellShare(grid, cell, quarterShare), 0);
      const cost = touched[i]!.length * CELL_COST_ROWS + rows(held);
      if (!best || cost < best.cost) best = { cost, held, cells: touched[i]!.map((cell) => ({ grid, cell })) };
    });
  }
  const { held, cells } = best!;
  const parts = [...GRIDS]
    .reverse()
    .map((grid) => ({ grid, cells: cells.filter((c) => c.grid === grid).map((c) => cellKey(grid, c.cell.row, c.cell.column)) }))
    .filter((part) => part.cells.length > 0);
  return { parts, held, inside: held > 0 ? Math.min(1, circle / held) : null };
}

/**
 * How many of a 0.25° cell's SAMPLES × SAMPLES points lie within the circle: all of them when its four
 * corners do (a circle of these sizes is convex in latitude and longitude), else each point is tried.
 */
export function samplesInside(lat: number, lon: number, radiusKm: number, row: number, column: number): number {
  const step = 1 / QUARTER_GRID.perDegree;
  const [south, west] = [row * step, column * step];
  const corners = [
    [south, west],
    [south + step, west],
    [south, west + step],
    [south + step, west + step],
  ] as const;
  if (corners.every(([cLat, cLon]) => distanceKm(lat, lon, cLat, cLon) <= radiusKm)) return SAMPLES ** 2;
  let inside = 0;
  for (let i = 0; i < SAMPLES; i++) {
    for (let j = 0; j < SAMPLES; j++) {
      const pLat = (row + (i + 0.5) / SAMPLES) / QUARTER_GRID.perDegree;
      const pLon = (column + (j + 0.5) / SAMPLES) / QUARTER_GRID.perDegree;
      if (distanceKm(lat, lon, pLat, pLon) <= radiusKm) inside += 1;
    }
  }
  return inside;
}

/** A cell's share of posts from the 0.25° cells' shares: a 1/16° cell holds 1/16 of its 0.25° cell, a 1° cell its sixteen. */
function gridCellShare(grid: Grid, { row, column }: GridCell, quarterShare: (cell: number) => number): number {
  if (grid === QUARTER_GRID) return quarterShare(cellKey(QUARTER_GRID, row, column));
  if (grid === FINE_GRID) return quarterShare(cellKey(QUARTER_GRID, Math.floor(row / 4), Math.floor(column / 4))) / 16;
  let sum = 0;
  for (let i = 0; i < 4; i++) {
    for (let j = 0; j < 4; j++) sum += quarterShare(cellKey(QUARTER_GRID, row * 4 + i, column * 4 + j));
  }
  return sum;
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}

/**
 * The cells of `grid` that touch the circle: every cell whose nearest point to the centre is
 * within the radius (with a small margin for the spherical approximation).
 */
export function cellsForCircle(lat: number, lon: number, radiusKm: number, grid: Grid = QUARTER_GRID): number[] {
  return touchedCells(lat, lon, radiusKm, grid).map((c) => cellKey(grid, c.row, c.column));
}

type GridCell = { row: number; column: number };

function touchedCells(lat: number, lon: number, radiusKm: number, grid: Grid): GridCell[] {
  const perDegree = grid.perDegree;
  const dLat = radiusKm / KM_PER_DEGREE_LAT;
  const farLat = Math.min(89.9, Math.max(Math.abs(lat - dLat), Math.abs(lat + dLat)));
  const dLon = Math.min(180, radiusKm / (KM_PER_DEGREE_LAT * Math.cos((farLat * Math.PI) / 180)));
  const step = 1 / perDegree;
  const cells: GridCell[] = [];
  for (let i = Math.floor((lat - dLat) * perDegree); i <= Math.floor((lat + dLat) * perDegree); i++) {
    for (let j = Math.floor((lon - dLon) * perDegree); j <= Math.floor((lon + dLon) * perDegree); j++) {
      const nearLat = clamp(lat, i * step, (i + 1) * step);
      const nearLon = clamp(lon, j * step, (j + 1) * step);
      if (distanceKm(lat, lon, nearLat, nearLon) <= radiusKm * 1.005) cells.push({ row: i, column: j });
    }
  }
  return cells;
}
