import path from 'node:path';
import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** Every environment variable the API reads, validated once at start-up (documented in .env.example). */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** PostgreSQL cancels an API statement running longer than this, in ms (0: never); see db/client.ts. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(5000),
  /** How long the feed's HTML reuses a place's first page and first screen for first visits, in ms (0: never). */
  FIRST_SCREEN_CACHE_MS: z.coerce.number().int().min(0).default(5000),
  REDIS_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PUBLIC_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO_DATA: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  GEOCODER_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  RATE_LIMIT_ENGAGEMENT_PER_MIN: z.coerce.number().int().min(1).default(120),
  RATE_LIMIT_EVENTS_PER_MIN: z.coerce.number().int().min(1).default(60),
  /** Key prefix of the rate-limit counters in Redis: apps sharing one Redis keep theirs apart. */
  RATE_LIMIT_PREFIX: z.string().min(1).default('aaspaas-rl:'),
  WEB_DIST_DIR: z.string().optional(),
  /** HMAC key for access tokens (≥ 32 chars). Unset outside production: generated once into DATA_DIR/secrets. */
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional()),
  /** The designated admin email(s), comma-separated (spec §6: users are flagged admin by matching an email list). */
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** smtp(s)://user:pass@host:port for real email. Unset: mail goes to DATA_DIR/outbox and links are logged. */
  SMTP_URL: optionalString.pipe(z.string().url().optional()),
  MAIL_FROM: z.string().default('Aaspaas <no-reply@aaspaas.in>'),
  /** Google sign-in (OpenID Connect). All three unset: Google sign-in is off and the button says so. */
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER_URL: z.string().url().default('https://accounts.google.com'),
  /** Sign-in attempts per 15 minutes: per IP, and per account (email) — same for unknown emails. */
  RATE_LIMIT_AUTH_PER_IP: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_AUTH_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  /** Uploads and template renders per business per hour (each decodes a photo and writes three files). */
  RATE_LIMIT_UPLOADS_PER_HOUR: z.coerce.number().int().min(1).default(120),
  /**
   * S3-compatible object storage for uploaded photos (AWS S3, MinIO, Cloudflare R2, …). Unset
   * S3_BUCKET: photos stay on local disk in DATA_DIR/media. The URLs stored in posts are /media/…
   * either way; the API serves them from wherever they are.
   */
  S3_BUCKET: optionalString,
  /** The service's URL for anything but AWS, e.g. http://127.0.0.1:9000 for MinIO. Unset: AWS S3. */
  S3_ENDPOINT: optionalString.pipe(z.string().url().optional()),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Both or neither: unset, the SDK's own chain answers (AWS_* variables, an instance or task role). */
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** true for MinIO and most self-hosted servers (bucket in the path, not in the host name). */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Optional folder inside the bucket, e.g. `aaspaas/` when the bucket is shared. */
  S3_KEY_PREFIX: optionalString.pipe(
    z
      .string()
      .regex(/^([a-z0-9][a-z0-9._-]*\/)+$/i, 'S3_KEY_PREFIX must be folder names ending with /, e.g. aaspaas/')
      .optional(),
  ),
});

export type Env = z.infer<typeof EnvSchema> & {
  dataDir: string;
  mediaDir: string;
  webDistDir: string;
  /** The web's server-side render of the feed's first screen (ADR 009), built beside the web app. */
  webFirstScreenModule: string;
};

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  if (parsed.data.NODE_ENV === 'production') {
    const missing = [
      !parsed.data.JWT_SECRET && '  JWT_SECRET: required in production (at least 32 random characters)',
      // Emailed links and share previews must never be built from a Host header a caller chose.
      !parsed.data.PUBLIC_URL && '  PUBLIC_URL: required in production (the public origin, e.g. https://aaspaas.in)',
    ].filter(Boolean);
    if (missing.length) throw new Error(`Invalid configuration:\n${missing.join('\n')}`);
  }
  const { S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = parsed.data;
  if (S3_BUCKET && !S3_ACCESS_KEY_ID !== !S3_SECRET_ACCESS_KEY) {
    throw new Error('Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither');
  }
  const dataDir = path.resolve(repoRoot, parsed.data.DATA_DIR);
  const webDistDir = path.resolve(repoRoot, parsed.data.WEB_DIST_DIR ?? 'apps/web/dist');
  return {
    ...parsed.data,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    webDistDir,
    webFirstScreenModule: path.join(`${webDistDir}-ssr`, 'first-screen.js'),
  };
}
