import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';

/**
 * A Redis command that has not answered by then has failed: the caller falls back rather than waits
 * (a rate-limited request then counts in the process's own memory: ADR 047).
 */
const COMMAND_TIMEOUT_MS = 250;

/**
 * A Redis connection that fails fast: no offline queue (a command while Redis is away fails at once
 * instead of waiting for a reconnect), a short command timeout, one retry, and an `error` listener
 * that logs the first error of an outage once (ioredis reconnects by itself meanwhile). What uses it
 * must work without it: Redis may fail, the site may not.
 */
export function redisConnection(url: string, log: FastifyBaseLogger, purpose: string, options: RedisOptions = {}): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    commandTimeout: COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    // Reconnects at most a second apart, so a Redis that comes back is used again within a second.
    retryStrategy: (times) => Math.min(times * 100, 1000),
    ...options,
  });
  let down = false;
  redis.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: { message: err.message }, purpose }, 'Redis unreachable: working without it until it is back');
  });
  redis.on('ready', () => {
    if (down) log.info({ purpose }, 'Redis reachable again');
    down = false;
  });
  return redis;
}

/** Closes a connection whether or not Redis answers (quit waits for an answer; disconnect does not). */
export async function closeRedis(redis: Redis): Promise<void> {
  // Errors of the closing connection are expected and not worth a line.
  redis.removeAllListeners('error');
  redis.on('error', () => undefined);
  if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
}
