import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type * as PromClientModule from 'prom-client';
import { type ProductEvent, setEventSink } from '#src/lib/product-events';

/** Request durations from 5 ms (a cached feed page) to 10 s (an upload on a slow uplink). */
const DURATION_BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The label of a request no route matched: one value, not every URL a scanner tries. */
const NO_ROUTE = '(no route)';

const PRODUCT_COUNTERS: Record<ProductEvent, { name: string; help: string; label?: string }> = {
  postPublished: { name: 'aaspaas_posts_published_total', help: 'Posts published (new posts and reposts).' },
  smsSubmitted: { name: 'aaspaas_sms_submitted_total', help: 'SMS handed to the provider.' },
  smsDelivered: { name: 'aaspaas_sms_delivered_total', help: 'SMS the provider reported delivered.' },
  smsFailed: { name: 'aaspaas_sms_failed_total', help: 'SMS that failed or expired (refunded).' },
  paymentCredited: { name: 'aaspaas_payments_credited_total', help: 'Wallet top-ups credited.' },
  walletDebitRefused: { name: 'aaspaas_wallet_debits_refused_total', help: 'Wallet debits refused for want of balance.' },
  jobFailed: { name: 'aaspaas_jobs_failed_total', help: 'Jobs whose handler failed (pg-boss retries them).', label: 'queue' },
};

/**
 * Prometheus metrics on METRICS_PORT (its own server, so the app's port never exposes them; the app's
 * port answers /metrics with its 404): request durations by route pattern and status, the process
 * (event-loop delay, heap, GC), the database pools, the job queue and the product's counters
 * (lib/product-events.ts). Unset METRICS_PORT: prom-client is not even loaded.
 */
export default fp(
  async (fastify) => {
    const port = fastify.config.METRICS_PORT;
    if (port === undefined) return;
    const client = await import('prom-client');
    const registry = new client.Registry();
    client.collectDefaultMetrics({ register: registry });

    const duration = new client.Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by route pattern, method and status.',
      labelNames: ['method', 'route', 'status_code'],
      buckets: DURATION_BUCKETS_S,
      registers: [registry],
    });
    fastify.addHook('onResponse', async (request, reply) => {
      duration.observe(
        { method: request.method, route: request.routeOptions.url ?? NO_ROUTE, status_code: reply.statusCode },
        reply.elapsedTime / 1000,
      );
    });

    const counters = new Map(
      Object.entries(PRODUCT_COUNTERS).map(([event, c]) => [
        event,
        new client.Counter({ name: c.name, help: c.help, labelNames: c.label ? [c.label] : [], registers: [registry] }),
      ]),
    );
    const removeSink = setEventSink((event, count, label) => {
      const counter = counters.get(event);
      if (label !== undefined) counter?.inc({ [PRODUCT_COUNTERS[event].label ?? 'label']: label }, count);
      else counter?.inc(count);
    });

    databaseGauges(fastify, client, registry);
    queueGauges(fastify, client, registry);

    const server = http.createServer((req, res) => {
      if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
        return;
      }
      registry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
        (err: unknown) => {
          fastify.log.error({ err }, 'metrics could not be collected');
          res.writeHead(500).end();
        },
      );
    });
    fastify.addHook('onReady', async () => {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen({ host: fastify.config.HOST, port }, resolve);
      });
      fastify.log.info({ port }, 'metrics served at /metrics');
    });
    fastify.addHook('onClose', async () => {
      removeSink();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });
  },
  { name: 'metrics-plugin', dependencies: ['env', 'db', 'jobs-service'] },
);

type PromClient = typeof PromClientModule;
type Registry = InstanceType<PromClient['Registry']>;

/**
 * The PostgreSQL pools' connections: open, idle, and callers waiting for one (a pool too small for
 * the load, or a slow database). PGlite is one connection inside the process: nothing to report.
 */
function databaseGauges(fastify: FastifyInstance, client: PromClient, registry: Registry) {
  const pools = fastify.dbHandle.pools ?? {};
  const gauge = (name: string, help: string, read: (pool: (typeof pools)[string]) => number) =>
    new client.Gauge({
      name,
      help,
      labelNames: ['pool'],
      registers: [registry],
      collect() {
        for (const [pool, p] of Object.entries(pools)) this.set({ pool }, read(p));
      },
    });
  gauge('db_pool_connections', 'Open connections of each database pool.', (p) => p.totalCount);
  gauge('db_pool_idle_connections', 'Idle connections of each database pool.', (p) => p.idleCount);
  gauge('db_pool_waiting_clients', 'Queries waiting for a connection of each database pool.', (p) => p.waitingCount);
}

/** The job queue's depth and failed jobs, per queue, once the queue has started (it starts on first use). */
function queueGauges(fastify: FastifyInstance, client: PromClient, registry: Registry) {
  new client.Gauge({
    name: 'aaspaas_jobs',
    help: 'Jobs of each queue by state (queued, active, failed), as pg-boss last counted them.',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      let stats: Awaited<ReturnType<typeof fastify.jobsService.queueStats>> = [];
      try {
        stats = await fastify.jobsService.queueStats();
      } catch (err) {
        // The rest of the metrics still answer while the database does not.
        fastify.log.warn({ err }, 'job queue metrics could not be read');
      }
      for (const q of stats) {
        this.set({ queue: q.name, state: 'queued' }, q.queuedCount);
        this.set({ queue: q.name, state: 'active' }, q.activeCount);
        this.set({ queue: q.name, state: 'failed' }, q.failedCount);
      }
    },
  });
}
