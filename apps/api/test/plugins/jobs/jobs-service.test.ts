import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/helper';

describe('the job queue', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('runs a sent job in a worker, with its data, and retries one that failed', async () => {
    const seen: { id: string; n: number; attempt: number }[] = [];
    let resolve!: () => void;
    const done = new Promise<void>((r) => (resolve = r));
    await app.jobsService.work<{ n: number }>('test-echo', async (job) => {
      seen.push({ id: job.id, n: job.data.n, attempt: job.retryCount });
      if (job.retryCount === 0) throw new Error('first attempt fails');
      resolve();
    });
    const id = await app.jobsService.send('test-echo', { n: 42 }, { retryLimit: 1, retryDelay: 0 });
    await done;
    expect(seen.map((s) => [s.id, s.n, s.attempt])).toEqual([
      [id, 42, 0],
      [id, 42, 1],
    ]);
  });

  it('keeps schedules in the database', async () => {
    await app.jobsService.schedule('test-nightly', '30 2 * * *', { what: 'nightly' });
    const schedules = await app.jobsService.boss.getSchedules('test-nightly');
    expect(schedules).toEqual([expect.objectContaining({ name: 'test-nightly', cron: '30 2 * * *', timezone: 'Asia/Kolkata' })]);
  });
});
