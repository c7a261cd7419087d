import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sourceVersions } from '#src/plugins/app/geo/places/source-versions';

const PLACES_DIR = path.join(import.meta.dirname, '../../../src/plugins/app/geo/places');
const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'places-code-'));
afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));

describe('the places cache key', () => {
  it('is the same for the same code', () => {
    expect(sourceVersions()).toBe(sourceVersions(PLACES_DIR));
  });

  // The index's code is spread over the folder: a change in any of its files must rebuild the cache.
  it.each(fs.readdirSync(PLACES_DIR).sort())('changes when %s changes', (file) => {
    fs.cpSync(PLACES_DIR, copy, { recursive: true });
    const before = sourceVersions(copy);
    expect(before).toBe(sourceVersions(PLACES_DIR));
    fs.appendFileSync(path.join(copy, file), '\n// changed\n');
    expect(sourceVersions(copy)).not.toBe(before);
  });
});
