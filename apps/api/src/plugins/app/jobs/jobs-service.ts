import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { type Db as QueueDb, fromPglite, type Job, PgBoss, type ScheduleOptions, type SendOptions } from 'pg-boss';
import type { DbHandle } from '#src/db/client';
import { countEvent } from '#src/lib/product-events';

/** A job as a handler receives it: its id, its data, and a signal that aborts when the queue stops. */
export type QueuedJob<T> = Pick<Job<T>, 'id' | 'data' | 'signal' | 'retryCount'>;

export type JobsService = ReturnType<typeof createJobsService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue (pg-boss on the app's database, ADR 015): send, work, schedule. */
    jobsService: JobsService;
  }
}

/** pg-boss over the app's own driver: PGlite's single connection, or the PostgreSQL pool (no second pool). */
function queueDatabase(handle: DbHandle): { db: QueueDb; backend: 'pglite' | 'postgres' } {
  if (handle.driver.kind === 'pglite') return { db: fromPglite(handle.driver.client), backend: 'pglite' };
  const { pool } = handle.driver;
  return {
    db: { executeSql: (text, values) => (values?.length ? pool.query(text, values) : pool.query(text)) },
    backend: 'postgres',
  };
}

/**
 * The app's job queue: pg-boss in the `pgboss` schema of the app's database, so a job is as durable
 * as the data it works on. pg-boss and each queue start on first use; workers take one job at a time.
 */
export function createJobsService(deps: { handle: DbHandle; log: FastifyBaseLogger; pollingIntervalSeconds: number }) {
  const { db, backend } = queueDatabase(deps.handle);
  const boss = new PgBoss({
    db,
    backend,
    schema: 'pgboss',
    // Nothing reads pg-boss's own telemetry here; the app logs what its handlers do.
    persistWarnings: false,
  });
  boss.on('error', (err) => deps.log.error({ err }, 'job queue error'));
  boss.on('warning', (warning) => deps.log.warn({ warning }, 'job queue warning'));
  const queues = new Map<string, Promise<void>>();
  let starting: Promise<unknown> | null = null;
  let stopped = false;

  /**
   * pg-boss starts on first use: creating its schema and timers costs about a second on a busy
   * machine, which an app (or a test of something else) that queues nothing need not pay.
   */
  function started(): Promise<unknown> {
    if (stopped) return Promise.reject(new Error('the job queue is stopped'));
    starting ??= boss.start();
    return starting;
  }

  function ensureQueue(name: string): Promise<void> {
    let made = queues.get(name);
    if (!made) {
      made = started().then(() => boss.createQueue(name));
      // A failed creation may be tried again by the next caller.
      made.catch(() => queues.delete(name));
      queues.set(name, made);
    }
    return made;
  }

  return {
    /** Starts pg-boss now rather than on first use. */
    async start() {
      await started();
    },
    /** Stops the workers (a running handler gets `timeoutMs` to finish) and every pg-boss timer. */
    async stop(timeoutMs = 10_000) {
      stopped = true;
      if (!starting) return;
      await starting.catch(() => undefined);
      await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    },
    /** Queues a job; its id, or null when a singleton/throttle option dropped it. */
    async send<T extends object>(name: string, data: T, options: SendOptions = {}): Promise<string | null> {
      await ensureQueue(name);
      return boss.send(name, data, options);
    },
    /** Runs `handler` for every job of `name`, one at a time; a throw fails the job (pg-boss retries it as configured). */
    async work<T>(name: string, handler: (job: QueuedJob<T>) => Promise<void>): Promise<string> {
      await ensureQueue(name);
      return boss.work<T>(name, { pollingIntervalSeconds: deps.pollingIntervalSeconds, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) {
          try {
            await handler(job);
          } catch (err) {
            countEvent('jobFailed', 1, name);
            throw err;
          }
        }
      });
    },
    /** Sends a job to `name` on a cron schedule (India time unless `options.tz` says otherwise). */
    async schedule<T extends object>(name: string, cron: string, data: T, options: ScheduleOptions = {}): Promise<void> {
      await ensureQueue(name);
      await boss.schedule(name, cron, data, { tz: 'Asia/Kolkata', ...options });
    },
    /** Each queue's job counts (metrics); none before the queue has started, which metrics do not start. */
    async queueStats() {
      if (!starting || stopped) return [];
      await starting;
      return boss.getQueues();
    },
    /** The pg-boss instance, for what this wrapper does not cover (tests read job states through it). */
    boss,
  };
}

export default fp(
  async (fastify) => {
    const jobs = createJobsService({
      handle: fastify.dbHandle,
      log: fastify.log,
      pollingIntervalSeconds: fastify.config.JOBS_POLL_INTERVAL_S,
    });
    fastify.decorate('jobsService', jobs);
    // Before the database closes (onClose): a worker finishing its job still needs it.
    fastify.addHook('preClose', () => jobs.stop());
  },
  { name: 'jobs-service', dependencies: ['db', 'env'] },
);
