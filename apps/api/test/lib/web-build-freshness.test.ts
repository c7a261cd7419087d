import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { webBuildIsStale } from '../../src/lib/web-build-freshness';

let root: string;
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** A checkout with one source file and a build, each given a modification time in seconds. */
function checkout(times: { source: number; build?: number; ssr?: number }) {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'aaspaas-build-'));
  const write = (file: string, seconds: number) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), 'x');
    // The file and the folders it made: a folder's time moves when a file is added to it.
    for (let p = path.join(root, file); p !== root; p = path.dirname(p)) fs.utimesSync(p, seconds, seconds);
  };
  write('apps/web/src/app/feed.tsx', times.source);
  if (times.build !== undefined) write('dist/index.html', times.build);
  if (times.ssr !== undefined) write('dist-ssr/first-screen.js', times.ssr);
  return [path.join(root, 'dist/index.html'), path.join(root, 'dist-ssr/first-screen.js')];
}

/** Whether that checkout's build is stale for its web sources. */
function stale(times: { source: number; build?: number; ssr?: number }): boolean {
  const built = checkout(times);
  return webBuildIsStale(root, built, ['apps/web/src']);
}

describe('webBuildIsStale', () => {
  it('is stale without a build, or with half of one', () => {
    expect(stale({ source: 1000 })).toBe(true);
    fs.rmSync(root, { recursive: true, force: true });
    expect(stale({ source: 1000, build: 2000 })).toBe(true);
  });

  it('is fresh when the build is newer than every source', () => {
    expect(stale({ source: 1000, build: 2000, ssr: 2000 })).toBe(false);
  });

  it('is stale when a source changed after the build (a pull, an edit)', () => {
    expect(stale({ source: 3000, build: 2000, ssr: 2000 })).toBe(true);
  });

  it('is stale when one part of the build is older than a source', () => {
    expect(stale({ source: 1500, build: 2000, ssr: 1000 })).toBe(true);
  });
});
