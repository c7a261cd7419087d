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

/** Part of a circle's cover (chooseCover): cells of one grid. */
export type CoverPart = { grid: Grid; cells: number[] };

/** A circle's cover (chooseCover): its parts, coarsest first, each of one grid and never empty. */
export type Cover = { parts: CoverPart[]; held: number | null; inside: number | null };

/**
 * The cells a circle is walked by (ADR 024, ADR 036), from where posts are: `quarterShare` gives each
 * 0.25° cell's share of posts (ANALYZE's statistics of posts.cell), or null (unknown: gridFor's cells).
 * A page newest first reads, in the cells the circle touches, about a page (FEED_PAGE_SIZE_NEAR) × (their
 * posts ÷ the circle's) rows, plus a descent per cell. Each 1° cell the circle touches is walked whole or
 * by the finer cells of it the circle touches, whichever costs less, and each of those the same way: a
 * 1° cell holding a city beyond the circle's edge (Mumbai's, for Nashik at 100 km) is walked by the
 * 0.25° cells of it near the circle, while the 1° cells of fields and villages stay whole (8 cells
 * there, where the 0.25° grid alone took 60). Not `mixed`: the one grid where the page costs least
 * (ADR 024), for a search, whose steps are not all walks (ADR 036). Shares within a 0.25° cell are
 * taken as even. For a search's probe, which reads the cells' newest posts (ADR 027): `held`, the
 * chosen cells' share of all posts, and `inside`, the part of their posts within the circle (null when
 * either is unknown).
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
  // Each 0.25° cell's share, asked once: a 1° cell sums sixteen, and its cells are weighed again below.
  const shares = new Map<number, number>();
  const share = (cell: number): number => {
    let s = shares.get(cell);
    if (s === undefined) shares.set(cell, (s = quarterShare(cell)));
    return s;
  };
  const quarterCells = touchedCells(lat, lon, radiusKm, QUARTER_GRID);
  // The circle's share: each 0.25° cell's share × the part of its sample points within the radius.
  let circle = 0;
  for (const { row, column } of quarterCells) {
    circle += (share(cellKey(QUARTER_GRID, row, column)) * samplesInside(lat, lon, radiusKm, row, column)) / SAMPLES ** 2;
  }
  // A grid whose cells are under a quarter of the radius is not used: its cells alone would cost more.
  const grids = GRIDS.filter((g) => (KM_PER_DEGREE_LAT / g.perDegree) * 4 >= radiusKm || g === COARSE_GRID);
  const touched = new Map(grids.map((g) => [g, g === QUARTER_GRID ? quarterCells : touchedCells(lat, lon, radiusKm, g)]));
  type Choice = { cost: number; held: number; cells: Map<Grid, GridCell[]> };
  const none = (): Choice => ({ cost: 0, held: 0, cells: new Map() });
  const add = (sum: Choice, c: Choice): Choice => {
    sum.cost += c.cost;
    sum.held += c.held;
    for (const [g, cells] of c.cells) {
      const into = sum.cells.get(g);
      if (into) into.push(...cells);
      else sum.cells.set(g, [...cells]);
    }
    return sum;
  };
  // Each grid's touched cells by the cell of the next coarser grid holding them.
  const parentKey = (c: GridCell) => `${Math.floor(c.row / CHILDREN_PER_SIDE)}:${Math.floor(c.column / CHILDREN_PER_SIDE)}`;
  const children = new Map<Grid, Map<string, GridCell[]>>();
  for (const [g, cells] of touched) {
    const byParent = new Map<string, GridCell[]>();
    for (const c of cells) {
      const key = parentKey(c);
      const list = byParent.get(key);
      if (list) list.push(c);
      else byParent.set(key, [c]);
    }
    children.set(g, byParent);
  }
  // A cell walked whole, or by its touched cells of the next finer grid (each chosen the same way).
  const choose = (gridIndex: number, cell: GridCell): Choice => {
    const grid = grids[gridIndex]!;
    const held = gridCellShare(grid, cell, share);
    // A circle with no posts known reads nothing but its cells' descents.
    const own: Choice = {
      cost: CELL_COST_ROWS + (circle > 0 ? (FEED_PAGE_SIZE_NEAR * held) / circle : 0),
      held,
      cells: new Map([[grid, [cell]]]),
    };
    const finer = grids[gridIndex - 1];
    if (!finer) return own;
    const split = (children.get(finer)!.get(`${cell.row}:${cell.column}`) ?? [])
      .map((child) => choose(gridIndex - 1, child))
      .reduce(add, none());
    return split.cost < own.cost ? split : own;
  };
  let best: Choice | null = null;
  if (mixed) {
    const top = grids.length - 1;
    best = touched
      .get(grids[top]!)!
      .map((cell) => choose(top, cell))
      .reduce(add, none());
  } else {
    for (const [grid, cells] of touched) {
      const held = cells.reduce((sum, cell) => sum + gridCellShare(grid, cell, share), 0);
      const cost = cells.length * CELL_COST_ROWS + (circle > 0 ? (FEED_PAGE_SIZE_NEAR * held) / circle : 0);
      if (!best || cost < best.cost) best = { cost, held, cells: new Map([[grid, cells]]) };
    }
  }
  const { held, cells } = best!;
  const parts = [...GRIDS]
    .reverse()
    .filter((g) => cells.has(g))
    .map((grid) => ({ grid, cells: cells.get(grid)!.map((c) => cellKey(grid, c.row, c.column)) }));
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
