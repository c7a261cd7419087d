import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockDataDir } from '#src/db/data-dir-lock';

describe('the embedded database folder lock', () => {
  let dir: string;
  let lockFile: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aaspaas-lock-'));
    lockFile = path.join(dir, 'pglite.lock');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('holds this process id until released', () => {
    const release = lockDataDir(lockFile);
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it('refuses a folder another running process holds, naming it', () => {
    // The test runner's parent process: alive, and not this one.
    fs.writeFileSync(lockFile, String(process.ppid));
    expect(() => lockDataDir(lockFile)).toThrow(`is in use by another process (pid ${process.ppid})`);
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.ppid));
  });

  it('takes over the lock of a process that is gone', () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    fs.writeFileSync(lockFile, String(gone));
    const release = lockDataDir(lockFile);
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    release();
  });
});
