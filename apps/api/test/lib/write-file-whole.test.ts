import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileWhole } from '#src/lib/write-file-whole';

describe('writeFileWhole', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'write-whole-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('leaves the file and nothing else, with its mode', async () => {
    const file = path.join(dir, 'a.json');
    await writeFileWhole(file, '{"a":1}\n', { mode: 0o600 });
    expect(fs.readdirSync(dir)).toEqual(['a.json']);
    expect(fs.readFileSync(file, 'utf8')).toBe('{"a":1}\n');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    await writeFileWhole(file, '{"a":2}\n');
    expect(fs.readFileSync(file, 'utf8')).toBe('{"a":2}\n');
    expect(fs.readdirSync(dir)).toEqual(['a.json']);
  });

  it('exclusive: refuses a file that is there, keeps the first, and leaves no temporary file', async () => {
    const file = path.join(dir, 'sms.json');
    await writeFileWhole(file, 'first', { exclusive: true });
    await expect(writeFileWhole(file, 'second', { exclusive: true })).rejects.toMatchObject({ code: 'EEXIST' });
    expect(fs.readFileSync(file, 'utf8')).toBe('first');
    expect(fs.readdirSync(dir)).toEqual(['sms.json']);
  });

  it('exclusive: of writes racing for one name, exactly one lands, whole', async () => {
    const file = path.join(dir, 'race.json');
    const bodies = Array.from({ length: 20 }, (_, i) => JSON.stringify({ i, pad: 'x'.repeat(100_000) }));
    const results = await Promise.allSettled(bodies.map((body) => writeFileWhole(file, body, { exclusive: true })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(bodies).toContain(fs.readFileSync(file, 'utf8'));
    expect(fs.readdirSync(dir)).toEqual(['race.json']);
  });
});
