import fs from 'node:fs';
import path from 'node:path';
import { AUTH_MESSAGES, PASSWORD_RESET_TTL_MIN, REFRESH_COOKIE } from '@aaspaas/domain';
import { eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { passwordResets, users } from '#src/db/schema';
import { hashToken } from '#src/plugins/app/auth/opaque-token';
import { createBusiness, type TestApp } from '#test/helper';
import { startLocalSmtp } from '#test/plugins/mail/local-smtp';
import { buildAuthApp, expectSpecMessage, login, me, refresh, register, uniqueEmail, verifiedOwner } from './auth-test-kit';
import { outboxFiles } from '#test/outbox-files';

const forgot = (app: TestApp, email: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, headers });
const reset = (app: TestApp, token: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });

const sent = { message: AUTH_MESSAGES.forgotPasswordSent };
const resetDone = { message: 'Your password has been reset. Please log in with the new password.' };
const linkInvalid = { message: AUTH_MESSAGES.resetLinkInvalid };

/** The token of the reset link in a mail's text. */
function tokenOf(text: string | undefined, origin: string): string {
  const match = new RegExp(`${origin.replace(/[.:/]/g, '\\$&')}/reset-password\\?token=([A-Za-z0-9_-]+)`).exec(text ?? '');
  if (!match?.[1]) throw new Error(`no reset link for ${origin} in:\n${text}`);
  return match[1];
}

describe('forgot and reset password, by real email (SMTP)', () => {
  let smtp: Awaited<ReturnType<typeof startLocalSmtp>>;
  let app: TestApp;
  const origin = 'https://aaspaas.example';
  beforeAll(async () => {
    smtp = await startLocalSmtp();
    app = await buildAuthApp({ SMTP_URL: smtp.url, PUBLIC_URL: origin });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it('mails a friendly single-use link; the new password works, the old one and every session do not', async () => {
    const owner = await verifiedOwner(app);
    const laptop = await login(app, owner.email, owner.password);
    const res = await forgot(app, owner.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(sent);

    const mail = await smtp.next();
    expect(mail.envelopeTo).toEqual([owner.email]);
    expect(mail.subject).toBe('Reset your Aaspaas password');
    expect(mail.text).toContain('Hello Sunita Sharma,');
    expect(mail.text).toContain(`expires in ${PASSWORD_RESET_TTL_MIN} minutes`);
    expect(mail.html).toContain('Choose a new password');
    const token = tokenOf(mail.text, origin);
    expect(mail.html).toContain(`${origin}/reset-password?token=${token}`);
    // Only the hash is stored.
    const [row] = await app.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, hashToken(token)));
    expect(row?.userId).toBe(owner.body.user.id);
    expect(JSON.stringify(await app.db.select().from(passwordResets))).not.toContain(token);

    const done = await reset(app, token, 'brand-new-pass');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual(resetDone);

    expect((await login(app, owner.email, owner.password)).json()).toEqual({ message: AUTH_MESSAGES.invalidCredentials });
    expect((await login(app, owner.email, 'brand-new-pass')).statusCode).toBe(200);
    // Every earlier session is over: access tokens and refresh cookies alike.
    expect((await me(app, owner.token)).statusCode).toBe(401);
    expect((await me(app, laptop.json().token)).statusCode).toBe(401);
    expect((await refresh(app, owner.cookie)).statusCode).toBe(401);

    // Single use.
    const again = await reset(app, token, 'another-pass-1');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(linkInvalid);
    expect((await login(app, owner.email, 'brand-new-pass')).statusCode).toBe(200);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const res = await forgot(app, uniqueEmail('nobody'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(sent);
    // A known account right after: the next mail to arrive is for it, so nothing went to the unknown one.
    const owner = await verifiedOwner(app);
    await forgot(app, owner.email);
    const mail = await smtp.next();
    expect(mail.envelopeTo).toEqual([owner.email]);
    expect(smtp.received).toHaveLength(0);
  });

  it('refuses an expired link, and one made useless by a newer reset', async () => {
    const owner = await verifiedOwner(app);
    await forgot(app, owner.email);
    const first = tokenOf((await smtp.next()).text, origin);
    await forgot(app, owner.email);
    const second = tokenOf((await smtp.next()).text, origin);

    await app.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.tokenHash, hashToken(second)));
    const expired = await reset(app, second, 'brand-new-pass');
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual(linkInvalid);

    expect((await reset(app, first, 'brand-new-pass')).statusCode).toBe(200);
    const rows = await app.db.select().from(passwordResets).where(eq(passwordResets.userId, owner.body.user.id));
    expect(rows.every((r) => r.usedAt !== null)).toBe(true);
  });

  it('refuses unknown and malformed tokens, and weak new passwords', async () => {
    expect((await reset(app, 'A'.repeat(43), 'brand-new-pass')).json()).toEqual(linkInvalid);
    expectSpecMessage(await reset(app, 'short', 'brand-new-pass'), AUTH_MESSAGES.resetLinkInvalid);
    expectSpecMessage(await reset(app, 'A'.repeat(43), '123'), AUTH_MESSAGES.passwordMin);
    expectSpecMessage(await forgot(app, 'not-an-email'), AUTH_MESSAGES.invalidEmail);
  });

  it('lets a Google-only account (no password) set one through the link', async () => {
    const google = await createBusiness(app.db, {
      username: uniqueEmail('google'),
      passwordHash: null,
      emailVerifiedAt: new Date(),
    });
    await forgot(app, google.username);
    const token = tokenOf((await smtp.next()).text, origin);
    expect((await reset(app, token, 'first-password')).statusCode).toBe(200);
    const res = await login(app, google.username, 'first-password');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.hasPassword).toBe(true);
  });

  it('sends nothing to a suspended account', async () => {
    const owner = await verifiedOwner(app);
    await app.db.update(users).set({ status: 'suspended' }).where(eq(users.id, owner.body.user.id));
    expect((await forgot(app, owner.email)).json()).toEqual(sent);
    const control = await verifiedOwner(app);
    await forgot(app, control.email);
    expect((await smtp.next()).envelopeTo).toEqual([control.email]);
  });
});

