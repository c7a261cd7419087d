import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { type AdminRecord, AUTH_MESSAGES, type AuthResponse } from '@aaspaas/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins, users } from '#src/db/schema';
import { ROOMY_LIMITS, refreshCookieOf, uniqueEmail } from '../auth/auth-test-kit';
import { authHeader, buildTestApp, createBusiness, type TestApp } from '#test/helper';
import { outboxFiles } from '#test/outbox-files';

const ADMIN = 'boss@aaspaas.in';
const SECOND_ADMIN = 'second.admin@aaspaas.in';
const PASSWORD = 'admin-secret-1';

const post = (app: TestApp, url: string, payload: object) => app.inject({ method: 'POST', url, payload });

const mailFiles = (app: TestApp) => outboxFiles(app.mailService.outboxDir);

/**
 * The newest mail in the app's local outbox (SMTP_URL is unset in these tests), once it holds
 * `count` mails: create-user answers before its mail is written, so the test waits for it.
 */
async function lastOutboxMail(app: TestApp, count: number) {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const files = mailFiles(app);
    if (files.length >= count) {
      expect(files).toHaveLength(count);
      return PostalMime.parse(fs.readFileSync(path.join(app.mailService.outboxDir, files.at(-1) ?? '')));
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the outbox never held ${count} mails`);
}

/** Lets the work create-user does after answering finish (it answers first, so timing tells nothing). */
const settle = () => new Promise((r) => setTimeout(r, 500));
const tokenOf = (text: string | undefined) => /reset-password\?token=([\w-]+)/.exec(text ?? '')?.[1];

describe('admin routes', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ ...ROOMY_LIMITS, ADMIN_EMAILS: ` ${ADMIN.toUpperCase()} , ${SECOND_ADMIN}` });
  });
  afterAll(() => app.close());

  it('answers every email the same; only a configured one gets a set-password link, at most one per 10 minutes', async () => {
    const neutral = { message: AUTH_MESSAGES.adminSetupSent };
    const stranger = await post(app, '/api/admin/create-user', { email: uniqueEmail('mallory') });
    expect(stranger.statusCode).toBe(200);
    expect(stranger.json()).toEqual(neutral);

    const created = await post(app, '/api/admin/create-user', { email: ADMIN, name: 'Mallory' });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual(neutral);
    const mail = await lastOutboxMail(app, 1);
    expect(mail.to?.[0]?.address).toBe(ADMIN);
    expect(mail.subject).toBe('Set the password of the Aaspaas admin account');
    // Nobody picks the admin's name or password here.
    const row = await app.usersRepository.byEmail(ADMIN);
    expect(row).toMatchObject({
      username: ADMIN,
      name: 'Admin',
      businessName: 'Aaspaas Admin',
      passwordHash: null,
      emailVerifiedAt: null,
    });
    expect((await post(app, '/api/admin/login', { username: ADMIN, password: PASSWORD })).statusCode).toBe(401);

    // Asking again and again mails nothing more within the interval (no mail bomb), and answers the same.
    for (let i = 0; i < 3; i++) {
      const again = await post(app, '/api/admin/create-user', { email: ADMIN });
      expect(again.json()).toEqual(neutral);
    }
    await settle();
    expect(mailFiles(app)).toHaveLength(1);

    const set = await post(app, '/api/auth/reset-password', { token: tokenOf(mail.text), password: PASSWORD });
    expect(set.statusCode).toBe(200);
    const admin = await app.usersRepository.byEmail(ADMIN);
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$/);
    // Spending the link proved the address: the account now acts as admin.
    expect(admin?.emailVerifiedAt).toBeInstanceOf(Date);
    expect((await post(app, '/api/admin/login', { username: ADMIN, password: PASSWORD })).statusCode).toBe(200);
  });

  it('mails a set-password link to an existing passwordless admin account (made by Google), never setting one itself', async () => {
    const googleMade = await createBusiness(app.dbHandle.db, { username: SECOND_ADMIN, passwordHash: null });
    const before = mailFiles(app).length;
    const res = await post(app, '/api/admin/create-user', { email: SECOND_ADMIN, name: 'Mallory' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.adminSetupSent });
    expect((await lastOutboxMail(app, before + 1)).to?.[0]?.address).toBe(SECOND_ADMIN);
    expect(await app.usersRepository.byId(googleMade.id)).toEqual(googleMade);
  });

  it("answers a non-admin email exactly as a wrong password of the admin's: nothing tells which address is the admin's", async () => {
    const shop = await createBusiness(app.dbHandle.db, { passwordHash: await app.passwordService.hash(PASSWORD) });
    const wrongAdmin = await post(app, '/api/admin/login', { username: ADMIN, password: 'wrong-password' });
    for (const username of [shop.username, uniqueEmail('nobody')]) {
      const res = await post(app, '/api/admin/login', { username, password: PASSWORD });
      expect([res.statusCode, res.json()], username).toEqual([wrongAdmin.statusCode, wrongAdmin.json()]);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.invalidCredentials });
      expect(refreshCookieOf(res)).toBeUndefined();
    }
  });

  it('refuses a wrong password of the admin email with invalidCredentials and no session', async () => {
    const res = await post(app, '/api/admin/login', { username: ADMIN, password: 'wrong-password' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.invalidCredentials });
    expect(refreshCookieOf(res)).toBeUndefined();
    // The Google-made second admin has no password: same answer.
    const noPassword = await post(app, '/api/admin/login', { username: SECOND_ADMIN, password: PASSWORD });
    expect(noPassword.statusCode).toBe(401);
    expect(noPassword.json()).toEqual({ message: AUTH_MESSAGES.invalidCredentials });
  });

  it('signs the admin in, upserting the admin record (createdAt kept, lastLogin moved)', async () => {
    const user = (await app.usersRepository.byEmail(ADMIN))!;
    await app.dbHandle.db.update(users).set({ profileImageUrl: '/media/uploads/x/boss.jpg' }).where(eq(users.id, user.id));

    const first = await post(app, '/api/admin/login', { username: ` ${ADMIN.toUpperCase()} `, password: PASSWORD });
    expect(first.statusCode).toBe(200);
    const session = first.json<AuthResponse>();
    expect(session.user).toMatchObject({ id: user.id, username: ADMIN, isAdmin: true });
    expect(refreshCookieOf(first)?.httpOnly).toBe(true);
    const [record] = await app.dbHandle.db.select().from(admins).where(eq(admins.uid, user.id));
    expect(record).toMatchObject({
      email: ADMIN,
      displayName: 'Admin',
      photoUrl: '/media/uploads/x/boss.jpg',
      isAdmin: true,
    });

    await new Promise((r) => setTimeout(r, 20));
    const second = await post(app, '/api/admin/login', { username: ADMIN, password: PASSWORD });
    expect(second.statusCode).toBe(200);
    const [again] = await app.dbHandle.db.select().from(admins).where(eq(admins.uid, user.id));
    expect(again!.createdAt).toEqual(record!.createdAt);
    expect(again!.lastLogin.getTime()).toBeGreaterThan(record!.lastLogin.getTime());

    const meRes = await app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: { authorization: `Bearer ${second.json<AuthResponse>().token}` },
    });
    expect(meRes.statusCode).toBe(200);
    expect(meRes.json<AdminRecord>()).toEqual({
      uid: user.id,
      email: ADMIN,
      displayName: 'Admin',
      photoURL: '/media/uploads/x/boss.jpg',
      isAdmin: true,
      createdAt: record!.createdAt.toISOString(),
      lastLogin: again!.lastLogin.toISOString(),
    });
  });

  it('stops treating an account as admin as soon as its email leaves ADMIN_EMAILS', async () => {
    const other = await buildTestApp({ ...ROOMY_LIMITS, ADMIN_EMAILS: 'someone-else@aaspaas.in' });
    try {
      const former = await createBusiness(other.dbHandle.db, { username: ADMIN });
      const res = await other.inject({ method: 'GET', url: '/api/admin/stats', headers: await authHeader(other, former) });
      expect(res.statusCode).toBe(403);
    } finally {
      await other.close();
    }
  });
});

describe('admin login limits', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMIT_AUTH_PER_IP: '10000', RATE_LIMIT_AUTH_PER_ACCOUNT: '2', ADMIN_EMAILS: ADMIN });
  });
  afterAll(() => app.close());

  it('locks an account out after its budget, with the same answer for any email', async () => {
    for (const username of [`${randomUUID().slice(0, 8)}-${ADMIN}`, uniqueEmail('ghost')]) {
      const codes: number[] = [];
      let last;
      for (let i = 0; i < 3; i++) {
        last = await post(app, '/api/admin/login', { username, password: PASSWORD });
        codes.push(last.statusCode);
      }
      expect(codes).toEqual([401, 401, 429]);
      expect(last?.json().message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    }
  });
});

describe("the admin's sign-in lock-out, kept by anyone from many addresses, is lifted by the admin", () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof createBusiness>>;
  beforeAll(async () => {
    app = await buildTestApp({
      RATE_LIMIT_AUTH_PER_IP: '10000',
      RATE_LIMIT_AUTH_PER_ACCOUNT: '2',
      RATE_LIMIT_AUTH_ACCOUNT_CEILING: '4',
      ADMIN_EMAILS: ADMIN,
    });
    admin = await createBusiness(app.dbHandle.db, {
      username: ADMIN,
      emailVerifiedAt: new Date(),
      passwordHash: await app.passwordService.hash(PASSWORD),
    });
  });
  afterAll(() => app.close());

  const signIn = (remoteAddress: string, password = PASSWORD) =>
    app.inject({ method: 'POST', url: '/api/admin/login', remoteAddress, payload: { username: ADMIN, password } });
  /** Someone spends the admin address's budget across addresses (2 guesses from each of 2 addresses). */
  const lockOut = async (round: number) => {
    for (const address of [`10.60.${round}.1`, `10.60.${round}.2`]) {
      // The admin's own sign-in before counts too: the last guesses may already meet the ceiling.
      for (let i = 0; i < 2; i++) expect([401, 429]).toContain((await signIn(address, 'wrong-password')).statusCode);
    }
    expect((await signIn('10.61.0.1')).statusCode).toBe(429);
  };

  it('from a signed-in session (an audited admin action), and by spending an emailed set-password link', async () => {
    await lockOut(1);
    const asAdmin = await authHeader(app, admin);
    const lift = await app.inject({ method: 'POST', url: '/api/admin/sign-in-lock/lift', headers: asAdmin });
    expect(lift.json()).toEqual({ message: AUTH_MESSAGES.adminLockoutLifted });
    expect((await signIn('10.61.0.1')).statusCode).toBe(200);
    const audit = await app.inject({ method: 'GET', url: `/api/admin/audit?targetId=${admin.id}`, headers: asAdmin });
    expect(audit.json<{ entries: { action: string }[] }>().entries.map((e) => e.action)).toEqual(['user.sign-in-lock-lift']);

    // A business cannot lift anything.
    const shop = await createBusiness(app.dbHandle.db);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/admin/sign-in-lock/lift',
      headers: await authHeader(app, shop),
    });
    expect(refused.statusCode).toBe(403);

    await lockOut(2);
    const link = await app.credentialsRepository.issueReset(admin.id);
    const set = await post(app, '/api/auth/reset-password', { token: link?.token, password: 'admin-secret-2' });
    expect(set.statusCode).toBe(200);
    expect((await signIn('10.61.0.1', 'admin-secret-2')).statusCode).toBe(200);
  });
});

describe('an admin address registered by someone else before it was listed', () => {
  const SQUATTED = 'owner@aaspaas.in';
  const SQUATTER_PASSWORD = 'squatter-pass-1';
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ ...ROOMY_LIMITS, ADMIN_EMAILS: SQUATTED });
  });
  afterAll(() => app.close());

  it('gives the squatter no admin rights, and the mailbox owner takes the account back through the emailed link', async () => {
    // Registered (password chosen by the squatter) while the address was not yet in ADMIN_EMAILS.
    const squatted = await createBusiness(app.dbHandle.db, {
      username: SQUATTED,
      passwordHash: await app.passwordService.hash(SQUATTER_PASSWORD),
    });
    const squatterHeader = await authHeader(app, squatted);
    const stats = await app.inject({ method: 'GET', url: '/api/admin/stats', headers: squatterHeader });
    expect(stats.statusCode).toBe(403);
    const me = await app.inject({ method: 'GET', url: '/api/user/me', headers: squatterHeader });
    expect(me.json()).toMatchObject({ isAdmin: false, emailVerified: false });
    const login = await post(app, '/api/admin/login', { username: SQUATTED, password: SQUATTER_PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ message: AUTH_MESSAGES.adminNotVerified });
    expect(refreshCookieOf(login)).toBeUndefined();
    // Nor can the squatter get the address verified by a verification link.
    const resend = await app.inject({ method: 'POST', url: '/api/auth/verify-email/resend', headers: squatterHeader });
    expect(resend.statusCode).toBe(403);

    expect((await post(app, '/api/admin/create-user', { email: SQUATTED })).statusCode).toBe(200);
    const mail = await lastOutboxMail(app, 1);
    expect(mail.to?.[0]?.address).toBe(SQUATTED);
    expect((await post(app, '/api/auth/reset-password', { token: tokenOf(mail.text), password: PASSWORD })).statusCode).toBe(200);

    expect((await post(app, '/api/admin/login', { username: SQUATTED, password: SQUATTER_PASSWORD })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/user/me', headers: squatterHeader })).statusCode).toBe(401);
    const owner = await post(app, '/api/admin/login', { username: SQUATTED, password: PASSWORD });
    expect(owner.statusCode).toBe(200);
    expect(owner.json<AuthResponse>().user).toMatchObject({ isAdmin: true, emailVerified: true });
  });
});
