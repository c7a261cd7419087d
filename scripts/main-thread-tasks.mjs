// The feed's first load as the main thread's tasks, from a Chrome trace (bench:web). Lighthouse's TBT
// on a shared machine is mostly the wait for a core (a 528 ms TBT measured 13.8 s with five builds
// running). A task's *thread* time (`tdur`: CPU the main thread used) hardly depends on that wait, so
// the blocking it would cause on a 4× slower phone is estimated from it the way Lighthouse's default
// ('simulate') estimates it from wall time: each task × 4, the part over 50 ms, summed after the
// first contentful paint. An estimate for comparing builds, not Lighthouse's figure.

/** Lighthouse mobile's CPU slowdown. */
export const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;
const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'loading',
  'blink.user_timing',
  '__metadata',
];

/** Trace `load()` (which loads a page in `page`) in Chromium: the trace's events. */
export async function traceLoad(browser, page, load) {
  await browser.startTracing(page, { categories: CATEGORIES, screenshots: false });
  const loaded = await load().then(
    () => null,
    (error) => error,
  );
  const buffer = await browser.stopTracing();
  if (loaded) throw loaded;
  return JSON.parse(buffer.toString('utf8')).traceEvents;
}

/**
 * The renderer main thread's tasks from the first contentful paint on: how many would be long on a
 * 4× slower CPU, the blocking they would add up to, the longest, and all CPU after the paint (ms).
 */
export function blockingAfterFirstPaint(events) {
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) return null;
  const main = events.find(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === fcp.pid,
  );
  const tid = main?.tid ?? fcp.tid;
  const tasks = events
    .filter((e) => e.pid === fcp.pid && e.tid === tid && e.ph === 'X' && e.name === 'RunTask' && e.ts >= fcp.ts)
    .map((e) => (CPU_SLOWDOWN * (e.tdur ?? e.dur)) / 1000);
  const long = tasks.filter((ms) => ms > LONG_TASK_MS);
  return {
    longTasks: long.length,
    blockingMs: long.reduce((sum, ms) => sum + ms - LONG_TASK_MS, 0),
    longestMs: Math.max(0, ...tasks),
    cpuMs: tasks.reduce((sum, ms) => sum + ms, 0),
  };
}
