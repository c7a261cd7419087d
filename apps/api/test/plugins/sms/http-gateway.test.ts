import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpGateway } from '../../../src/plugins/app/sms/gateways/http-gateway';
import type { SmsSubmission } from '../../../src/plugins/app/sms/gateways/sms-gateway';
import { type HttpGatewayServer, startHttpGateway } from './http-gateway-test-server';

const AUTH_KEY = 'test-authkey-0123456789';

const sms = (over: Partial<SmsSubmission> = {}): SmsSubmission => ({
  to: '9000000501',
  header: 'KUMARS',
  entityId: '1201159876543210987',
  templateId: '1207161111111111111',
  text: 'Dear Asha, your order A-17 is ready at Kumar Store.',
  encoding: 'GSM-7',
  parts: 1,
  idempotencyKey: 'sms:1:9000000501',
  ...over,
});

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('the HTTP (MSG91-style) gateway adapter against a local gateway', () => {
  let server: HttpGatewayServer;

  beforeAll(async () => {
    server = await startHttpGateway({ authKey: AUTH_KEY, dlrSecret: 'x'.repeat(32) });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('sends the header, DLT ids, number with 91, text, Unicode flag and our idempotency key, and returns the request id', async () => {
    const gateway = createHttpGateway({ url: server.url, authKey: AUTH_KEY, ratePerSecond: 100 });
    const plain = await gateway.submit(sms());
    const hindi = 'नमस्ते आशा, आपका ऑर्डर A-17 कुमार स्टोर पर तैयार है। आज शाम तक ले जाएँ, धन्यवाद।';
    const unicode = await gateway.submit(
      sms({ to: '9000000502', text: hindi, encoding: 'UCS-2', parts: 2, idempotencyKey: 'sms:2:9000000502' }),
    );
    expect(plain.ok && unicode.ok).toBe(true);
    const [first, second] = server.received.slice(-2);
    expect(plain).toEqual({ ok: true, providerMessageId: first?.requestId });
    expect(unicode).toEqual({ ok: true, providerMessageId: second?.requestId });
    expect(first).toMatchObject({
      authKey: AUTH_KEY,
      route: '4',
      to: '919000000501',
      header: 'KUMARS',
      peId: '1201159876543210987',
      templateId: '1207161111111111111',
      clientId: 'sms:1:9000000501',
      unicode: 0,
      encoding: 'GSM-7',
      parts: 1,
      text: 'Dear Asha, your order A-17 is ready at Kumar Store.',
    });
    // The gateway counts the parts we charged for.
    expect(second).toMatchObject({ to: '919000000502', unicode: 1, encoding: 'UCS-2', parts: 2, text: hindi });
    await gateway.close();
  });

  it('calls 429 and 5xx temporary, another 4xx or an error answer permanent, and no answer uncertain', async () => {
    const gateway = createHttpGateway({ url: server.url, authKey: AUTH_KEY, ratePerSecond: 100, timeoutMs: 300 });
    const count = server.received.length;
    server.script.push(
      { status: 429, body: { type: 'error', message: 'Too many requests' } },
      { status: 503 },
      { status: 400, body: { type: 'error', message: 'Template mismatch' } },
      { status: 200, body: { type: 'error', message: 'Insufficient balance' } },
      { hang: true },
      { drop: true },
    );
    const results = [];
    for (let i = 0; i < 6; i += 1) results.push(await gateway.submit(sms()));
    expect(results.map((r) => (r.ok ? 'ok' : r.kind))).toEqual([
      'temporary',
      'temporary',
      'permanent',
      'permanent',
      'uncertain',
      'uncertain',
    ]);
    expect(results[0]).toMatchObject({ error: 'SMS gateway busy (HTTP 429: Too many requests)' });
    expect(results[2]).toMatchObject({ error: 'SMS gateway refused (HTTP 400: Template mismatch)' });
    expect(results[4]).toMatchObject({ error: 'the SMS gateway did not answer in time' });
    // A wrong key is refused for good.
    const wrongKey = createHttpGateway({ url: server.url, authKey: 'wrong', ratePerSecond: 100 });
    expect(await wrongKey.submit(sms())).toMatchObject({ ok: false, kind: 'permanent' });
    // Nobody listening: nothing was sent, so it is safe to try again.
    const down = createHttpGateway({
      url: `http://127.0.0.1:${await closedPort()}/api/v2/sendsms`,
      authKey: AUTH_KEY,
      ratePerSecond: 100,
    });
    expect(await down.submit(sms())).toMatchObject({ ok: false, kind: 'temporary' });
    expect(server.received.length).toBe(count);
    expect(gateway.idempotent).toBe(false);
    await Promise.all([gateway.close(), wrongKey.close(), down.close()]);
  });

  it('keeps to its rate: 10 messages at 20 a second take at least 450 ms however they are asked for', async () => {
    const gateway = createHttpGateway({ url: server.url, authKey: AUTH_KEY, ratePerSecond: 20 });
    const started = Date.now();
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => gateway.submit(sms({ idempotencyKey: `rate:${i}` }))));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    await gateway.close();
  });
});
