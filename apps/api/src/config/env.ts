// Every setting the server reads, its default and its check, in one schema (GUIDE: environment variables
// are read in one place). Long because the settings are many; each is documented where it is defined.
import { isIP } from 'node:net';
import path from 'node:path';
import { REPORTS_AUTO_HIDE_THRESHOLD_DEFAULT } from '@aaspaas/domain';
import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** Fastify's trustProxy forms, from TRUST_PROXY's text (see the variable). */
function parseTrustProxy(value: string, ctx: z.RefinementCtx): boolean | number | string[] {
  const text = value.trim();
  if (text === 'true' || text === 'false') return text === 'true';
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !isAddressOrCidr(e));
  if (entries.length === 0 || bad.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `TRUST_PROXY must be true, false, a hop count or comma-separated IP addresses/CIDRs (not ${bad.join(', ') || 'empty'})`,
    });
    return z.NEVER;
  }
  return entries;
}

function isAddressOrCidr(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

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
  /**
   * A streaming replica of DATABASE_URL (optional, ADR 047): the public feed, posts and business pages
   * read from it; writes, a signed-in user's own data and money stay on DATABASE_URL.
   */
  DATABASE_READ_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** PostgreSQL cancels an API statement running longer than this, in ms (0: never); see db/client.ts. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(5000),
  /**
   * Connections of each of the three pools of a process (DbHandle: queries, the feed's prepared walks,
   * the searches'): a process opens up to three times this many connections to PostgreSQL.
   */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  /**
   * false: the feed's and searches' statements are sent unnamed (planned on every request), for a
   * pooler in transaction mode (PgBouncer) that cannot keep a named statement on a connection.
   */
  DB_PREPARED_STATEMENTS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * How long start-up keeps trying to reach PostgreSQL before it gives up, in ms (a database that
   * starts with the server, or fails over, answers after some seconds).
   */
  DB_CONNECT_RETRY_MS: z.coerce.number().int().min(0).default(60_000),
  /**
   * true: start-up applies pending migrations under the migration lock (ADR 045). false (the
   * production recommendation: `npm run migrate` is a step of the release): start-up only checks that
   * the database's schema is current and refuses to start otherwise.
   */
  MIGRATE_ON_START: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Production refuses the embedded database (one process only) unless this is true. */
  EMBEDDED_DATABASE_IN_PRODUCTION: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** After SIGTERM, how long requests in flight may take to finish before the process closes anyway, in ms. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(25_000),
  /**
   * Requests are refused with 503 while the event loop's mean delay is above this, in ms (0: never).
   * Unset: 1000 on PostgreSQL; never on the embedded database, whose queries run on the event loop itself.
   */
  LOAD_SHED_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).optional(),
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
  /**
   * HTTP timeouts (ms). Headers must arrive within HTTP_HEADERS_TIMEOUT_MS and the whole request
   * (a 10 MB photo on a slow uplink included) within HTTP_REQUEST_TIMEOUT_MS, so a client that
   * trickles bytes (slow-loris) cannot hold a connection; an idle keep-alive connection is closed
   * after HTTP_KEEP_ALIVE_TIMEOUT_MS, longer than the 60 s a reverse proxy (nginx, a load balancer)
   * keeps its side open, so the proxy never reuses a connection the server has just closed.
   */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(120_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).default(65_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * false (the default): client IPs and email addresses in log lines are shortened (an IPv4 address to
   * its /24, an IPv6 address to its /48, an email to its first letter and domain), so the logs hold no
   * personal data a person can be named by. true: logged whole, e.g. while tracing one abuse case.
   */
  LOG_PERSONAL_DATA: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * Prometheus metrics (text format at /metrics) on this port of HOST, apart from the app's port so a
   * proxy in front of the app never exposes them. Unset: no metrics are collected at all.
   */
  METRICS_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * OpenTelemetry traces (HTTP, Fastify routes, SQL, Redis) are sent to this OTLP/HTTP endpoint, e.g.
   * http://127.0.0.1:4318 (the SDK adds /v1/traces). Unset: tracing is off and its SDK is never loaded.
   * The SDK reads its other OTEL_* variables itself (OTEL_EXPORTER_OTLP_HEADERS, OTEL_TRACES_SAMPLER, …).
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalString.pipe(z.string().url().optional()),
  /** The service's name on its traces. */
  OTEL_SERVICE_NAME: z.string().min(1).default('aaspaas-api'),
  /** Unset: true, except in production, where a fresh database must not get the published demo login. */
  SEED_DEMO_DATA: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  /**
   * The API's OpenAPI page and document at /api/docs. Unset: on, except in production, where the
   * document is a map of every route for whoever looks; the app itself never reads it.
   */
  API_DOCS_PUBLIC: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  GEOCODER_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * Which proxies' X-Forwarded-For the API believes (Fastify's trustProxy): false (none: the client is
   * the peer), true (every hop: only behind a proxy that overwrites the header), a hop count (1: one
   * proxy in front, whose right-most entry is the client), or a comma-separated list of the proxies'
   * addresses or CIDRs. See the README's nginx configuration.
   */
  TRUST_PROXY: z.string().default('false').transform(parseTrustProxy),
  RATE_LIMIT_ENGAGEMENT_PER_MIN: z.coerce.number().int().min(1).default(120),
  /**
   * Distinct networks whose visitors' reports hide a post until the admin decides (docs/product.md §2,
   * Admin routes; ADR 048: new visitors' reports do not count toward it).
   */
  REPORTS_AUTO_HIDE_THRESHOLD: z.coerce.number().int().min(1).default(REPORTS_AUTO_HIDE_THRESHOLD_DEFAULT),
  RATE_LIMIT_EVENTS_PER_MIN: z.coerce.number().int().min(1).default(60),
  /**
   * Per IP per minute. Carrier-grade NAT puts many phones behind one address, so these are sized for
   * a crowd: a person scrolling fast asks for a feed page every few seconds (~20 a minute), so 600
   * serves ~30 people scrolling at once on one address while one machine looping on the feed is held
   * to 10 a second. A page of the app (HTML, with the feed's first page drawn in) is asked once per
   * visit: 300 a minute is hundreds of people opening the app on one address.
   */
  RATE_LIMIT_FEED_PER_MIN: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_PAGES_PER_MIN: z.coerce.number().int().min(1).default(300),
  /**
   * Posts a business publishes (new posts and reposts): 5 a minute lets an owner publish a few
   * offers back to back; 50 a day is ten times what a busy shop posts, and keeps one business from
   * flooding everyone's local feed.
   */
  RATE_LIMIT_POSTS_PER_MIN: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_POSTS_PER_DAY: z.coerce.number().int().min(1).default(50),
  /**
   * New visitor ids per address per hour that count in full at once (ADR 048). Every browser gets an
   * id; the ones beyond this are new visitors'. An id lives a year in its browser, so only first
   * visits (or cleared storage) ask for one; rotating ids from one address can add at most this many
   * likes to a post an hour (plus NEW_VISITOR_COUNTS_PER_IP_PER_HOUR) instead of thousands.
   */
  VISITOR_IDS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(100),
  /**
   * Likes, views and shares of one post that new visitors' ids (issued beyond VISITOR_IDS_PER_IP_PER_HOUR)
   * from one address add per hour (ADR 048): 10 covers a crowd on one carrier address liking one shop's
   * post; a like beyond it is kept, held, and counts once its id is confirmed a day later.
   */
  NEW_VISITOR_COUNTS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /** Key prefix of the rate-limit counters in Redis: apps sharing one Redis keep theirs apart. */
  RATE_LIMIT_PREFIX: z.string().min(1).default('aaspaas-rl:'),
  WEB_DIST_DIR: z.string().optional(),
  /** HMAC key for access tokens (≥ 32 chars). Unset outside production: generated once into DATA_DIR/secrets. */
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional()),
  /** The designated admin email(s), comma-separated (docs/product.md §6: users are flagged admin by matching an email list). */
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
  /**
   * The Android app's OAuth client id(s), comma-separated: native Google sign-in's ID tokens name it
   * as their audience (POST /api/auth/google/native accepts GOOGLE_CLIENT_ID and these).
   */
  GOOGLE_ANDROID_CLIENT_ID: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean),
    ),
  /**
   * Origins of the native app's WebView, comma-separated (ADR 020): the only cross-origin callers the
   * API answers (CORS), and the only ones that get their refresh token in the answer instead of a cookie.
   */
  APP_ORIGINS: z
    .string()
    .default('https://localhost,capacitor://localhost')
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        // capacitor:// is not a scheme URL parsing gives an origin to: checked by its shape.
        z.string().regex(/^[a-z][a-z0-9+.-]*:\/\/[^/\s]+$/, 'APP_ORIGINS must be origins, e.g. https://localhost'),
      ),
    ),
  /** The Android app's release signing certificate SHA-256 fingerprint(s), comma-separated, for App Links. */
  ANDROID_CERT_SHA256: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toUpperCase())
        .filter(Boolean),
    )
    .pipe(
      z.array(z.string().regex(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/, 'ANDROID_CERT_SHA256 must be SHA-256 fingerprints, AA:BB:…')),
    ),
  /** The Android app's package name (App Links, assetlinks.json). */
  ANDROID_PACKAGE_NAME: z.string().min(1).default('in.aaspaas.app'),
  /** The app's Play Store listing; unset, "Download Android App" offers installing the web app. */
  PLAY_STORE_URL: optionalString.pipe(z.string().url().optional()),
  /** Sign-in attempts per 15 minutes: per IP, and per account (email) — same for unknown emails. */
  RATE_LIMIT_AUTH_PER_IP: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_AUTH_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  /**
   * Sign-in only: RATE_LIMIT_AUTH_PER_ACCOUNT counts per account and IP, so guesses from one address
   * cannot lock the owner out on theirs; this ceiling counts per account across every address.
   */
  RATE_LIMIT_AUTH_ACCOUNT_CEILING: z.coerce.number().int().min(1).default(50),
  /**
   * New accounts per IP address per hour, on top of the sign-in budgets: a shop owner signs up once,
   * while each throwaway account used to bring its own welcome credit (docs/product.md §10). 20 an
   * hour still lets a market's shops sign up together behind one carrier address.
   */
  RATE_LIMIT_REGISTER_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /** Uploads and template renders per business per hour (each decodes a photo and writes three files). */
  RATE_LIMIT_UPLOADS_PER_HOUR: z.coerce.number().int().min(1).default(120),
  /**
   * Storage per business, in MB of stored originals (their variants add about a third): 500 MB is
   * over a thousand photos, years of posts for a shop, while uploads attached to nothing are deleted
   * after a day.
   */
  UPLOAD_QUOTA_MB: z.coerce.number().positive().default(500),
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
  /**
   * How often an idle job worker asks the queue for work, in seconds (pg-boss's polling interval,
   * at least 0.5). Jobs here are minutes apart (payment reconciliation), so 2 s costs nothing.
   */
  JOBS_POLL_INTERVAL_S: z.coerce.number().min(0.5).default(2),
  /**
   * false: the app's recurring jobs (payment reconciliation, …) are neither scheduled nor worked in
   * this process. Tests of other things set it, so they do not start the queue for nothing.
   */
  JOBS_RECURRING: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * Razorpay (docs/product.md §1: prepaid wallet). All three unset: the built-in test gateway takes
   * payments where no money moves (refused in production unless PAYMENTS_TEST_GATEWAY=true).
   */
  RAZORPAY_KEY_ID: optionalString,
  RAZORPAY_KEY_SECRET: optionalString,
  RAZORPAY_WEBHOOK_SECRET: optionalString,
  /** Razorpay's API host (the SDK adds /v1); tests point it at a local Razorpay-compatible server. */
  RAZORPAY_API_URL: z.string().url().default('https://api.razorpay.com'),
  /** The Checkout script the web loads when a payment starts. */
  RAZORPAY_CHECKOUT_URL: z.string().url().default('https://checkout.razorpay.com/v1/checkout.js'),
  /** true: allow the test gateway in production (a staging server); it is never chosen when Razorpay keys are set. */
  PAYMENTS_TEST_GATEWAY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** The registered 6-letter DLT header the one-time codes of the join page go out under. */
  SMS_OTP_HEADER: z
    .string()
    .regex(/^[A-Z]{6}$/, 'SMS_OTP_HEADER must be 6 capital letters (a transactional DLT header)')
    .default('AASPAS'),
  /** The principal entity ID registered on DLT. */
  SMS_ENTITY_ID: z
    .string()
    .regex(/^\d{1,30}$/, 'SMS_ENTITY_ID must be digits')
    .default('1001000000000000000'),
  /** The DLT template IDs of the join and the opt-out code texts (consent-code-sms.ts). */
  SMS_OTP_TEMPLATE_ID: z
    .string()
    .regex(/^\d{1,30}$/, 'SMS_OTP_TEMPLATE_ID must be digits')
    .default('1007000000000000001'),
  SMS_OTP_OPT_OUT_TEMPLATE_ID: z
    .string()
    .regex(/^\d{1,30}$/, 'SMS_OTP_OPT_OUT_TEMPLATE_ID must be digits')
    .default('1007000000000000002'),
  /**
   * SMS (docs/product.md §12). SMS_SMPP_URL (smpp://host:2775) with its system id and password: an
   * SMPP 3.4 aggregator. Unset: the local gateway writes every message to DATA_DIR/sms-outbox/.
   */
  SMS_SMPP_URL: optionalString.pipe(z.string().url().optional()),
  SMS_SMPP_SYSTEM_ID: optionalString,
  SMS_SMPP_PASSWORD: optionalString,
  /**
   * An MSG91-style HTTP gateway (used when SMS_SMPP_URL is unset): its send endpoint and the account's
   * authkey. Its delivery reports come to POST /api/sms/dlr, authenticated by SMS_HTTP_DLR_SECRET.
   */
  SMS_HTTP_URL: optionalString.pipe(z.string().url().optional()),
  SMS_HTTP_AUTH_KEY: optionalString,
  /** The gateway's route for DLT messages (MSG91: 4, transactional; the template decides the category). */
  SMS_HTTP_ROUTE: z
    .string()
    .regex(/^\d{1,4}$/, 'SMS_HTTP_ROUTE must be digits')
    .default('4'),
  /** The delivery-report webhook's shared secret (≥ 32 chars): unset, every report is refused. */
  SMS_HTTP_DLR_SECRET: optionalString.pipe(z.string().min(32, 'SMS_HTTP_DLR_SECRET must be at least 32 characters').optional()),
  /** Messages a second the provider takes from us (the sender's batch a second). */
  SMS_RATE_PER_S: z.coerce.number().int().min(1).max(10_000).default(100),
  /** HMAC key of the opt-out links in promotional SMS (≥ 32 chars); unset: derived from the JWT secret. */
  SMS_LINK_SECRET: optionalString.pipe(z.string().min(32, 'SMS_LINK_SECRET must be at least 32 characters').optional()),
  /** false: this process queues campaigns but does not send them (tests send by hand; another process sends). */
  SMS_SENDER_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * WhatsApp Business Platform, Cloud API (docs/product.md §12, ADR 050). With WHATSAPP_APP_SECRET set the
   * Cloud API at WHATSAPP_API_URL is used; unset, the local stand-in writes messages to DATA_DIR/whatsapp-outbox/.
   */
  WHATSAPP_API_URL: z.string().url().default('https://graph.facebook.com'),
  WHATSAPP_API_VERSION: z
    .string()
    .regex(/^v\d{1,3}\.\d{1,2}$/, 'WHATSAPP_API_VERSION is a Graph API version such as v23.0')
    .default('v23.0'),
  /** The Meta app's secret: the key of the webhook's X-Hub-Signature-256 (HMAC-SHA256 of the raw body). */
  WHATSAPP_APP_SECRET: optionalString,
  /** What Meta's webhook verification (GET, hub.verify_token) must carry; unset, verification is refused. */
  WHATSAPP_VERIFY_TOKEN: optionalString,
  /** Key (≥ 32 chars) encrypting the businesses' access tokens at rest; unset: derived from the JWT secret. */
  WHATSAPP_TOKEN_KEY: optionalString.pipe(z.string().min(32, 'WHATSAPP_TOKEN_KEY must be at least 32 characters').optional()),
  /** Campaign messages a second to the Cloud API per business number, every process together (Meta's default is 80). */
  WHATSAPP_RATE_PER_S: z.coerce.number().int().min(1).max(1_000).default(80),
});

