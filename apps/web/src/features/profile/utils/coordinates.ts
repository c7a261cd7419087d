const fixed = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 4, maximumFractionDigits: 4 });

/** '12.9352° N' / '77.6245° E': four decimals place a shop within about 10 m. */
export function formatLatitude(lat: number): string {
  return `${fixed.format(Math.abs(lat))}° ${lat < 0 ? 'S' : 'N'}`;
}

export function formatLongitude(lon: number): string {
  return `${fixed.format(Math.abs(lon))}° ${lon < 0 ? 'W' : 'E'}`;
}
