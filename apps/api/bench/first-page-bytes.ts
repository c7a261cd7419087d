/**
 * The second half of npm run bench:upload — bytes a phone downloads for the first feed page
 * (HTML + JS + CSS + images + API JSON), goal ≤ 500 KB for 10 posts with photos.
 *
 * Starts the built app (`npm start`, production, a fresh embedded database in a temporary folder,
 * no demo data), and through its API makes 10 shops near Pune, each with a profile photo and one
 * post with a camera-like photo of 2560×1920 px (what the API keeps of a 12 MP photo), so the feed shows real upload variants with a photo's detail, not the demo data's flat
 * drawings. Then Chromium opens / as a first-time visitor
 * whose saved place is Pune, on a Pixel 5 and on a low-end 360 px DPR-2 phone, and sums the body
 * sizes as transferred (compressed) of every response: first when the 10 posts are there and the
 * network is idle (what the first screen costs), then after scrolling past all 10 posts (what
 * seeing the whole first page costs). Prints figures; asserts nothing.
 * BENCH_SKIP_BUILD=1 serves the build already in apps/web/dist; BENCH_PORT (default 5196).
 */
import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type AuthResponse, STORAGE_KEYS, type UploadResponse } from '@aaspaas/domain';
import { type BrowserContextOptions, type Response, chromium, devices } from '@playwright/test';
import { cameraJpeg } from './camera-photo';

const GOAL_BYTES = 500 * 1024;
const POSTS = 10;
const PUNE = { lat: 18.5204, lon: 73.8567 };
const root = path.resolve(import.meta.dirname, '../../..');
const port = Number(process.env.BENCH_PORT ?? 5196);
const origin = `http://127.0.0.1:${port}`;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const PHONES: { name: string; options: BrowserContextOptions }[] = [
  { name: 'Pixel 5 (393×851 CSS px, DPR 2.75)', options: { ...devices['Pixel 5'] } },
  {
    name: 'Low-end phone (360×640 CSS px, DPR 2)',
    options: { ...devices['Pixel 5'], viewport: { width: 360, height: 640 }, deviceScaleFactor: 2 },
  },
];

if (!process.env.BENCH_SKIP_BUILD) {
  console.log('== Build');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aaspaas-bench-page-'));
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
    S3_BUCKET: '',
    SEED_DEMO_DATA: 'false',
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    PUBLIC_URL: origin,
  },
  stdio: 'inherit',
  // Its own process group, so stopping it also stops the Node server npm starts.
  detached: true,
});
const stop = () => {
  try {
    process.kill(-server.pid!, 'SIGTERM');
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

async function api<T>(method: string, url: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${origin}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? null : await res.json()) as T;
}

async function upload(token: string, file: Buffer): Promise<UploadResponse> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type: 'image/jpeg' }), 'IMG_0001.jpg');
  const res = await fetch(`${origin}/api/uploads`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return (await res.json()) as UploadResponse;
}

console.log(`\n== ${POSTS} shops near Pune, each with a profile photo and a post with one photo`);
const avatars = new Set<string>();
for (let i = 0; i < POSTS; i++) {
  const { token } = await api<AuthResponse>('POST', '/api/auth/register', null, {
    username: `bench-shop-${i}@example.in`,
    password: `bench-password-${i}`,
    name: 'Bench Owner',
    businessName: `Bench Shop ${i + 1}`,
    mobileNumber: `98200${String(10000 + i).slice(-5)}`,
  });
  await api('PUT', '/api/user/me', token, {
    businessCategories: ['Grocery'],
    city: 'Pune',
    state: 'Maharashtra',
    lat: PUNE.lat + i * 0.002,
    lon: PUNE.lon + i * 0.002,
  });
  const avatar = await upload(token, await cameraJpeg(100 + i, 1200, 1200));
  await api('POST', '/api/user/profile-image', token, { imageUrl: avatar.url });
  avatars.add(avatar.url);
  // The API keeps 2560 px at most, so the variants are the same as a 12 MP upload's (and it is faster to make).
  const photo = await upload(token, await cameraJpeg(i, 2560, 1920));
  await api('POST', '/api/user/posts', token, {
    content: `Fresh stock arrived today at shop ${i + 1}: basmati rice, atta and dals. Come early! #fresh #pune`,
    category: 'Grocery',
    images: [photo.url],
    ...(i % 2 === 0 ? { mrpPaise: 120_000, ourPricePaise: 99_900, homeDelivery: true } : {}),
  });
}