export type Env = Omit<z.infer<typeof EnvSchema>, 'SEED_DEMO_DATA' | 'LOAD_SHED_EVENT_LOOP_DELAY_MS' | 'API_DOCS_PUBLIC'> & {
  SEED_DEMO_DATA: boolean;
  LOAD_SHED_EVENT_LOOP_DELAY_MS: number;
  API_DOCS_PUBLIC: boolean;
  dataDir: string;
  mediaDir: string;
  webDistDir: string;
  /**
   * The origin of every absolute URL the server writes (emailed links, og:url, canonical, Google's
   * redirect URI): PUBLIC_URL, or on a laptop http://localhost:PORT (http://HOST:PORT when HOST
   * names one address). Never the request's Host header, which the caller chooses.
   */
  publicOrigin: string;
  /** The web's server-side render of the feed's first screen (ADR 009), built beside the web app. */
  webFirstScreenModule: string;
};

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '']);

function publicOrigin({ PUBLIC_URL, HOST, PORT }: { PUBLIC_URL?: string; HOST: string; PORT: number }): string {
  if (PUBLIC_URL) return new URL(PUBLIC_URL).origin;
  const host = WILDCARD_HOSTS.has(HOST) ? 'localhost' : HOST.includes(':') ? `[${HOST}]` : HOST;
  return `http://${host}:${PORT}`;
}