describe('forgot password without SMTP: the local outbox', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildAuthApp();
  });
  afterAll(() => app.close());

  it("writes the mail to DATA_DIR/outbox with a link on the request's origin, and logs the link", async () => {
    const owner = await verifiedOwner(app);
    const info = vi.spyOn(app.log, 'info');
    const res = await forgot(app, owner.email, { host: 'localhost:5000' });
    expect(res.json()).toEqual(sent);
    const outbox = app.mailService.outboxDir;
    // The mail goes out after the answer (timing must not tell known accounts apart): wait for its log line.
    const deadline = Date.now() + 10_000;
    const fileLogged = () =>
      info.mock.calls.some(([fields]) => typeof fields === 'object' && fields !== null && 'file' in fields);
    while (!fileLogged() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const files = outboxFiles(outbox);
    expect(files).toHaveLength(1);
    const mail = await PostalMime.parse(fs.readFileSync(path.join(outbox, files[0] ?? '')));
    expect(mail.to?.map((a) => a.address)).toEqual([owner.email]);
    expect(mail.subject).toBe('Reset your Aaspaas password');
    const token = tokenOf(mail.text, 'http://localhost:5000');
    const logged = JSON.stringify(info.mock.calls);
    expect(logged).toContain(`http://localhost:5000/reset-password?token=${token}`);
    expect(logged).toContain(files[0]);
    expect(logged).not.toContain(owner.password);
    info.mockRestore();
    expect((await reset(app, token, 'from-the-outbox')).json()).toEqual(resetDone);
    expect((await login(app, owner.email, 'from-the-outbox')).statusCode).toBe(200);
  });
});

describe('change password', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildAuthApp();
  });
  afterAll(() => app.close());

  const change = (token: string, payload: object) =>
    app.inject({
      method: 'POST',
      url: '/api/user/change-password',
      headers: { authorization: `Bearer ${token}` },
      payload,
    });

  it('answers a fresh session for this device and signs out every other one', async () => {
    const owner = await register(app);
    const phone = await login(app, owner.email, owner.password);
    const res = await change(owner.token, { currentPassword: owner.password, newPassword: 'changed-pass' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ token: expect.any(String), expiresIn: 900, user: { id: owner.body.user.id } });
    const cookie = res.cookies.find((c) => c.name === REFRESH_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth' });

    expect((await me(app, body.token)).statusCode).toBe(200);
    expect((await refresh(app, cookie?.value)).statusCode).toBe(200);
    for (const token of [owner.token, phone.json().token]) expect((await me(app, token)).statusCode).toBe(401);
    expect((await refresh(app, owner.cookie)).statusCode).toBe(401);
    expect((await login(app, owner.email, owner.password)).statusCode).toBe(401);
    expect((await login(app, owner.email, 'changed-pass')).statusCode).toBe(200);
  });

  it('refuses a wrong or missing current password with 400 and changes nothing', async () => {
    const owner = await register(app);
    for (const payload of [
      { currentPassword: 'not-my-password', newPassword: 'changed-pass' },
      { newPassword: 'changed-pass' },
    ]) {
      const res = await change(owner.token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.currentPasswordWrong, field: 'currentPassword' });
    }
    expect((await me(app, owner.token)).statusCode).toBe(200);
    expect((await login(app, owner.email, owner.password)).statusCode).toBe(200);
    expectSpecMessage(
      await change(owner.token, { currentPassword: owner.password, newPassword: '123' }),
      AUTH_MESSAGES.passwordMin,
    );
  });

  it('lets a Google-only account set a first password without a current one', async () => {
    const google = await createBusiness(app.db, { username: uniqueEmail('google'), passwordHash: null });
    const { token } = await app.accessTokenService.sign(google.id);
    const res = await change(token, { newPassword: 'first-password' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.hasPassword).toBe(true);
    expect((await login(app, google.username, 'first-password')).statusCode).toBe(200);
  });

  it('needs a signed-in user', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/user/change-password', payload: { newPassword: 'whatever-1' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.authFailed });
  });
});
