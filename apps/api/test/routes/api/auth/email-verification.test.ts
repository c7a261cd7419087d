import {
  AUTH_MESSAGES,
  EMAIL_VERIFICATION_MAILS_PER_DAY,
  EMAIL_VERIFICATION_TTL_HOURS,
  type VerifyEmailResponse,
} from '@aaspaas/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailVerifications, passwordResets, users } from '#src/db/schema';
import { hashToken } from '#src/plugins/app/auth/opaque-token';
import type { TestApp } from '#test/helper';
import { type ReceivedMail, startLocalSmtp } from '#test/plugins/mail/local-smtp';
import { buildAuthApp, me, register } from './auth-test-kit';

const ORIGIN = 'https://aaspaas.example';

const verify = (app: TestApp, token: string) => app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
const resend = (app: TestApp, token: string) =>
  app.inject({ method: 'POST', url: '/api/auth/verify-email/resend', headers: { authorization: `Bearer ${token}` } });
const forgot = (app: TestApp, email: string) =>
  app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });

function verifyTokenOf(mail: ReceivedMail): string {
  const match = /https:\/\/aaspaas\.example\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
  if (!match?.[1]) throw new Error(`no verification link in:\n${mail.text}`);
  return match[1];
}

describe('email verification, by real email (SMTP)', () => {
  let smtp: Awaited<ReturnType<typeof startLocalSmtp>>;
  let app: TestApp;
  beforeAll(async () => {
    smtp = await startLocalSmtp();
    app = await buildAuthApp({ SMTP_URL: smtp.url, PUBLIC_URL: ORIGIN });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  /** Makes the user's verification mails look `ms` older, as if time had passed. */
  const ageVerificationMails = (userId: string, ms: number) =>
    app.db
      .update(emailVerifications)
      .set({ createdAt: new Date(Date.now() - ms) })
      .where(eq(emailVerifications.userId, userId));

  it('mails a link at registration; the app works unverified; the link verifies the address once', async () => {
    const owner = await register(app);
    expect(owner.body.user.emailVerified).toBe(false);
    expect((await me(app, owner.token)).json()).toMatchObject({ emailVerified: false });

    const mail = await smtp.next();
    expect(mail.envelopeTo).toEqual([owner.email]);
    expect(mail.subject).toBe('Confirm your email for Aaspaas');
    expect(mail.text).toContain('Sharma Sweets');
    expect(mail.text).toContain(`expires in ${EMAIL_VERIFICATION_TTL_HOURS} hours`);
    const token = verifyTokenOf(mail);
    // Stored hashed, like the reset token.
    const rows = await app.db.select().from(emailVerifications).where(eq(emailVerifications.userId, owner.body.user.id));
    expect(rows.map((r) => r.tokenHash)).toEqual([hashToken(token)]);
    expect(JSON.stringify(rows)).not.toContain(token);

    const done = await verify(app, token);
    expect(done.statusCode).toBe(200);
    expect(done.json<VerifyEmailResponse>()).toEqual({ status: 'verified', email: owner.email });
    expect((await me(app, owner.token)).json()).toMatchObject({ emailVerified: true });

    const again = await verify(app, token);
    expect(again.statusCode).toBe(200);
    // A spent link names no address: whoever finds an old mail learns nothing from it.
    expect(again.json<VerifyEmailResponse>()).toEqual({ status: 'already-used' });
    expect(again.body).not.toContain(owner.email);
    expect((await resend(app, owner.token)).json()).toEqual({ message: AUTH_MESSAGES.alreadyVerified });
  });

  it('answers 410 for an expired link and 400 for an unknown or malformed one, verifying nothing', async () => {
    const owner = await register(app);
    const token = verifyTokenOf(await smtp.next());
    await app.db
      .update(emailVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerifications.tokenHash, hashToken(token)));
    const expired = await verify(app, token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ message: AUTH_MESSAGES.verificationLinkExpired });
    const unknown = await verify(app, 'A'.repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: AUTH_MESSAGES.verificationLinkInvalid });
    const junk = await verify(app, 'x');
    expect(junk.statusCode).toBe(400);
    expect(junk.json().message).toContain(AUTH_MESSAGES.verificationLinkInvalid);
    expect((await me(app, owner.token)).json()).toMatchObject({ emailVerified: false });
  });

  it(`rations Resend: one mail per 2 minutes, ${EMAIL_VERIFICATION_MAILS_PER_DAY} per day`, async () => {
    const owner = await register(app);
    await smtp.next();
    const tooSoon = await resend(app, owner.token);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toEqual({ message: AUTH_MESSAGES.verificationRationed });

    for (let sent = 1; sent < EMAIL_VERIFICATION_MAILS_PER_DAY; sent++) {
      await ageVerificationMails(owner.body.user.id, 3 * 60_000);
      const res = await resend(app, owner.token);
      expect(res.statusCode, `mail ${sent + 1}`).toBe(200);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.verificationSent });
      expect((await smtp.next()).envelopeTo).toEqual([owner.email]);
    }
    await ageVerificationMails(owner.body.user.id, 3 * 60_000);
    expect((await resend(app, owner.token)).statusCode).toBe(429);
    // A day later the ration is back.
    await ageVerificationMails(owner.body.user.id, 25 * 3_600_000);
    expect((await resend(app, owner.token)).statusCode).toBe(200);
    const latest = verifyTokenOf(await smtp.next());
    expect((await verify(app, latest)).json<VerifyEmailResponse>().status).toBe('verified');
    expect(smtp.received).toHaveLength(0);
  });

  it('mails a reset link only to a verified address; an unverified one gets a verification link instead', async () => {
    const owner = await register(app);
    await smtp.next();
    await ageVerificationMails(owner.body.user.id, 3 * 60_000);
    expect((await forgot(app, owner.email)).json()).toEqual({ message: AUTH_MESSAGES.forgotPasswordSent });
    const instead = await smtp.next();
    expect(instead.subject).toBe('Confirm your email for Aaspaas');
    expect(instead.text).toContain('we cannot send a reset link yet');
    expect(instead.text).not.toContain('/reset-password');
    expect(await app.db.select().from(passwordResets).where(eq(passwordResets.userId, owner.body.user.id))).toHaveLength(0);

    expect((await verify(app, verifyTokenOf(instead))).statusCode).toBe(200);
    await forgot(app, owner.email);
    const reset = await smtp.next();
    expect(reset.subject).toBe('Reset your Aaspaas password');
    expect(reset.text).toContain(`${ORIGIN}/reset-password?token=`);
  });

  it('refuses a link sent to an address the account no longer uses', async () => {
    const owner = await register(app);
    const token = verifyTokenOf(await smtp.next());
    await app.db
      .update(users)
      .set({ username: `changed-${owner.email}` })
      .where(eq(users.id, owner.body.user.id));
    expect((await verify(app, token)).statusCode).toBe(400);
  });
});
