import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';

const DATABASE_URL = process.env.DATABASE_URL;
/** This file's ports: the OTLP receiver and the server. */
const RECEIVER_PORT = 6210;
const SERVER_PORT = 6211;
const SERVER = path.join(import.meta.dirname, '../src/server.ts');

type OtlpValue = { stringValue?: string; intValue?: string | number };
type OtlpSpan = { traceId: string; spanId: string; name: string; kind: number; attributes?: { key: string; value: OtlpValue }[] };
type OtlpBody = { resourceSpans?: { scopeSpans?: { scope?: { name?: string }; spans?: OtlpSpan[] }[] }[] };

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes?.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue !== undefined ? String(value.intValue) : undefined);
};

/** A minimal OTLP/HTTP receiver: keeps every span posted to /v1/traces (JSON encoding). */
function startReceiver(port: number) {
  const spans: (OtlpSpan & { scope: string })[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as OtlpBody;
        for (const rs of body.resourceSpans ?? [])
          for (const ss of rs.scopeSpans ?? []) for (const s of ss.spans ?? []) spans.push({ ...s, scope: ss.scope?.name ?? '' });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise<{ spans: typeof spans; close: () => Promise<void> }>((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve({ spans, close: () => new Promise((r) => server.close(() => r())) })),
  );
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Traces end to end: the real server as a process of its own (its entry loads telemetry.ts before
 * the app), sending to a real OTLP/HTTP receiver. PostgreSQL only: the SQL spans come from the pg
 * driver's instrumentation, and PGlite is no pg driver (on PGlite a request is traced without them).
 */
describe.skipIf(!DATABASE_URL)('OpenTelemetry traces (OTEL_EXPORTER_OTLP_ENDPOINT set)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aaspaas-otel-'));
  const database = `aaspaas_t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let child: ChildProcess | undefined;
  let output = '';

  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };

  beforeAll(async () => {
    receiver = await startReceiver(RECEIVER_PORT);
    const migrated = inject('migratedDatabase');
    const template = migrated?.kind === 'postgres' ? ` TEMPLATE ${migrated.template}` : '';
    await admin(`CREATE DATABASE ${database}${template}`);
    const url = new URL(DATABASE_URL ?? '');
    url.pathname = `/${database}`;
    child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
      env: {
        // With vitest's variables, which tell @fastify/autoload that .ts plugins load (through tsx).
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(SERVER_PORT),
        DATABASE_URL: url.toString(),
        DATA_DIR: dataDir,
        WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
        SEED_DEMO_DATA: 'false',
        JOBS_RECURRING: 'false',
        SMS_SENDER_ENABLED: 'false',
        LOG_LEVEL: 'warn',
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${RECEIVER_PORT}`,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '200',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    await until('the server to answer', async () => {
      if (child?.exitCode !== null) throw new Error(`server exited: ${output}`);
      const res = await fetch(`http://127.0.0.1:${SERVER_PORT}/api/health`).catch(() => null);
      return res?.ok ? true : undefined;
    });
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child?.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await receiver?.close();
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('sends one trace for a feed request, with its route and its SQL', async () => {
    const res = await fetch(`http://127.0.0.1:${SERVER_PORT}/api/feed?lat=19.07&lon=72.87&radiusKm=10`);
    expect(res.status).toBe(200);
    const server = await until('the feed request span', () =>
      receiver.spans.find((s) => s.kind === 2 && attribute(s, 'http.route') === '/api/feed'),
    );
    const sql = await until('a SQL span in its trace', () =>
      receiver.spans.find((s) => s.traceId === server.traceId && s.scope.includes('instrumentation-pg')),
    );
    expect(sql.name).toMatch(/^pg\.query/);
    // Statements are traced without their values.
    expect(JSON.stringify(sql.attributes)).not.toContain('72.87');
    const traces = new Set(receiver.spans.filter((s) => attribute(s, 'http.route') === '/api/feed').map((s) => s.traceId));
    expect(traces.size).toBe(1);
  }, 90_000);
});
