/**
 * npm run bench:upload — time from upload to variants ready for a 12 MP camera-like JPEG made here:
 * POST /api/uploads through the whole app (multipart parse, decode, EXIF-free JPEG original, 160,
 * 480, 720 and 1080 px WebP and 160, 480, 720 px AVIF variants written to disk, row stored) answers only when everything is
 * ready, so the request's duration is that time. Also the image pipeline alone, and the bytes
 * stored. The first feed page's bytes are measured by first-page-bytes.ts, run after this one.
 * Settings by environment: BENCH_UPLOADS (default 10). Runs on a throw-away in-memory PGlite and a
 * temporary DATA_DIR.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { AVIF_VARIANT_WIDTHS, IMAGE_VARIANT_FILES, IMAGE_VARIANT_WIDTHS, type UploadResponse } from '@aaspaas/domain';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import app from '../src/app';
import { loadEnv } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import { users } from '../src/db/schema';
import { processImage } from '../src/plugins/app/media/image-processing';
import { CAMERA_HEIGHT as HEIGHT, CAMERA_WIDTH as WIDTH, cameraJpeg } from './camera-photo';

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 10);

function multipart(file: Buffer): { payload: Buffer; contentType: string } {
  const boundary = '----aaspaas-bench';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="IMG_0001.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

function summary(label: string, ms: number[]): void {
  const sorted = [...ms].sort((a, b) => a - b);
  console.log(
    `${label.padEnd(38)} p50 ${percentile(sorted, 50).toFixed(0).padStart(5)} ms   p95 ${percentile(sorted, 95).toFixed(0).padStart(5)} ms   min ${sorted[0]?.toFixed(0)} ms`,
  );
}

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

const input = await cameraJpeg();
console.log(
  `Input: ${WIDTH}×${HEIGHT} JPEG (${((WIDTH * HEIGHT) / 1e6).toFixed(0)} MP), ${kb(input.length)}; ${UPLOADS} uploads; ${os.availableParallelism()} CPUs`,
);

// The image pipeline alone: decode, upright, JPEG original, the WebP and AVIF variants.
const pipeline: number[] = [];
for (let i = 0; i < Math.min(UPLOADS, 5); i++) {
  const started = performance.now();
  await processImage(input);
  pipeline.push(performance.now() - started);
}

// The whole request through the app, on a throw-away database and media folder.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aaspaas-bench-upload-'));
const dbHandle = await openDatabase({ dataDir: null });
await dbHandle.migrate();
const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'none') });
const fastify = Fastify({ logger: false, bodyLimit: 256 * 1024 });
await fastify.register(fp(app), { env, dbHandle });
await fastify.ready();
try {
  const [user] = await fastify.db
    .insert(users)
    .values({ username: 'bench@example.in', name: 'Bench', businessName: 'Bench Store' })
    .returning();
  const { token } = await fastify.accessTokenService.sign(user!.id);
  const { payload, contentType } = multipart(input);
  const request: number[] = [];
  let last: UploadResponse | null = null;
  for (let i = 0; i < UPLOADS; i++) {
    const started = performance.now();
    const res = await fastify.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      payload,
    });
    request.push(performance.now() - started);
    if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
    last = res.json<UploadResponse>();
  }
  summary(`image pipeline (decode + ${1 + IMAGE_VARIANT_FILES.length} encodes)`, pipeline);
  summary('upload → variants ready (whole request)', request);
  if (last) {
    const base = path.join(env.mediaDir, last.url.replace(/^\/media\//, '').replace(/\.[a-z]+$/, ''));
    const original = fs.statSync(path.join(env.mediaDir, last.url.replace(/^\/media\//, ''))).size;
    const variants = (format: string, widths: readonly number[]) =>
      widths.map((w) => `${w} px ${kb(fs.statSync(`${base}-${w}.${format}`).size)}`).join(', ');
    console.log(
      `Stored: original ${last.width}×${last.height} ${kb(original)}; WebP variants ${variants('webp', IMAGE_VARIANT_WIDTHS)}; ` +
        `AVIF variants ${variants('avif', AVIF_VARIANT_WIDTHS)} — instead of ${kb(input.length)}`,
    );
  }
} finally {
  await fastify.close();
  await dbHandle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
