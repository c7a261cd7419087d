import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '#src/db/schema';
import { authHeader, createBusiness } from '#test/helper';
import { buildLoggedApp, type LoggedApp } from '#test/logged-app';
import { photo } from './upload-kit';

const BOUNDARY = '----aaspaas-edge-boundary';
const part = (name: string, filename: string) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );

describe('uploads at their edges', () => {
  let logged: LoggedApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    logged = await buildLoggedApp();
    auth = await authHeader(logged.fastify, await createBusiness(logged.dbHandle.db));
  });
  afterAll(() => logged.fastify.close());

  it('refuses a second file with a 400 and stores neither', async () => {
    const jpeg = await photo(64, 48);
    const payload = Buffer.concat([
      part('file', 'a.jpg'),
      jpeg,
      Buffer.from('\r\n'),
      part('file', 'b.jpg'),
      jpeg,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    const res = await logged.fastify.inject({
      method: 'POST',
      url: '/api/uploads',
      payload,
      headers: { ...auth, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message: 'Send one photo at a time.' });
    expect(await logged.dbHandle.db.$count(uploads)).toBe(0);
  });

  it('does not log a client that gives up mid-upload as an error of ours', async () => {
    const address = await logged.fastify.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    logged.lines.length = 0;
    const head = part('file', 'big.jpg');
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /api/uploads HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${auth.authorization}\r\n` +
            `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: 5000000\r\n\r\n`,
        );
        socket.write(Buffer.concat([head, Buffer.alloc(64 * 1024, 1)]));
        // The phone loses its signal: the connection ends with most of the photo unsent.
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 300);
      });
      socket.on('error', reject);
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const errors = logged.lines.filter((l) => Number(l.level) >= 50);
    expect(errors).toEqual([]);
    expect(logged.lines.some((l) => l.msg === 'upload abandoned by the client')).toBe(true);
    expect(await logged.dbHandle.db.$count(uploads)).toBe(0);
  });
});
