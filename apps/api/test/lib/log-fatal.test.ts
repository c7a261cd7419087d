import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const SERVER = path.join(import.meta.dirname, '../../src/server.ts');

describe('a server that cannot start', () => {
  it('says why in one JSON line, without a stack, for a configuration error', async () => {
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', SERVER], {
      env: { ...process.env, NODE_ENV: 'production', JWT_SECRET: '', PUBLIC_URL: '', PORT: '6220', DATABASE_URL: '' },
    });
    const failed = await run.then(
      () => null,
      (err: { code: number; stdout: string; stderr: string }) => err,
    );
    expect(failed?.code).toBe(1);
    const lines = `${failed?.stdout ?? ''}${failed?.stderr ?? ''}`.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0] ?? '') as Record<string, unknown>;
    expect(line).toMatchObject({ level: 60, settings: expect.arrayContaining([expect.stringMatching(/^JWT_SECRET: required/)]) });
    expect(String(line.msg)).toMatch(/^server could not start: invalid configuration: .*JWT_SECRET.*PUBLIC_URL/);
    expect(JSON.stringify(line)).not.toContain('    at ');
  }, 60_000);

  it('reports an uncaught exception thrown while it starts in one JSON line, not node’s plain-text stack', async () => {
    // Thrown from a timer as soon as the server's start installs its first handler of uncaught exceptions:
    // while it migrates and seeds, long before close-with-grace takes over.
    const thrower = `data:text/javascript,${encodeURIComponent(
      "process.on('newListener', function once(event) { if (event !== 'uncaughtException') return; " +
        "process.off('newListener', once); setImmediate(() => { throw new Error('a timer failed while starting'); }); });",
    )}`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aaspaas-fatal-'));
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', '--import', thrower, SERVER], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: '6221',
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        SEED_DEMO_DATA: 'false',
      },
    });
    const failed = await run.then(
      () => null,
      (err: { code: number; stdout: string; stderr: string }) => err,
    );
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(failed?.code).toBe(1);
    const lines = `${failed?.stdout ?? ''}${failed?.stderr ?? ''}`.split('\n').filter(Boolean);
    // Every line JSON (the server's own log lines before it, if any, are too), the last one the failure.
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(parsed.at(-1)).toMatchObject({ level: 60, msg: 'server failed while starting: a timer failed while starting' });
  }, 60_000);
});
