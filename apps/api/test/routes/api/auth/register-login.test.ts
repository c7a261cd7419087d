import { AUTH_MESSAGES, NEW_USER_BALANCE_PAISE } from '@aaspaas/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#src/db/schema';
import { createBusiness, type TestApp } from '#test/helper';
import {
  buildAuthApp,
  expectSpecMessage,
  login,
  me,
  refreshCookieOf,
  register,
  registration,
  uniqueEmail,
} from './auth-test-kit';

describe('register', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildAuthApp({ ADMIN_EMAILS: 'boss@aaspaas.in' });
  });
  afterAll(() => app.close());

  const post = (payload: object) => app.inject({ method: 'POST', url: '/api/auth/register', payload });

  it('creates the owner (email lower-cased, starting balance, argon2id) and signs them in', async () => {
    const email = uniqueEmail('Mixed.Case');
    const res = await post(registration({ username: `  ${email.toUpperCase()} `, mobileNumber: '98200 12345' }));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      token: expect.any(String),
      expiresIn: 15 * 60,
      user: {
        username: email.toLowerCase(),
        name: 'Sunita Sharma',
        businessName: 'Sharma Sweets',
        mobileNumber: '98200 12345',
        balancePaise: NEW_USER_BALANCE_PAISE,
        isAdmin: false,
        status: 'active',
        hasPassword: true,
        googleLinked: false,
        onboardingCompleted: false,
      },
    });
    const [row] = await app.db.select().from(users).where(eq(users.username, email.toLowerCase()));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.passwordHash).not.toContain('secret-123');

    // The access token opens the business API.
    const mine = await me(app, body.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ id: body.user.id, username: email.toLowerCase() });
    expect(refreshCookieOf(res)?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers 409 for a taken email, whatever its case', async () => {
    const first = await register(app);
    const again = await post(registration({ username: first.email.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: AUTH_MESSAGES.emailTaken });
    expect(refreshCookieOf(again)).toBeUndefined();
  });

  it('answers 409 (not 500) when two registrations of one email race', async () => {
    const payload = registration();
    const answers = await Promise.all([post(payload), post(payload), post(payload)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    for (const r of answers.filter((a) => a.statusCode === 409)) expect(r.json()).toEqual({ message: AUTH_MESSAGES.emailTaken });
  });

  it.each([
    [{ username: 'not-an-email' }, AUTH_MESSAGES.invalidEmail],
    [{ password: '12345' }, AUTH_MESSAGES.passwordMin],
    [{ password: 'x'.repeat(129) }, AUTH_MESSAGES.passwordMax],
    [{ name: 'A' }, AUTH_MESSAGES.nameMin],
    [{ businessName: ' B ' }, AUTH_MESSAGES.businessNameMin],
    [{ mobileNumber: '98200' }, AUTH_MESSAGES.mobileMin],
  ])('refuses %o with the spec message', async (change, message) => {
    expectSpecMessage(await post(registration(change)), message);
  });

  it('keeps the admin email out of the public form (it would otherwise become an admin)', async () => {
    const res = await post(registration({ username: 'Boss@Aaspaas.in' }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.adminEmailReserved });
    expect(await app.usersRepository.byEmail('boss@aaspaas.in')).toBeNull();
  });
});

describe('login', () => {
  let app: TestApp;
  let owner: Awaited<ReturnType<typeof register>>;
  beforeAll(async () => {
    app = await buildAuthApp();
    owner = await register(app);
  });
  afterAll(() => app.close());

  it('signs in with the right password (email in any case) and sets a fresh session', async () => {
    const res = await login(app, ` ${owner.email.toUpperCase()}`, owner.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ expiresIn: 900, user: { id: owner.body.user.id, username: owner.email } });
    const cookie = refreshCookieOf(res);
    expect(cookie?.value).toBeTruthy();
    expect(cookie?.value).not.toBe(owner.cookie);
    expect((await me(app, res.json().token)).statusCode).toBe(200);
  });

  it('gives one 401 text for a wrong password, an unknown email and a Google-only account', async () => {
    const googleOnly = await createBusiness(app.db, { username: uniqueEmail('google'), passwordHash: null });
    const answers = [
      await login(app, owner.email, 'wrong-password'),
      await login(app, uniqueEmail('nobody'), owner.password),
      await login(app, googleOnly.username, 'any-password'),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.invalidCredentials });
      expect(refreshCookieOf(res)).toBeUndefined();
    }
  });

  it('spends about the same time on an unknown email as on a wrong password (argon2 runs either way)', async () => {
    const time = async (email: string) => {
      const started = performance.now();
      await login(app, email, 'wrong-password');
      return performance.now() - started;
    };
    await time(owner.email); // warm-up
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time(owner.email));
      unknown.push(await time(uniqueEmail('ghost')));
    }
    // Without the dummy verification an unknown email answers in ~1 ms against tens of ms: a wide
    // bound, so that other tests loading the machine's two cores cannot fail it.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.2);
  });

  it('validates the payload with the spec messages', async () => {
    expectSpecMessage(await login(app, 'nope', 'secret-123'), AUTH_MESSAGES.invalidEmail);
    expectSpecMessage(await login(app, owner.email, '123'), AUTH_MESSAGES.passwordMin);
  });

  it('refuses a suspended account with 403 (only once the password is right)', async () => {
    const other = await register(app);
    await app.db.update(users).set({ status: 'suspended' }).where(eq(users.id, other.body.user.id));
    const res = await login(app, other.email, other.password);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.accountSuspended });
    expect((await login(app, other.email, 'wrong-password')).json()).toEqual({ message: AUTH_MESSAGES.invalidCredentials });
    // Its existing access token stops working too.
    expect((await me(app, other.token)).statusCode).toBe(401);
  });
});
