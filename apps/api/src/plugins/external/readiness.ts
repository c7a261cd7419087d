import fp from 'fastify-plugin';

/** What one readiness check found: 'degraded' is reported, but the process stays in rotation. */
type ReadinessResult = { status: 'ok' | 'degraded' | 'down'; reason?: string };
type ReadinessCheck = () => Promise<ReadinessResult>;

type Readiness = {
  /** Adds a named check that every /api/health/ready runs. */
  register(name: string, check: ReadinessCheck): void;
  /** Runs every check; a check that throws counts as down. */
  run(): Promise<{ status: ReadinessResult['status']; checks: Record<string, ReadinessResult> }>;
};

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

const RANK = { ok: 0, degraded: 1, down: 2 } as const;

/** `fastify.readiness`: the checks a load balancer's readiness probe (GET /api/health/ready) runs. */
export default fp(
  async (fastify) => {
    const checks = new Map<string, ReadinessCheck>();
    fastify.decorate('readiness', {
      register(name, check) {
        checks.set(name, check);
      },
      async run() {
        const results: Record<string, ReadinessResult> = {};
        let status: ReadinessResult['status'] = 'ok';
        for (const [name, check] of checks) {
          const result = await check().catch((err: unknown) => ({
            status: 'down' as const,
            reason: err instanceof Error ? err.message : String(err),
          }));
          results[name] = result;
          if (RANK[result.status] > RANK[status]) status = result.status;
        }
        return { status, checks: results };
      },
    } satisfies Readiness);
  },
  { name: 'readiness' },
);
