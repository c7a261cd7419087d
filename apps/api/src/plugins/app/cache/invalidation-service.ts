import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { type InvalidationTransport, postgresTransport, redisTransport } from './invalidation-transports';

/**
 * The caches a person can see stale, by name (ADR 046). A write that changes what one holds publishes
 * its name; every process's cache of that name is cleared within a second.
 */
export const CACHES = {
  /** The feed's category menu with its counts (business-repository.ts). */
  categories: 'categories',
  /** The feed's first screens and first-visit pages per place and language (feed-document-plugin.ts). */
  firstScreens: 'first-screens',
} as const;

type CacheName = (typeof CACHES)[keyof typeof CACHES];

/** PostgreSQL's NOTIFY channel (per database by nature); Redis's channel adds the database's name. */
const CHANNEL = 'aaspaas_invalidate';
/** Start-up waits this long at most to hear other processes (Redis or the database slow to answer). */
const READY_WAIT_MS = 2000;

type Message = { o: string; n: string; p?: string };

/**
 * Cache invalidation shared by every process: `subscribe(name, handler)` where a cache lives,
 * `publish(name)` where a write changes it. Publishing clears this process's caches at once and tells
 * the others through the transport (Redis pub/sub, PostgreSQL LISTEN/NOTIFY, or none for a single
 * process); a transport that failed or reconnected clears every cache, since messages may be lost.
 */
export function createInvalidationService(deps: { log: FastifyBaseLogger }) {
  const { log } = deps;
  const origin = randomUUID();
  const handlers = new Map<string, Set<(payload?: string) => void>>();
  let transport: InvalidationTransport | null = null;

  function deliver(name: string, payload?: string) {
    for (const handler of handlers.get(name) ?? []) {
      try {
        handler(payload);
      } catch (err) {
        log.error({ err, cache: name }, 'a cache could not be cleared');
      }
    }
  }

  function deliverAll() {
    for (const name of handlers.keys()) deliver(name);
  }

  function receive(raw: string) {
    let message: Message;
    try {
      message = JSON.parse(raw) as Message;
    } catch {
      return;
    }
    // Our own message: its caches were cleared when it was published.
    if (message.o === origin || typeof message.n !== 'string') return;
    deliver(message.n, message.p);
  }

  return {
    /** Runs `handler` whenever `name` is published, by this process or another; returns the unsubscribe. */
    subscribe(name: CacheName, handler: (payload?: string) => void): () => void {
      let set = handlers.get(name);
      if (!set) handlers.set(name, (set = new Set()));
      set.add(handler);
      return () => set.delete(handler);
    },
    /**
     * Clears `name` here at once, then in every other process. Never throws: the change it follows is
     * already saved, and a process that missed the message clears everything when it hears again.
     */
    async publish(name: CacheName, payload?: string): Promise<void> {
      deliver(name, payload);
      if (!transport) return;
      const message: Message = payload === undefined ? { o: origin, n: name } : { o: origin, n: name, p: payload };
      try {
        await transport.publish(JSON.stringify(message));
      } catch (err) {
        log.warn({ err, cache: name }, 'other processes could not be told to clear a cache');
      }
    },
    /** Internal: the plugin attaches the transport its settings choose. */
    attach(
      make: (listener: { onMessage: (m: string) => void; onGap: () => void; log: FastifyBaseLogger }) => InvalidationTransport,
    ) {
      transport = make({ onMessage: receive, onGap: deliverAll, log });
      return transport;
    },
    /** Which way the messages go: 'redis', 'postgres', or 'local' (one process: PGlite). */
    via: 'local' as 'redis' | 'postgres' | 'local',
  };
}

export type InvalidationService = ReturnType<typeof createInvalidationService>;

declare module 'fastify' {
  interface FastifyInstance {
    invalidationService: InvalidationService;
  }
}

/**
 * Redis pub/sub when REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY; PGlite lives in one process,
 * so there the publishing process is the only one.
 */
export default fp(
  async (fastify) => {
    const service = createInvalidationService({ log: fastify.log });
    fastify.decorate('invalidationService', service);
    const { driver } = fastify.dbHandle;
    if (driver.kind !== 'postgres') return;
    const { pool } = driver;
    let transport: InvalidationTransport;
    const redisUrl = fastify.config.REDIS_URL;
    if (redisUrl) {
      // Processes on one database share its caches: the channel is the database's.
      const { rows } = await pool.query<{ name: string }>('SELECT current_database() AS name');
      const channel = `aaspaas:invalidate:${rows[0]?.name ?? ''}`;
      transport = service.attach((listener) => redisTransport(redisUrl, channel, listener));
      service.via = 'redis';
    } else {
      transport = service.attach((listener) => postgresTransport(pool, CHANNEL, listener));
      service.via = 'postgres';
    }
    // Before the database closes: the listening connection goes back to the pool.
    fastify.addHook('preClose', () => transport.close());
    fastify.addHook('onReady', async () => {
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), READY_WAIT_MS)));
      const outcome = await Promise.race([transport.ready.then(() => 'ready' as const), waited]);
      clearTimeout(timer);
      if (outcome === 'late') fastify.log.warn('cache invalidation is not connected yet; caches expire on their own meanwhile');
    });
  },
  { name: 'invalidation-service', dependencies: ['db', 'env'] },
);
