/**
 * The top of the chart's value axis: the smallest of 2, 4, 6, 8, 10 × 10^k that holds `max`, so the
 * three gridlines (0, half, top) are whole numbers a shop owner reads at a glance.
 */
export function niceAxisMax(max: number): number {
  if (!(max > 0)) return 2;
  let magnitude = 1;
  while (magnitude * 10 < max) magnitude *= 10;
  for (const step of [2, 4, 6, 8, 10]) if (step * magnitude >= max) return step * magnitude;
  return 10 * magnitude;
}

/**
 * The days that get a label under the chart: every `every` days counted back from the last (today),
 * so today is always labelled and the labels never crowd a phone's width.
 */
export function labelledDayIndexes(count: number, every = 7): number[] {
  const indexes: number[] = [];
  for (let i = count - 1; i >= 0; i -= every) indexes.unshift(i);
  return indexes;
}

/** The day under a pointer at `x` pixels from the chart's left edge, `width` pixels wide. */
export function dayIndexAt(x: number, width: number, count: number): number {
  if (count <= 0 || width <= 0) return 0;
  return Math.min(count - 1, Math.max(0, Math.floor((x / width) * count)));
}
