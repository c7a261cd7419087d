import { execFile } from 'node:child_process';
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
});
