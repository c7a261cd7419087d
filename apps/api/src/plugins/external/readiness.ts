import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** What one part the server depends on says about itself: 'degraded' is reported but still ready. */
export type ReadinessCheck = { status: 'ok' | 'degraded' | 'down'; reason?: string };

/** The answer of GET /api/health/ready. */
type ReadinessReport = {
  status: 'ok' | 'degraded' | 'down';
  reason?: string;
  checks: Record<string, ReadinessCheck>;
};

/** A check that does not answer within this is down: a probe must answer before its own timeout. */
const CHECK_TIMEOUT_MS = 2000;

async function runCheck(check: () => Promise<ReadinessCheck>): Promise<ReadinessCheck> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<ReadinessCheck>((resolve) => {
    timer = setTimeout(() => resolve({ status: 'down', reason: `no answer within ${CHECK_TIMEOUT_MS} ms` }), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      check().catch((err: unknown) => ({ status: 'down' as const, reason: err instanceof Error ? err.message : String(err) })),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The parts readiness depends on (database, migrations, Redis …), each registered by the plugin that
 * owns the part, and whether the process is draining (SIGTERM: server.ts).
 */
function createReadiness(inFlight: ReadonlySet<FastifyRequest>) {
  const checks = new Map<string, () => Promise<ReadinessCheck>>();
  const readiness = {
    /** true from SIGTERM on: readiness answers 503 so the load balancer sends no new requests. */
    draining: false,
    /** Adds a check under `name` (one per name: registering a name again replaces it). */
    register(name: string, check: () => Promise<ReadinessCheck>) {
      checks.set(name, check);
    },
    /** Every check, run at once; down when one is down or the process is draining. */
    async report(): Promise<ReadinessReport> {
      const names = [...checks.keys()];
      const results = await Promise.all(names.map((name) => runCheck(checks.get(name)!)));
      const report = Object.fromEntries(names.map((name, i) => [name, results[i]!]));
      const down = names.find((name) => report[name]!.status === 'down');
      if (readiness.draining) return { status: 'down', reason: 'shutting down', checks: report };
      if (down) return { status: 'down', reason: `${down}: ${report[down]!.reason ?? 'down'}`, checks: report };
      const degraded = results.some((r) => r.status === 'degraded');
      return { status: degraded ? 'degraded' : 'ok', checks: report };
    },
    /** Requests being answered now (readiness probes included). */
    get requestsInFlight() {
      return inFlight.size;
    },
    /**
     * Resolves when no request other than probes is in flight, or after `graceMs`; the server keeps
     * listening meanwhile (a load balancer that has not yet seen readiness fail is still answered).
     */
    async drained(graceMs: number): Promise<void> {
      const until = Date.now() + graceMs;
      while (Date.now() < until && [...inFlight].some((request) => !request.url.startsWith('/api/health'))) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
  return readiness;
}

export type Readiness = ReturnType<typeof createReadiness>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Readiness checks and draining (GET /api/health/ready). */
    readiness: Readiness;
  }
}

/** `fastify.readiness`: where plugins register what readiness checks, and what SIGTERM drains. */
export default fp(
  async (fastify) => {
    const inFlight = new Set<FastifyRequest>();
    const readiness = createReadiness(inFlight);
    fastify.addHook('onRequest', async (request, reply) => {
      inFlight.add(request);
      // 'close' comes after the answer is sent and also when the client went away before it was,
      // which onResponse never sees: a request must not hold the drain for the whole grace.
      reply.raw.once('close', () => inFlight.delete(request));
    });
    fastify.decorate('readiness', readiness);
  },
  { name: 'readiness' },
);
