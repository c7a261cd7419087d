/** Runs a generator of loading steps to its end, synchronously. */
export function runSync<T>(steps: Generator<void, T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** Runs a generator of loading steps, letting the event loop run between steps (no step blocks for long). */
export async function runAsync<T>(steps: Generator<void, T>): Promise<T> {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
