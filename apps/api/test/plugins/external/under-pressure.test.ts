import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/helper';

/** Answers of GET `path` every 50 ms until `done` says stop or `ms` pass. */
async function pollUntil(url: string, done: (status: number) => boolean, ms: number): Promise<Response | null> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const res = await fetch(url);
    if (done(res.status)) return res;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
}

describe('load shedding (@fastify/under-pressure)', () => {
  let app: TestApp;
  let base: string;
  beforeAll(async () => {
    // The mean delay of a second's samples (one per 10 ms) that end with a 6 s block is at least
    // (6000 + 100 × 10) / 101 − 10 ≈ 59 ms: above this threshold, which a busy machine's idle loop stays under.
    app = await buildTestApp({ LOAD_SHED_EVENT_LOOP_DELAY_MS: '50' });
    base = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => app?.close());

  it('answers 503 with Retry-After while the event loop is saturated, never on the health routes', async () => {
    // The first seconds after listening are not measured (start-up's own blocking work).
    await new Promise((resolve) => setTimeout(resolve, 3500));
    const blockedUntil = Date.now() + 6000;
    while (Date.now() < blockedUntil) {
      // the event loop is busy, as under a flood of work
    }
    const shed = await pollUntil(`${base}/api/categories`, (status) => status === 503, 5000);
    expect(shed?.status).toBe(503);
    expect(shed?.headers.get('retry-after')).toBe('5');
    expect(await shed?.json()).toEqual({ message: 'The server is busy. Please try again in a moment.' });
    expect((await fetch(`${base}/api/health/live`)).status).toBe(200);
    // Once the loop has caught up, requests are served again.
    expect((await pollUntil(`${base}/api/categories`, (status) => status === 200, 30_000))?.status).toBe(200);
  }, 60_000);
});
