/** Grid for the pincode points (reverse geocoding, density): cells of 0.1° (~11 km). */
export const GRID_DEG = 0.1;

export function gridKey(cellLat: number, cellLon: number): number {
  return (cellLat + 1000) * 10_000 + (cellLon + 2000);
}

export function cellOf(deg: number): number {
  return Math.floor(deg / GRID_DEG);
}
