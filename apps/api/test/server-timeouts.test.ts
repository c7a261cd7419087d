import net from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../src/config/env';
import { serverOptions } from '../src/server';

describe('HTTP timeouts', () => {
  it('has request, header and keep-alive timeouts by default', () => {
    const env = loadEnv({});
    const options = serverOptions(env);
    expect(options.requestTimeout).toBe(120_000);
    expect(options.keepAliveTimeout).toBe(65_000);
    expect(options.http?.headersTimeout).toBe(15_000);
  });

  describe('a slow-loris client', () => {
    // Short timeouts so the test takes seconds: the same options as the server's, smaller numbers.
    const env = loadEnv({ LOG_LEVEL: 'silent', HTTP_HEADERS_TIMEOUT_MS: '1000', HTTP_REQUEST_TIMEOUT_MS: '2000' });
    const fastify = Fastify(serverOptions(env));
    fastify.get('/', async () => ({ ok: true }));
    fastify.post('/', async () => ({ ok: true }));
    let port = 0;
    beforeAll(async () => {
      await fastify.listen({ host: '127.0.0.1', port: 0 });
      port = (fastify.server.address() as net.AddressInfo).port;
    });
    afterAll(() => fastify.close());

    /** Opens a connection, writes `start`, then one more byte every 200 ms; resolves with the ms until the server closed it. */
    function trickle(start: string, drip: string): Promise<number> {
      return new Promise((resolve) => {
        const opened = Date.now();
        const socket = net.connect(port, '127.0.0.1', () => socket.write(start));
        const timer = setInterval(() => socket.writable && socket.write(drip), 200);
        const done = () => {
          clearInterval(timer);
          resolve(Date.now() - opened);
        };
        socket.on('close', done);
        socket.on('error', () => undefined);
        socket.resume();
        // Never close it ourselves before 10 s: the server must.
        setTimeout(() => socket.destroy(), 10_000).unref();
      });
    }

    it('that never finishes its headers is closed after the header timeout', async () => {
      const ms = await trickle('GET / HTTP/1.1\r\nHost: localhost\r\n', 'X-a: b\r\n');
      expect(ms).toBeGreaterThanOrEqual(900);
      expect(ms).toBeLessThan(6_000);
    });

    it('that never finishes its body is closed after the request timeout', async () => {
      const ms = await trickle(
        'POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nContent-Length: 100000\r\n\r\n',
        'x',
      );
      expect(ms).toBeGreaterThanOrEqual(1_900);
      expect(ms).toBeLessThan(7_000);
    });
  });
});
