// npm run bench:web — what a phone downloads for the public feed's first load, and Lighthouse
// mobile scores (budgets in docs/performance.md: ≤ 140 KB gzipped JS, LCP ≤ 2.5 s, CLS ≤ 0.1). Prints figures;
// asserts nothing. Runs the real app on a fresh embedded database in a temporary folder.
// Lighthouse runs BENCH_WEB_RUNS times (default 3; the machine is shared, so one run is noise) and
// the median of each figure is printed. BENCH_WEB_SKIP_BUILD=1 serves the build already in
// WEB_DIST_DIR (default apps/web/dist) instead of building first. BENCH_WEB_LOCALE=hi-IN loads the
// feed as a phone set to Hindi; BENCH_WEB_LIGHTHOUSE=0 stops after the first load's bytes.
import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium, devices } from '@playwright/test';
import { blockingAfterFirstPaint, CPU_SLOWDOWN, traceLoad } from './main-thread-tasks.mjs';

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

const runs = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 3));
// Lighthouse's default, 'simulate', estimates the slow 4G load from an unthrottled one (Lantern);
// 'devtools' loads the page through the throttled network and CPU itself.
const throttlingMethod = process.env.BENCH_WEB_THROTTLING ?? 'simulate';
if (process.env.BENCH_WEB_SKIP_BUILD) {
  console.log(`== Serving the existing build in ${process.env.WEB_DIST_DIR ?? 'apps/web/dist'}`);
} else {
  console.log('== Build');
  execFileSync('npm', ['run', 'build', '-w', '@aaspaas/web'], { cwd: root, stdio: 'inherit' });
}

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
    // One process on the embedded database: production refuses that unless told (ADR 046).
    EMBEDDED_DATABASE_IN_PRODUCTION: 'true',
    // Production refuses to start without these; a throwaway secret for a throwaway database.
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    PUBLIC_URL: origin,
    // The feed is measured with the demo posts, which production does not seed by default.
    SEED_DEMO_DATA: 'true',
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
  // A fresh database seeds its demo pictures first: minutes on a busy shared machine.
  if (i > 600) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 1000));
}

console.log('\n== First load of / on a Pixel 5 (what the phone downloads)');
const browser = await chromium.launch({
  executablePath: chromePath,
  args: chromeFlags.filter((f) => !f.startsWith('--headless')),
});
// BENCH_WEB_LOCALE=hi-IN measures a phone set to Hindi (its Accept-Language): the Hindi first load.
const locale = process.env.BENCH_WEB_LOCALE ?? 'en-IN';
console.log(`(phone language: ${locale})`);
const context = await browser.newContext({ ...devices['Pixel 5'], locale });
const page = await context.newPage();
const responses = [];
page.on('response', (r) => responses.push(r));
// The first load is what was asked for before the app drew the feed: the 'aaspaas:first-screen'
// User Timing mark (apps/web lib/after-load.ts), as a Date.now() time as request start times are.
// (The first post cards come earlier: the server draws them into the HTML, ADR 009.)
let firstScreenAt;
const trace = await traceLoad(browser, page, async () => {
  await page.goto(`${origin}/`, { waitUntil: 'domcontentloaded' });
  firstScreenAt = await page
    .waitForFunction(
      () => {
        const mark = performance.getEntriesByName('aaspaas:first-screen')[0];
        return mark ? performance.timeOrigin + mark.startTime : null;
      },
      null,
      { timeout: 30_000 },
    )
    .then((h) => h.jsonValue())
    .catch(() => {
      console.log('(the app did not draw its first screen)');
      return Date.now();
    });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(3000);
  await page.waitForLoadState('networkidle');
});
const byType = {};
const js = { first: { gzip: 0, files: [] }, later: { gzip: 0, files: [] } };
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
    const part = r.request().timing().startTime <= firstScreenAt ? js.first : js.later;
    part.gzip += gz;
    part.files.push(`${new URL(r.url()).pathname} ${kb(gz)}`);
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
console.log(
  `JavaScript of the first load (asked for before the app drew the feed), gzipped: ${kb(js.first.gzip)} (budget 140 KB)`,
);
console.log(`  ${js.first.files.join('\n  ')}`);
console.log(`JavaScript loaded after it (popup, toaster, other pages' translations), gzipped: ${kb(js.later.gzip)}`);
console.log(`  ${js.later.files.join('\n  ')}`);
const blocking = blockingAfterFirstPaint(trace);
if (blocking) {
  console.log(
    `Main thread after the first paint, its CPU time × ${CPU_SLOWDOWN} (a 4× slower phone; hardly affected by a busy machine): ` +
      `${blocking.longTasks} long tasks, blocking ~${Math.round(blocking.blockingMs)} ms, ` +
      `longest ${Math.round(blocking.longestMs)} ms, CPU ${Math.round(blocking.cpuMs)} ms`,
  );
}
await browser.close();
// BENCH_WEB_LIGHTHOUSE=0: the bytes alone (the first load's figures above), without the Lighthouse runs.
if (process.env.BENCH_WEB_LIGHTHOUSE === '0') process.exit(0);

