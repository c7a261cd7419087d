import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestLogController } from '../../src/lib/request-log';

describe('request logs', () => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const fastify = Fastify({ logger: { level: 'info', stream }, logController: new RequestLogController() });
  fastify.get('/fine', async () => ({ ok: true }));
  fastify.get('/broken', async () => {
    throw new Error('boom');
  });

  beforeAll(() => fastify.ready());
  afterAll(() => fastify.close());

  it('writes one line per request, with the method, URL, status and time', async () => {
    lines.length = 0;
    await fastify.inject({ method: 'GET', url: '/fine?x=1' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/fine?x=1' },
      res: { statusCode: 200 },
    });
    expect(typeof lines[0]!.responseTime).toBe('number');
  });

  it('still logs the request of an answer that failed', async () => {
    lines.length = 0;
    await fastify.inject({ method: 'GET', url: '/broken' });
    const completed = lines.filter((l) => String(l.msg).startsWith('request'));
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({ req: { method: 'GET', url: '/broken' }, res: { statusCode: 500 } });
  });
});
