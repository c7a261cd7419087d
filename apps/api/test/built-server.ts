import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const apiDir = path.resolve(import.meta.dirname, '..');
/** The production entry (ADR 044), built by build-setup.ts. */
const BUILT_SERVER = path.join(apiDir, 'dist/server.js');
const NO_DEV_TOOLS = path.join(import.meta.dirname, 'no-dev-tools.mjs');

export type BuiltServer = {
  child: ChildProcess;
  /** http://127.0.0.1:PORT, once it listens. */
  url: Promise<string>;
  /** The exit code (null: ended by a signal). */
  exited: Promise<number | null>;
  stdout: () => string;
  stderr: () => string;
  /** The one JSON line of a process that could not start. */
  fatalLine: () => { msg: string; hasStack: boolean };
};

/**
 * Starts `node apps/api/dist/server.js` as production does, with build tools refused at load
 * (no-dev-tools.mjs), on a port the system picks, in production mode on `env`'s database. `preload`:
 * a module imported before the server (a machine unlike this one).
 */
export function startBuiltServer(env: Record<string, string>, preload?: string): BuiltServer {
  const imports = ['--import', NO_DEV_TOOLS, ...(preload ? ['--import', preload] : [])];
  const child = spawn(process.execPath, [...imports, BUILT_SERVER], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      JWT_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: 'https://aaspaas.example',
      SEED_DEMO_DATA: 'false',
      // A busy CI machine must never see a test's request shed.
      LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
      RATE_LIMIT_PREFIX: `aaspaas-rl-test-${randomUUID()}:`,
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (listening) resolve(listening[1]!);
    });
    child.on('exit', (code) => reject(new Error(`the server exited (${code}) before listening: ${err || out.slice(-2000)}`)));
  });
  url.catch(() => undefined);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, url, exited, stdout: () => out, stderr: () => err, fatalLine: () => fatalLine(err) };
}

/**
 * A process that cannot start writes one JSON line to stderr (lib/log-fatal.ts): its message, and no
 * stack for an error the operator fixes from the message alone. Throws unless stderr is exactly that.
 */
function fatalLine(stderr: string): { msg: string; hasStack: boolean } {
  const lines = stderr.trim().split('\n');
  if (lines.length !== 1) throw new Error(`expected one line on stderr, got ${lines.length}: ${stderr}`);
  const line = JSON.parse(lines[0]!) as { level: number; msg: string; err?: { stack?: string } };
  return { msg: line.msg, hasStack: Boolean(line.err?.stack) };
}

/** Polls readiness until it answers 200. */
export async function waitReady(baseUrl: string, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const status = await fetch(`${baseUrl}/api/health/ready`).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${baseUrl} not ready within ${timeoutMs} ms`);
}

/** A new empty folder for an embedded database, removed by the returned function. */
export function tempDataDir(): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aaspaas-built-'));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** A new empty PostgreSQL database next to DATABASE_URL's; its URL and a drop. */
export async function emptyPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL!;
  const name = `aaspaas_e_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