console.log(`\n== Lighthouse (mobile, slow 4G, throttling: ${throttlingMethod}), ${runs} run(s), median`);
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const metrics = [
  ['first-contentful-paint', 'First Contentful Paint', (v) => `${(v / 1000).toFixed(2)} s`],
  ['largest-contentful-paint', 'Largest Contentful Paint', (v) => `${(v / 1000).toFixed(2)} s`],
  ['cumulative-layout-shift', 'Cumulative Layout Shift', (v) => v.toFixed(3)],
  ['total-blocking-time', 'Total Blocking Time', (v) => `${Math.round(v)} ms`],
  ['speed-index', 'Speed Index', (v) => `${(v / 1000).toFixed(1)} s`],
  ['total-byte-weight', 'Total byte weight', (v) => kb(v)],
];
const results = [];
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
try {
  for (let run = 1; run <= runs; run++) {
    const result = await lighthouse(`${origin}/`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      throttlingMethod,
    });
    const lhr = result?.lhr;
    if (!lhr || lhr.runtimeError || lhr.categories.performance?.score == null) {
      console.log(
        `run ${run}: failed (${lhr?.runtimeError?.code ?? 'no result'}: ${lhr?.runtimeError?.message ?? ''}), left out`,
      );
      continue;
    }
    results.push(lhr);
    // BENCH_WEB_LHR_DIR=dir keeps each run's whole report (lhr-N.json) for a closer look.
    if (process.env.BENCH_WEB_LHR_DIR) {
      fs.mkdirSync(process.env.BENCH_WEB_LHR_DIR, { recursive: true });
      fs.writeFileSync(path.join(process.env.BENCH_WEB_LHR_DIR, `lhr-${run}.json`), JSON.stringify(lhr));
    }
    const line = [`performance ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}`];
    for (const [id, label, format] of metrics.slice(0, 4)) {
      const v = lhr.audits[id]?.numericValue;
      if (v !== undefined)
        line.push(
          `${label
            .split(' ')
            .map((w) => w[0])
            .join('')} ${format(v)}`,
        );
    }
    console.log(`run ${run}: ${line.join(', ')}`);
  }
} finally {
  await chrome.kill();
}
if (results.length > 0) {
  for (const id of Object.keys(results[0].categories)) {
    console.log(`${id.padEnd(28)} ${median(results.map((r) => Math.round((r.categories[id]?.score ?? 0) * 100)))}`);
  }
  for (const [id, label, format] of metrics) {
    const values = results.map((r) => r.audits[id]?.numericValue).filter((v) => v !== undefined);
    if (values.length) console.log(`${label.padEnd(28)} ${format(median(values))}`);
  }
  // What the LCP was and what it waited for, and what kept the main thread busy (last run).
  const last = results.at(-1);
  // Lighthouse 12.8 keeps the LCP's parts in its insight (the older element audit comes empty);
  // they are the observed (unthrottled) load's, not the simulated one's.
  const parts = last.audits['lcp-breakdown-insight']?.details?.items?.[0]?.items ?? [];
  if (parts.length) console.log('LCP parts (observed, unthrottled):');
  for (const part of parts) console.log(`  ${String(part.label).padEnd(26)} ${Math.round(part.duration)} ms`);
  const work = last.audits['mainthread-work-breakdown']?.details?.items ?? [];
  console.log(`Main thread: ${work.map((w) => `${w.groupLabel} ${Math.round(w.duration)} ms`).join(', ')}`);
  const boot = last.audits['bootup-time']?.details?.items ?? [];
  for (const b of boot.slice(0, 4)) {
    console.log(
      `  ${new URL(b.url, origin).pathname.padEnd(40)} script ${Math.round(b.scripting)} ms, parse ${Math.round(b.scriptParseCompile)} ms`,
    );
  }
}
stop();
process.exit(0);
