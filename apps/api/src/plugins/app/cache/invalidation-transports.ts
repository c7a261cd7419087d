import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { closeRedis, redisConnection } from '#src/lib/redis-connection';

/**
 * How invalidation messages travel between processes. `ready` settles once this process hears the
 * others (or gives up waiting: start-up never waits on Redis for long); `onGap` runs after a lost
 * connection is back, since messages sent meanwhile were missed.
 */
export type InvalidationTransport = {
  ready: Promise<void>;
  publish(message: string): Promise<void>;
  close(): Promise<void>;
};

type Listener = { onMessage: (message: string) => void; onGap: () => void; log: FastifyBaseLogger };

const RECONNECT_MS = 1000;

/** Redis pub/sub on `channel`: one connection publishes, one listens (a subscribed connection does nothing else). */
export function redisTransport(url: string, channel: string, listener: Listener): InvalidationTransport {
  const { log } = listener;
  const publisher = redisConnection(url, log, 'cache invalidation');
  // Subscribed again by hand on every `ready`, so a reconnect is known and caches are cleared after it.
  const subscriber = redisConnection(url, log, 'cache invalidation', { autoResubscribe: false });
  let heard = false;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  subscriber.on('message', (from: string, message: string) => {
    if (from === channel) listener.onMessage(message);
  });
  subscriber.on('ready', () => {
    subscriber
      .subscribe(channel)
      .then(() => {
        if (heard) listener.onGap();
        heard = true;
        markReady();
      })
      .catch((err: unknown) => log.warn({ err }, 'cache invalidation: could not subscribe'));
  });
  return {
    ready,
    async publish(message) {
      await publisher.publish(channel, message);
    },
    async close() {
      await Promise.all([closeRedis(subscriber), closeRedis(publisher)]);
    },
  };
}

/**
 * PostgreSQL LISTEN/NOTIFY on `channel` (scoped to the database by PostgreSQL itself): a connection
 * taken from the pool for good listens, and is replaced when it breaks; NOTIFY goes through the pool.
 */
export function postgresTransport(pool: pg.Pool, channel: string, listener: Listener): InvalidationTransport {
  const { log } = listener;
  let closed = false;
  let client: pg.PoolClient | null = null;
  let retry: NodeJS.Timeout | null = null;
  let heard = false;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const onNotification = (n: pg.Notification) => {
    if (n.channel === channel && n.payload !== undefined) listener.onMessage(n.payload);
  };

  function lost(broken: pg.PoolClient, err: unknown) {
    if (client !== broken) return;
    client = null;
    broken.removeListener('notification', onNotification);
    broken.release(err instanceof Error ? err : true);
    if (closed) return;
    log.warn({ err }, 'cache invalidation: the listening connection broke; listening again');
    retry = setTimeout(() => void listen(), RECONNECT_MS);
  }

  async function listen() {
    retry = null;
    if (closed) return;
    let taken: pg.PoolClient | null = null;
    try {
      taken = await pool.connect();
      const current = taken;
      client = current;
      current.on('notification', onNotification);
      current.on('error', (err) => lost(current, err));
      current.on('end', () => lost(current, new Error('connection ended')));
      await current.query(`LISTEN ${channel}`);
      if (heard) listener.onGap();
      heard = true;
      markReady();
    } catch (err) {
      if (taken && client === taken) lost(taken, err);
      else if (!closed) {
        log.warn({ err }, 'cache invalidation: could not listen; trying again');
        retry = setTimeout(() => void listen(), RECONNECT_MS);
      }
    }
  }
  void listen();

  return {
    ready,
    async publish(message) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, message]);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      if (!current) return;
      current.removeListener('notification', onNotification);
      await current.query(`UNLISTEN ${channel}`).catch(() => undefined);
      current.release();
    },
  };
}