/**
 * An error the operator fixes from its message alone (a setting, a database that cannot be reached or
 * whose schema is behind the code, a data folder in use): reported in one line without a stack (logFatal).
 */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/**
 * Production on the embedded database is refused unless asked for: it serves one process, and two
 * processes on one folder would each keep a database of their own. A one-line message, or null.
 */
export function embeddedDatabaseRefusal(
  env: Pick<Env, 'NODE_ENV' | 'DATABASE_URL' | 'EMBEDDED_DATABASE_IN_PRODUCTION'>,
): string | null {
  if (env.DATABASE_URL || env.NODE_ENV !== 'production' || env.EMBEDDED_DATABASE_IN_PRODUCTION) return null;
  return (
    'DATABASE_URL is required in production (the embedded database serves one process only); ' +
    'set EMBEDDED_DATABASE_IN_PRODUCTION=true to run a single process on it anyway.'
  );
}

/**
 * `serving: false` (the migrate command): the settings only a serving process needs (signing keys,
 * the public origin) are not required.
 */
export function loadEnv(source: NodeJS.ProcessEnv = process.env, { serving = true }: { serving?: boolean } = {}): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new ConfigError(`Invalid configuration:\n${lines}`);
  }
  if (parsed.data.NODE_ENV === 'production' && serving) {
    const missing = [
      !parsed.data.JWT_SECRET && '  JWT_SECRET: required in production (at least 32 random characters)',
      // Emailed links and share previews must never be built from a Host header a caller chose.
      !parsed.data.PUBLIC_URL && '  PUBLIC_URL: required in production (the public origin, e.g. https://aaspaas.in)',
    ].filter(Boolean);
    if (missing.length) throw new ConfigError(`Invalid configuration:\n${missing.join('\n')}`);
  }
  if (parsed.data.SMS_HTTP_URL && !parsed.data.SMS_HTTP_AUTH_KEY) {
    throw new ConfigError(
      "Invalid configuration:\n  SMS_HTTP_AUTH_KEY: required with SMS_HTTP_URL (the gateway account's authkey)",
    );
  }
  if (parsed.data.HTTP_HEADERS_TIMEOUT_MS > parsed.data.HTTP_REQUEST_TIMEOUT_MS) {
    throw new ConfigError('Invalid configuration:\n  HTTP_HEADERS_TIMEOUT_MS: must not be longer than HTTP_REQUEST_TIMEOUT_MS');
  }
  const { RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET } = parsed.data;
  const razorpaySet = [RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET].filter(Boolean).length;
  if (razorpaySet !== 0 && razorpaySet !== 3) {
    throw new ConfigError(
      'Invalid configuration:\n  RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET: set all three, or none',
    );
  }
  if (parsed.data.DATABASE_READ_URL && !parsed.data.DATABASE_URL) {
    throw new Error('Invalid configuration:\n  DATABASE_READ_URL: a replica needs its primary, DATABASE_URL');
  }
  const { S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = parsed.data;
  if (S3_BUCKET && !S3_ACCESS_KEY_ID !== !S3_SECRET_ACCESS_KEY) {
    throw new ConfigError('Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither');
  }
  const dataDir = path.resolve(repoRoot, parsed.data.DATA_DIR);
  const webDistDir = path.resolve(repoRoot, parsed.data.WEB_DIST_DIR ?? 'apps/web/dist');
  return {
    ...parsed.data,
    SEED_DEMO_DATA: parsed.data.SEED_DEMO_DATA ?? parsed.data.NODE_ENV !== 'production',
    LOAD_SHED_EVENT_LOOP_DELAY_MS: parsed.data.LOAD_SHED_EVENT_LOOP_DELAY_MS ?? (parsed.data.DATABASE_URL ? 1000 : 0),
    API_DOCS_PUBLIC: parsed.data.API_DOCS_PUBLIC ?? parsed.data.NODE_ENV !== 'production',
    publicOrigin: publicOrigin(parsed.data),
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    webDistDir,
    webFirstScreenModule: path.join(`${webDistDir}-ssr`, 'first-screen.js'),
  };
}
