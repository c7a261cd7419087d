import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import app from '../../../src/app';
import { loadEnv } from '../../../src/config/env';
import { openDatabase } from '../../../src/db/client';

/**
 * A campaign's sender as a process of its own, on the test's PostgreSQL database (crash.test.ts kills it
 * with -9 mid-send and starts another): the app as a worker builds it, then `smsSender.run` in turns until
 * the campaign is done. SENDER_ENV holds the settings (JSON); CAMPAIGN_ID names the campaign; it prints
 * "ready" once started and "done" at the end.
 */
async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aaspaas-sender-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    JOBS_RECURRING: 'false',
    SMS_SENDER_ENABLED: 'false',
    LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
    ...(JSON.parse(process.env.SENDER_ENV ?? '{}') as Record<string, string>),
  });
  const databaseUrl = process.env.SENDER_DATABASE_URL ?? '';
  const dbHandle = await openDatabase({ databaseUrl, dataDir: null, onConnectionError: () => undefined });
  const fastify = Fastify({ logger: false, pluginTimeout: 120_000 });
  await fastify.register(fp(app), { env, dbHandle });
  await fastify.ready();
  process.stdout.write('ready\n');
  const campaignId = process.env.CAMPAIGN_ID ?? '';
  for (;;) {
    const { result, resumeAt } = await fastify.smsSender.run(campaignId, 5_000);
    if (result !== 'later') break;
    await new Promise((r) => setTimeout(r, Math.min(500, Math.max(0, (resumeAt?.getTime() ?? 0) - Date.now()))));
  }
  process.stdout.write('done\n');
  await fastify.close();
  await dbHandle.close();
}

void main().catch((err: unknown) => {
  const cause = (err as { cause?: unknown }).cause;
  process.stderr.write(`${String((err as Error).stack ?? err)}\ncause: ${String(cause)}\n`);
  process.exit(1);
});
