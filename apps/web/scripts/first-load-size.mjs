// Gzipped JS a first visit downloads for a route: the entry (main.tsx), the app it imports at once
// (src/app/index.tsx), the route's lazy chunk and all their static imports (from
// dist/.vite/manifest.json). Usage: node scripts/first-load-size.mjs [route-file]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(process.env.DIST ?? path.join(import.meta.dirname, '../dist'));
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const route = process.argv[2] ?? 'src/app/routes/feed.tsx';
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const seen = new Set();
function walk(key) {
  if (!key || seen.has(key)) return;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) walk(dep);
}
walk(entry);
// main.tsx imports the app at once: that dynamic import is part of every first load.
for (const key of manifest[entry].dynamicImports ?? []) walk(key);
// A route merged into a shared chunk (the feed's, see vite.config.ts) has no key of its own.
if (manifest[route]) walk(route);
else if (!route.endsWith('/feed.tsx')) throw new Error(`${route} is not in the manifest`);
let total = 0;
const rows = [];
for (const key of seen) {
  const file = manifest[key].file;
  if (!file.endsWith('.js')) continue;
  const gz = zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += gz;
  rows.push([file, gz]);
}
rows.sort((a, b) => b[1] - a[1]);
for (const [file, gz] of rows) console.log(`${(gz / 1024).toFixed(2).padStart(8)} KB  ${file}`);
console.log(`${(total / 1024).toFixed(2).padStart(8)} KB  first-load JS (gzip) for ${route}`);
