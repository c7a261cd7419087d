import path from 'node:path';
import { z } from 'zod';

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
  WEB_DIST_DIR: z.string().optional(),
});

export type Env = z.infer<typeof EnvSchema> & { dataDir: string; mediaDir: string; webDistDir: string };

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const dataDir = path.resolve(repoRoot, parsed.data.DATA_DIR);
  return {
    ...parsed.data,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    webDistDir: path.resolve(repoRoot, parsed.data.WEB_DIST_DIR ?? 'apps/web/dist'),
  };
}
