// npm run bench:web — what a phone downloads for the public feed's first load, and Lighthouse
// mobile scores (GUIDE §5 budgets: ≤ 120 KB gzipped JS, LCP ≤ 2.5 s, CLS ≤ 0.1). Prints figures;
// asserts nothing. Runs the real app on a fresh embedded database in a temporary folder.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium, devices } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_WEB_PORT ?? 5190);
const origin = `http://127.0.0.1:${port}`;
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

console.log('== Build');
execFileSync('npm', ['run', 'build', '-w', '@aaspaas/web'], { cwd: root, stdio: 'inherit' });

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aaspaas-bench-web-'));
const server = spawn('npm', ['start'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    DATABASE_URL: '',
  },
  stdio: 'inherit',
  // Its own process group, so stopping it also stops the Node server npm starts.
  detached: true,
});
const stop = () => {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    /* already gone */
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', stop);

for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${origin}/api/health`)).ok) break;
  } catch {
    /* not up yet */
  }
  if (i > 180) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 1000));
}

console.log('\n== First load of / on a Pixel 5 (what the phone downloads)');
const browser = await chromium.launch({
  executablePath: chromePath,
  args: chromeFlags.filter((f) => !f.startsWith('--headless')),
});
const context = await browser.newContext({ ...devices['Pixel 5'] });
const page = await context.newPage();
const responses = [];
page.on('response', (r) => responses.push(r));
await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
await page.waitForSelector('[data-testid="post-card"]', { timeout: 30_000 }).catch(() => console.log('(no post card appeared)'));
await page.waitForLoadState('networkidle');
const byType = {};
let jsGzip = 0;
const jsFiles = [];
for (const r of responses) {
  const type = r.request().resourceType();
  let body;
  try {
    body = await r.body();
  } catch {
    continue;
  }
  const sizes = await r
    .request()
    .sizes()
    .catch(() => ({ responseBodySize: body.length }));
  const entry = (byType[type] ??= { count: 0, transfer: 0, raw: 0 });
  entry.count += 1;
  entry.transfer += sizes.responseBodySize || body.length;
  entry.raw += body.length;
  if (type === 'script') {
    const gz = zlib.gzipSync(body, { level: 9 }).length;
    jsGzip += gz;
    jsFiles.push(`${new URL(r.url()).pathname} ${kb(gz)}`);
  }
}
let transfer = 0;
for (const [type, e] of Object.entries(byType)) {
  transfer += e.transfer;
  console.log(
    `${type.padEnd(12)} ${String(e.count).padStart(3)} files  ${kb(e.transfer).padStart(10)} transferred  (${kb(e.raw)} uncompressed)`,
  );
}
console.log(`total        ${kb(transfer).padStart(20)} transferred`);
console.log(`JavaScript of the feed route, gzipped: ${kb(jsGzip)} (budget 120 KB)\n  ${jsFiles.join('\n  ')}`);
await browser.close();

console.log('\n== Lighthouse (mobile, simulated slow 4G)');
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
try {
  const result = await lighthouse(`${origin}/`, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  const lhr = result?.lhr;
  if (lhr) {
    for (const [id, cat] of Object.entries(lhr.categories)) console.log(`${id.padEnd(16)} ${Math.round((cat.score ?? 0) * 100)}`);
    for (const id of [
      'first-contentful-paint',
      'largest-contentful-paint',
      'cumulative-layout-shift',
      'total-blocking-time',
      'total-byte-weight',
    ]) {
      const a = lhr.audits[id];
      if (a) console.log(`${a.title.padEnd(28)} ${a.displayValue ?? a.numericValue}`);
    }
  }
} finally {
  await chrome.kill();
  stop();
  process.exit(0);
}
