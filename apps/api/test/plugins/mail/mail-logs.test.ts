import fs from 'node:fs';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '#src/db/schema';
import { buildTestApp, type TestApp } from '../../helper';
import { type LogLines, logLines } from '../../log-lines';
import { register, ROOMY_LIMITS } from '../../routes/api/auth/auth-test-kit';
import { startLocalSmtp } from './local-smtp';
import { outboxFiles } from '#test/outbox-files';

const PRODUCTION = { NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40), PUBLIC_URL: 'https://aaspaas.example' };

/** Waits until a mail's log line comes after line `from`. */
async function mailLoggedAfter(logs: LogLines, from: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  const mailLogged = () => logs.lines.slice(from).some((l) => String(l.msg).startsWith('mail '));
  while (!mailLogged() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  expect(mailLogged()).toBe(true);
}

/**
 * Registers an owner whose address is verified (reset links go only to verified addresses), asks for
 * a reset link and waits for the mail's log line; returns the token the mail carried.
 */
async function resetTokenMailed(app: TestApp, logs: LogLines, readToken: () => Promise<string>): Promise<string> {
  const registered = logs.lines.length;
  const owner = await register(app);
  await mailLoggedAfter(logs, registered); // the welcome mail with its verification link
  await app.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.username, owner.email));
  const before = logs.lines.length;
  const res = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: owner.email } });
  expect(res.statusCode).toBe(200);
  await mailLoggedAfter(logs, before);
  return readToken();
}

const tokenIn = (text: string) => {
  const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no reset link in ${text}`);
  return token;
};

async function outboxMail(app: TestApp): Promise<string> {
  const files = outboxFiles(app.mailService.outboxDir);
  const mail = await PostalMime.parse(fs.readFileSync(path.join(app.mailService.outboxDir, files.at(-1) ?? '')));
  return mail.text ?? '';
}

/** An app whose log lines the test reads, built before its test (building takes a while). */
function loggedApp(env: Record<string, string>) {
  const logs = logLines();
  const ctx = { logs, app: undefined as unknown as TestApp };
  beforeAll(async () => {
    ctx.app = await buildTestApp({ ...ROOMY_LIMITS, ...env }, { logs });
  });
  afterAll(() => ctx.app?.close());
  return ctx;
}

describe('password links in the logs: on a laptop with the local outbox', () => {
  const ctx = loggedApp({});
  it('are logged, so a reset works without a mail server', async () => {
    const { app, logs } = ctx;
    const token = await resetTokenMailed(app, logs, async () => tokenIn(await outboxMail(app)));
    const line = logs.lines.findLast((l) => String(l.msg).startsWith('mail written'));
    expect(String(line?.link)).toContain(`/reset-password?token=${token}`);
    expect(logs.lines.filter((l) => l !== line && JSON.stringify(l).includes(token))).toEqual([]);
  });
});

describe('password links in the logs: production with the outbox', () => {
  const ctx = loggedApp(PRODUCTION);
  it('never are', async () => {
    const { app, logs } = ctx;
    const token = await resetTokenMailed(app, logs, async () => tokenIn(await outboxMail(app)));
    expect(logs.text()).not.toContain(token);
    expect(logs.text()).not.toContain('reset-password?token');
  }, 120_000); // production's password hashing is slow on purpose (and slower on a busy machine)
});

describe('password links in the logs: with a mail server', () => {
  let smtp: Awaited<ReturnType<typeof startLocalSmtp>>;
  const logs = logLines();
  let app: TestApp;
  beforeAll(async () => {
    smtp = await startLocalSmtp();
    app = await buildTestApp({ ...ROOMY_LIMITS, SMTP_URL: smtp.url }, { logs });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('never are', async () => {
    const token = await resetTokenMailed(app, logs, async () => {
      // The welcome mail comes first.
      for (;;) {
        const text = (await smtp.next()).text ?? '';
        if (text.includes('reset-password?token=')) return tokenIn(text);
      }
    });
    expect(logs.text()).not.toContain(token);
    expect(logs.text()).not.toContain('reset-password?token');
  });

  it('nor the whole address of the recipient (LOG_PERSONAL_DATA unset)', async () => {
    const from = logs.lines.length;
    await app.mailService.send({ to: 'ravi.kumar@example.in', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' });
    const sent = logs.lines.slice(from).find((l) => l.msg === 'mail sent');
    expect(sent).toMatchObject({ to: 'r…@example.in' });
    expect(logs.text()).not.toContain('ravi.kumar');
  });
});

describe('the outbox on disk', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('is readable by the server only: the folder 0700, each mail 0600', async () => {
    // A folder left by an older version with the usual 0755 is closed too.
    fs.mkdirSync(app.mailService.outboxDir, { recursive: true, mode: 0o755 });
    fs.chmodSync(app.mailService.outboxDir, 0o755);
    await app.mailService.send({ to: 'owner@example.in', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' });
    expect(fs.statSync(app.mailService.outboxDir).mode & 0o777).toBe(0o700);
    const [file] = fs.readdirSync(app.mailService.outboxDir);
    expect(fs.statSync(path.join(app.mailService.outboxDir, file ?? '')).mode & 0o777).toBe(0o600);
  });
});
