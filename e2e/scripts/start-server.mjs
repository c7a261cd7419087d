// Starts the real app for the browser tests on a fresh database: a new PGlite folder, or — when
// DATABASE_URL is set — a fresh PostgreSQL database next to the one named there. The app seeds it.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { URL } from 'node:url';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = path.join(root, 'e2e', '.data');
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

const env = {
  ...process.env,
  DATA_DIR: dataDir,
  NODE_ENV: 'production',
  // The tests read the demo businesses and posts, which production does not seed by default.
  SEED_DEMO_DATA: 'true',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  // Production refuses to start without a signing key: a fresh one per run.
  JWT_SECRET: process.env.JWT_SECRET ?? randomBytes(32).toString('hex'),
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://127.0.0.1:${process.env.PORT ?? 5179}`,
  // No Razorpay keys here: payments go through the built-in test gateway, which production refuses unless asked.
  PAYMENTS_TEST_GATEWAY: 'true',
  // Rate-limit counters of earlier runs may still be in Redis: this run counts its own.
  RATE_LIMIT_PREFIX: `aaspaas-rl-e2e-${randomBytes(4).toString('hex')}:`,
  // One server on a folder of its own: production's refusal of the embedded database does not apply.
  EMBEDDED_DATABASE_IN_PRODUCTION: 'true',
  // A busy CI machine must never see a browser test's request shed.
  LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
};
if (process.env.DATABASE_URL) {
  const url = new URL(process.env.DATABASE_URL);
  const name = `${url.pathname.slice(1) || 'postgres'}_e2e`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
}

// Serve a copy of the web build: a rebuild of apps/web/dist during the run (another terminal, an
// editor's watcher) must not swap the assets under the running server.
const webDist = path.join(root, 'apps', 'web', 'dist');
if (fs.existsSync(path.join(webDist, 'index.html')) && fs.existsSync(path.join(`${webDist}-ssr`, 'first-screen.js'))) {
  const snapshot = path.join(dataDir, 'dist'); // 'dist': ignored by ESLint like every build
  fs.cpSync(webDist, snapshot, { recursive: true });
  // With its server-side part (the feed's first screen, ADR 009), which the app finds beside it.
  fs.cpSync(`${webDist}-ssr`, `${snapshot}-ssr`, { recursive: true });
  env.WEB_DIST_DIR = snapshot;
}

// Rendering the demo and template images (WebP and AVIF) is most of a start's work. Their file names
// are hashes of what they show and the seed renders only the missing ones, so the images an earlier
// run rendered are copied in, and this run's are kept for the next once the server answers (the seed
// is done by then: the server listens after seeding).
const imageCache = path.join(root, 'node_modules', '.cache', 'aaspaas-e2e-media');
const SEEDED_IMAGE_DIRS = ['seed', 'templates'];
for (const dir of SEEDED_IMAGE_DIRS) {
  const cached = path.join(imageCache, dir);
  if (fs.existsSync(cached)) fs.cpSync(cached, path.join(dataDir, 'media', dir), { recursive: true });
}

// The server's log (warnings and errors) is also kept in e2e/.data/server.log until the next run:
// Playwright drops a web server's output, and a failure the page cannot show (a background job's)
// is only there.
const child = spawn('npm', ['start'], { cwd: root, env, stdio: ['inherit', 'pipe', 'inherit'] });
child.stdout.pipe(fs.createWriteStream(path.join(dataDir, 'server.log')));
child.stdout.pipe(process.stdout);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));

const health = `http://127.0.0.1:${process.env.PORT ?? 5179}/api/health`;
const answers = () =>
  fetch(health).then(
    (res) => res.ok,
    () => false,
  );
while (child.exitCode === null && !(await answers())) await new Promise((resolve) => setTimeout(resolve, 500));
// An optimisation only: a failed copy leaves the next run to render again, never fails this one.
const fresh = `${imageCache}-${process.pid}`;
try {
  for (const dir of SEEDED_IMAGE_DIRS) {
    const seeded = path.join(dataDir, 'media', dir);
    if (fs.existsSync(seeded)) fs.cpSync(seeded, path.join(fresh, dir), { recursive: true });
  }
  fs.rmSync(imageCache, { recursive: true, force: true });
  fs.renameSync(fresh, imageCache);
} catch (error) {
  fs.rmSync(fresh, { recursive: true, force: true });
  console.warn(`The seeded images were not kept for the next run: ${error.message}`);
}
