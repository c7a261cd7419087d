import { execFileSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltServer, emptyPostgresDatabase, startBuiltServer, tempDataDir, waitReady } from '#test/built-server';

const apiDir = path.resolve(import.meta.dirname, '../..');
const root = path.resolve(apiDir, '../..');

/** The packages a file imports or requires by name (relative and node: imports left out). */
function packagesImported(source: string): string[] {
  const patterns = [
    /^\s*(?:import|export)\s[^;]*?\bfrom\s*["']([^"']+)["']/gm,
    /^\s*import\s*["']([^"']+)["']/gm,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
    /\brequire\d*(?:\.resolve)?\(\s*["']([^"']+)["']\s*\)/g,
  ];
  const specifiers = patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((m) => m[1]!));
  return specifiers
    .filter((s) => !s.startsWith('.') && !s.startsWith('node:'))
    .map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!));
}

function dependenciesOf(packageJson: string): string[] {
  return Object.keys((JSON.parse(fs.readFileSync(packageJson, 'utf8')) as { dependencies?: object }).dependencies ?? {});
}

describe('the build (ADR 044)', () => {
  it('imports only production dependencies and Node built-ins at run time', () => {
    const allowed = new Set([
      ...dependenciesOf(path.join(apiDir, 'package.json')),
      ...dependenciesOf(path.join(root, 'packages/domain/package.json')),
      ...builtinModules,
    ]);
    const dist = path.join(apiDir, 'dist');
    const files = fs.readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
    expect(files).toContain('server.js');
    expect(files).toContain('migrate.js');
    const outside = new Set<string>();
    for (const file of files) {
      for (const name of packagesImported(fs.readFileSync(path.join(dist, file), 'utf8'))) {
        if (!allowed.has(name)) outside.add(`${name} (${file})`);
      }
    }
    expect([...outside]).toEqual([]);
  });
});

/**
 * One production server, started with plain node from the build, build tools refused at load
 * (test/no-dev-tools.mjs): it serves the app, then drains on SIGTERM.
 */
describe('node apps/api/dist/server.js', () => {
  let server: BuiltServer;
  let baseUrl: string;
  let cleanUp: () => Promise<void> | void = () => undefined;

  beforeAll(async () => {
    // The page `/` is the web build's: built here unless current (the browser tests then reuse it). As a
    // production build: vitest's NODE_ENV=test would make Vite emit React's development JSX runtime.
    execFileSync('npm', ['run', 'build:if-stale'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (process.env.DATABASE_URL) {
      const db = await emptyPostgresDatabase();
      cleanUp = db.drop;
      server = startBuiltServer({ DATABASE_URL: db.url, PAYMENTS_TEST_GATEWAY: 'true' });
    } else {
      const data = tempDataDir();
      cleanUp = data.remove;
      server = startBuiltServer({ DATA_DIR: data.dir, EMBEDDED_DATABASE_IN_PRODUCTION: 'true', PAYMENTS_TEST_GATEWAY: 'true' });
    }
    baseUrl = await server.url;
    await waitReady(baseUrl);
  }, 300_000);

  afterAll(async () => {
    if (server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await cleanUp();
  });

  it('serves the app, the feed and readiness', async () => {
    const page = await fetch(`${baseUrl}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root"');
    const feed = await fetch(`${baseUrl}/api/feed`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toMatch(/^application\/json/);
    const ready = await fetch(`${baseUrl}/api/health/ready`);
    expect(await ready.json()).toMatchObject({
      status: 'ok',
      checks: { database: { status: 'ok' }, migrations: { status: 'ok' } },
    });
    expect((await fetch(`${baseUrl}/api/health/live`)).status).toBe(200);
    // Nothing failed on the way, the server-drawn first screen of `/` included.
    expect(server.stdout()).not.toMatch(/"level":(40|50)[^\n]*"err"/);
  });

  it('on SIGTERM answers not ready at once, finishes a 3 s request with 200, and exits with 0', async () => {
    const { port } = new URL(baseUrl);
    // A real slow request: an analytics batch whose body arrives over 3 s, as from a slow uplink.
    const body = JSON.stringify({ events: [{ name: 'page_view', path: '/' }] });
    const socket = net.connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const closed = new Promise((resolve) => socket.on('close', resolve));
    await new Promise((resolve) => socket.once('connect', resolve));
    const started = Date.now();
    socket.write(
      `POST /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 5)}`,
    );
    // The request is in flight once its headers are in: then the signal.
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.child.kill('SIGTERM');
    let readyStatus = 0;
    for (let i = 0; i < 50 && readyStatus !== 503; i++) {
      readyStatus = await fetch(`${baseUrl}/api/health/ready`).then(
        (res) => res.status,
        () => -1,
      );
      if (readyStatus !== 503) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(readyStatus).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 3000 - (Date.now() - started))));
    // Not half-closed: the server closes the connection once it has answered (Connection: close).
    socket.write(body.slice(5));
    await closed;
    expect(answer, server.stdout().slice(-3000) + server.stderr()).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('"success":true');
    expect(await server.exited).toBe(0);
    expect(server.stderr()).toBe('');
  });
});

describe('refusing to start, in one line', () => {
  it('gives up on an unreachable database after trying again with back-off, one log line per try', async () => {
    // Nothing listens on this port of the test's range.
    const server = startBuiltServer({ DATABASE_URL: 'postgres://postgres@127.0.0.1:6199/none', DB_CONNECT_RETRY_MS: '1600' });
    expect(await server.exited).toBe(1);
    const tries = server
      .stdout()
      .split('\n')
      .filter((line) => line.includes('not reachable'));
    expect(tries.length).toBeGreaterThanOrEqual(2);
    expect(server.fatalLine()).toEqual({
      msg: expect.stringMatching(/: The database at 127\.0\.0\.1:6199 is not reachable .* gave up after \d+ tries\.$/),
      hasStack: false,
    });
  });

  it('says a Node without module.registerHooks is too old, without a stack', async () => {
    // Node before 22.15, as far as the server can tell.
    const olderNode = `data:text/javascript,${encodeURIComponent("import m from 'node:module'; m.registerHooks = undefined;")}`;
    const server = startBuiltServer({ DATABASE_URL: 'postgres://postgres@127.0.0.1:6199/none' }, olderNode);
    expect(await server.exited).toBe(1);
    expect(server.fatalLine()).toEqual({
      msg: expect.stringMatching(
        /^server could not start: Node v[\d.]+ is too old for the built server: it needs Node 22\.15 or newer\.$/,
      ),
      hasStack: false,
    });
  });

  it('refuses the embedded database in production unless asked for', async () => {
    const data = tempDataDir();
    try {
      const server = startBuiltServer({ DATA_DIR: data.dir });
      expect(await server.exited).toBe(1);
      expect(server.fatalLine()).toEqual({
        msg: expect.stringMatching(/: DATABASE_URL is required in production .*EMBEDDED_DATABASE_IN_PRODUCTION=true/),
        hasStack: false,
      });
    } finally {
      data.remove();
    }
  });
});
