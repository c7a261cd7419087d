/** The most arrivals (ms) within any one second: a window starting at each arrival. */
export function mostInOneSecond(ats: number[]): number {
  const sorted = [...ats].sort((x, y) => x - y);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (j < sorted.length && sorted[j]! < sorted[i]! + 1000) j++;
    most = Math.max(most, j - i);
  }
  return most;
}