type Kind = 'HTML' | 'JS' | 'CSS' | 'post photos' | 'avatars' | 'other images' | 'API JSON' | 'fonts' | 'other';

function kindOf(response: Response): Kind {
  const type = response.request().resourceType();
  const url = new URL(response.url());
  if (type === 'document') return 'HTML';
  if (type === 'script') return 'JS';
  if (type === 'stylesheet') return 'CSS';
  if (type === 'font') return 'fonts';
  if (type === 'image' || url.pathname.startsWith('/media/')) {
    const original = url.pathname.replace(/-\d+\.(webp|avif)$/, '');
    if ([...avatars].some((a) => a.startsWith(original))) return 'avatars';
    return url.pathname.startsWith('/media/uploads/') ? 'post photos' : 'other images';
  }
  if (url.pathname.startsWith('/api/')) return 'API JSON';
  return 'other';
}

async function tally(responses: Response[]) {
  const byKind = new Map<Kind, { count: number; bytes: number; files: string[] }>();
  let total = 0;
  for (const response of responses) {
    // Transferred body bytes (compressed when the server compressed it), as the phone received them.
    const sizes = await response
      .request()
      .sizes()
      .catch(() => null);
    const bytes = sizes?.responseBodySize ?? 0;
    const kind = kindOf(response);
    const entry = byKind.get(kind) ?? { count: 0, bytes: 0, files: [] };
    entry.count += 1;
    entry.bytes += bytes;
    if (kind === 'post photos' || kind === 'avatars')
      entry.files.push(`${path.basename(new URL(response.url()).pathname)} ${kb(bytes)}`);
    byKind.set(kind, entry);
    total += bytes;
  }
  return { byKind, total };
}

function print(label: string, { byKind, total }: Awaited<ReturnType<typeof tally>>) {
  console.log(`  ${label}: ${kb(total)} ${total <= GOAL_BYTES ? '(within' : '(OVER'} the ${kb(GOAL_BYTES)} goal)`);
  for (const [kind, e] of [...byKind].sort((a, b) => b[1].bytes - a[1].bytes)) {
    const variants = e.files.map((f) => /-(\d+\.(webp|avif))/.exec(f)?.[1] ?? 'original');
    const widths = variants.length
      ? `  [${[...new Set(variants)].map((w) => `${w.replace('.', ' px ')} ×${variants.filter((v) => v === w).length}`).join(', ')}]`
      : '';
    console.log(`    ${kind.padEnd(13)} ${String(e.count).padStart(3)} files ${kb(e.bytes).padStart(10)}${widths}`);
  }
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  for (const phone of PHONES) {
    const context = await browser.newContext(phone.options);
    // A visitor who chose Pune before: the feed asks for the 10 nearest posts straight away.
    const saved = JSON.stringify({ ...PUNE, source: 'manual', timestamp: Date.now(), label: 'Pune' });
    await context.addInitScript(`localStorage.setItem(${JSON.stringify(STORAGE_KEYS.manualLocation)}, ${JSON.stringify(saved)})`);
    const page = await context.newPage();
    const responses: Response[] = [];
    page.on('response', (r) => responses.push(r));
    await page.goto(`${origin}/`, { waitUntil: 'domcontentloaded' });
    const cards = page.locator('[data-testid="post-card"]');
    await cards.nth(POSTS - 1).waitFor({ state: 'attached', timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(2000);
    await page.waitForLoadState('networkidle');
    console.log(`\n== ${phone.name}: ${await cards.count()} posts in the first page`);
    print('first screen (10 posts loaded, network idle)', await tally(responses));

    // Scrolled past every post of the page, as someone reading the feed would.
    for (let i = 0; i < POSTS; i++) {
      await cards.nth(i).scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
    }
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500);
    await page.waitForLoadState('networkidle');
    print('whole first page (scrolled past all 10 posts)', await tally(responses));
    await context.close();
  }
} finally {
  await browser.close();
}
// The server runs in its own process group and would keep this process alive: stop it and leave.
process.exit(0);
