import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import {
  ADMIN_EMAIL,
  CARDS_ADMIN_EMAILS,
  CONTENT_ADMIN_EMAILS,
  GOOGLE_CLIENT,
  HINDI_ADMIN_EMAIL,
  MODERATOR_EMAILS,
  OIDC_PORT,
  REPORTS_ADMIN_EMAIL,
  SMTP_PORT,
  WALLET_ADMIN_EMAIL,
} from './fixtures/services';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 5179);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** Central Mumbai: where the phone in the browser tests stands. */
export const MUMBAI = { latitude: 19.076, longitude: 72.8777 };
/** The server's key for SMS opt-out links: a spec signs a link as the server would, to open its page. */
export const E2E_SMS_LINK_SECRET = 'e2e-sms-link-secret-of-the-browser-tests-only';

// Debian's Chromium, never a downloaded browser: its headless shell, which draws no browser window of
// its own (ADR 026: the full browser's headless mode cost the suite a quarter more CPU).
const launchOptions = {
  executablePath: process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

const phone = {
  ...devices['Pixel 5'],
  geolocation: MUMBAI,
  permissions: ['geolocation'],
  locale: 'en-IN',
  timezoneId: 'Asia/Kolkata',
};

/** Specs that count a visitor's views exactly: they run alone, after the others (project 'mobile-quiet'). */
const QUIET_SPECS = /posts-history\.spec\.ts/;

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    // A failed test keeps its trace (actions, network, console) without the screencast and the DOM
    // snapshots: they cost the suite more than half its CPU (ADR 030). The failure's screenshot stays.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [
    {
      name: 'mobile',
      testIgnore: [/.*\.desktop\.spec\.ts/, QUIET_SPECS],
      use: phone,
    },
    {
      name: 'desktop',
      testMatch: /.*\.desktop\.spec\.ts/,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1366, height: 900 },
        geolocation: MUMBAI,
        permissions: ['geolocation'],
        locale: 'en-IN',
        timezoneId: 'Asia/Kolkata',
      },
    },
    {
      // After every other test: exact counts of views, which any visitor's first screen (every post,
      // newest first) would add to while other specs run beside them.
      name: 'mobile-quiet',
      testMatch: QUIET_SPECS,
      dependencies: ['mobile', 'desktop'],
      use: phone,
    },
  ],
  webServer: {
    command: 'node e2e/scripts/start-server.mjs',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `${BASE_URL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      // As behind a reverse proxy: a spec may give its phone a public address with X-Forwarded-For.
      TRUST_PROXY: 'true',
      RATE_LIMIT_ENGAGEMENT_PER_MIN: '1000',
      RATE_LIMIT_EVENTS_PER_MIN: '1000',
      // Every browser context of the run is a new visitor from 127.0.0.1.
      VISITOR_IDS_PER_IP_PER_HOUR: '100000',
      RATE_LIMIT_AUTH_PER_IP: '1000',
      RATE_LIMIT_AUTH_PER_ACCOUNT: '50',
      // Every spec registers its owners from 127.0.0.1.
      RATE_LIMIT_REGISTER_PER_IP_PER_HOUR: '100000',
      // Every spec's phone shares 127.0.0.1, and specs publish far more than a shop does.
      RATE_LIMIT_FEED_PER_MIN: '100000',
      RATE_LIMIT_PAGES_PER_MIN: '100000',
      RATE_LIMIT_POSTS_PER_MIN: '100000',
      RATE_LIMIT_POSTS_PER_DAY: '100000',
      ADMIN_EMAILS: [
        ADMIN_EMAIL,
        ...Object.values(MODERATOR_EMAILS),
        ...Object.values(CONTENT_ADMIN_EMAILS),
        WALLET_ADMIN_EMAIL,
        ...Object.values(CARDS_ADMIN_EMAILS),
        HINDI_ADMIN_EMAIL,
        REPORTS_ADMIN_EMAIL,
      ].join(','),
      // Outside services as real servers on 127.0.0.1, started by the specs that need them.
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      SMS_LINK_SECRET: E2E_SMS_LINK_SECRET,
      GOOGLE_CLIENT_ID: GOOGLE_CLIENT.id,
      GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.secret,
      GOOGLE_ISSUER_URL: `http://127.0.0.1:${OIDC_PORT}`,
    },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
