import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '#src/db/schema';
import { UNATTACHED_UPLOADS_QUEUE } from '#src/plugins/app/media/unattached-uploads-service';
import { buildTestApp, createBusiness, type TestApp } from '#test/helper';

const TWO_DAYS_AGO = () => new Date(Date.now() - 2 * 86_400_000);
const onPostgres = Boolean(process.env.DATABASE_URL);

/** An abandoned upload: its row two days old, attached to nothing; its original stored unless `stored` is false. */
async function abandonedUpload(app: TestApp, stored = true) {
  const shop = await createBusiness(app.db);
  const key = `uploads/${shop.id}/${randomUUID()}.webp`;
  if (stored) await app.mediaStorageService.put(key, Buffer.from('not really a photo'), 'image/webp');
  const [row] = await app.db
    .insert(uploads)
    .values({ userId: shop.id, url: `/media/${key}`, storageKey: key, width: 1, height: 1, bytes: 18, createdAt: TWO_DAYS_AGO() })
    .returning();
  return row!;
}

const rowExists = async (app: TestApp, id: string) => (await app.db.select().from(uploads).where(eq(uploads.id, id))).length > 0;

/** The sweep's jobs by state, once none is waiting or running. */
async function settledJobs(app: TestApp): Promise<Record<string, number>> {
  const until = Date.now() + 30_000;
  for (;;) {
    const { rows } = await app.db.execute<{ state: string; n: number }>(
      sql`select state, count(*)::int as n from pgboss.job where name = ${UNATTACHED_UPLOADS_QUEUE} group by state`,
    );
    const states = Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
    if (!states.created && !states.active && !states.retry) return states;
    if (Date.now() > until) throw new Error(`jobs not settled: ${JSON.stringify(states)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the sweep of unattached uploads is a pg-boss schedule, not a timer of each process (ADR 046)', () => {
  const apps: TestApp[] = [];
  let a: TestApp;

  beforeAll(async () => {
    a = await buildTestApp({ JOBS_RECURRING: 'true' });
    apps.push(a);
    // A second process of the same deployment (PostgreSQL; PGlite lives in one process).
    if (onPostgres) apps.push(await buildTestApp({ JOBS_RECURRING: 'true' }, { sameDatabaseAs: a }));
  }, 60_000);
  afterAll(async () => {
    for (const app of [...apps].reverse()) await app.close();
  });

  it('is scheduled once for every process, hourly, and each job it sends is worked once', async () => {
    const schedules = await a.jobsService.boss.getSchedules(UNATTACHED_UPLOADS_QUEUE);
    expect(schedules).toEqual([expect.objectContaining({ name: UNATTACHED_UPLOADS_QUEUE, cron: '17 * * * *' })]);

    const upload = await abandonedUpload(a);
    // Three hours' jobs, as the schedule sends them, with every process working the queue.
    for (let hour = 0; hour < 3; hour++) await a.jobsService.send(UNATTACHED_UPLOADS_QUEUE, {});
    expect(await settledJobs(a)).toEqual({ completed: 3 });
    expect(await rowExists(a, upload.id)).toBe(false);
    expect(await a.mediaStorageService.has(upload.storageKey)).toBe(false);
  });

  it("on a disk of its own, a process keeps a row whose file it does not hold (it may sit on another machine's disk)", async () => {
    const elsewhere = await abandonedUpload(a, false);
    const here = await abandonedUpload(a);
    await a.unattachedUploadsService.sweep();
    expect(await rowExists(a, elsewhere.id)).toBe(true);
    expect(await rowExists(a, here.id)).toBe(false);
  });
});
