import { randomInt } from 'node:crypto';
import { AUTH_MESSAGES } from '@aaspaas/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/helper';
import { register, registration, uniqueEmail } from './auth-test-kit';

const PER_IP = 6;
const PER_ACCOUNT = 3;
const CEILING = 5;
const blocked = { message: 'Too many attempts. Please wait 15 minutes and try again.' };

/** A fresh client address per use: with REDIS_URL the counters outlive a run. */
const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

function expectBlocked(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual(blocked);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(14 * 60);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
}

describe('new accounts per address per hour', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMIT_AUTH_PER_IP: '10000', RATE_LIMIT_REGISTER_PER_IP_PER_HOUR: '3' });
  });
  afterAll(() => app.close());

  it('lets one address make a few accounts an hour, then says how long to wait; another address is not held up', async () => {
    const ip = randomIp();
    const signUp = (remoteAddress: string) =>
      app.inject({ method: 'POST', url: '/api/auth/register', payload: registration(), remoteAddress });
    for (let i = 0; i < 3; i++) expect((await signUp(ip)).statusCode).toBe(201);
    const refused = await signUp(ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many attempts\. Please wait (60|59) minutes and try again\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(59 * 60);
    expect((await signUp(randomIp())).statusCode).toBe(201);
  });
});

describe('sign-in rate limits', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({
      RATE_LIMIT_AUTH_PER_IP: String(PER_IP),
      RATE_LIMIT_AUTH_PER_ACCOUNT: String(PER_ACCOUNT),
      RATE_LIMIT_AUTH_ACCOUNT_CEILING: String(CEILING),
    });
  });
  afterAll(() => app.close());

  const login = (username: string, password: string, remoteAddress = randomIp()) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress });

  it('stops guesses at an account from one address, even with the right password, but not the owner on theirs', async () => {
    const owner = await register(app, {}, randomIp());
    const attacker = randomIp();
    const codes: number[] = [];
    for (let i = 0; i < PER_ACCOUNT; i++) codes.push((await login(owner.email, 'wrong-password', attacker)).statusCode);
    expect(codes).toEqual([401, 401, 401]);
    expectBlocked(await login(owner.email, owner.password, attacker));
    // Another spelling of the same email is the same account.
    expectBlocked(await login(`  ${owner.email.toUpperCase()}`, owner.password, attacker));
    // The owner, on their own phone, still gets in.
    expect((await login(owner.email, owner.password, randomIp())).statusCode).toBe(200);
  });

  it('caps the guesses at one account from many addresses together', async () => {
    const owner = await register(app, {}, randomIp());
    const codes: number[] = [];
    // One guess from each address stays within every pair's budget; the account's ceiling stops them.
    for (let i = 0; i < CEILING; i++) codes.push((await login(owner.email, 'wrong-password', randomIp())).statusCode);
    expect(codes).toEqual(Array<number>(CEILING).fill(401));
    expectBlocked(await login(owner.email, 'wrong-password', randomIp()));
    expectBlocked(await login(owner.email, owner.password, randomIp()));
  });

  it('treats an unknown email exactly like a known one (lockout reveals nothing)', async () => {
    const ghost = uniqueEmail('ghost');
    const ip = randomIp();
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i <= PER_ACCOUNT; i++) answers.push(await login(ghost, 'wrong-password', ip));
    expect(answers.map((r) => r.statusCode)).toEqual([401, 401, 401, 429]);
    for (const r of answers.slice(0, PER_ACCOUNT)) expect(r.json()).toEqual({ message: AUTH_MESSAGES.invalidCredentials });
    const last = answers[PER_ACCOUNT];
    if (last) expectBlocked(last);
  });

  it('limits one IP across many accounts', async () => {
    const ip = randomIp();
    const codes: number[] = [];
    for (let i = 0; i <= PER_IP; i++) codes.push((await login(uniqueEmail('spray'), 'wrong-password', ip)).statusCode);
    expect(codes).toEqual([...Array<number>(PER_IP).fill(401), 429]);
    expectBlocked(await login(uniqueEmail('spray'), 'wrong-password', ip));
    // Another IP is not affected.
    expect((await login(uniqueEmail('spray'), 'wrong-password')).statusCode).toBe(401);
  });

  it('limits register per email and per IP', async () => {
    const payload = registration();
    const attempt = (remoteAddress = randomIp()) =>
      app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress });
    expect((await attempt()).statusCode).toBe(201);
    expect((await attempt()).statusCode).toBe(409);
    expect((await attempt()).statusCode).toBe(409);
    expectBlocked(await attempt());

    const ip = randomIp();
    for (let i = 0; i < PER_IP; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: registration(), remoteAddress: ip });
      expect(res.statusCode).toBe(201);
    }
    expectBlocked(await app.inject({ method: 'POST', url: '/api/auth/register', payload: registration(), remoteAddress: ip }));
  });

  it('limits forgot-password per email, known or not, with the same answers', async () => {
    const owner = await register(app, {}, randomIp());
    for (const email of [owner.email, uniqueEmail('nobody')]) {
      const codes: number[] = [];
      for (let i = 0; i <= PER_ACCOUNT; i++) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email },
          remoteAddress: randomIp(),
        });
        codes.push(res.statusCode);
        if (res.statusCode === 429) expectBlocked(res);
        else expect(res.json()).toEqual({ message: AUTH_MESSAGES.forgotPasswordSent });
      }
      expect(codes).toEqual([200, 200, 200, 429]);
    }
  });

  it('limits refresh per IP, with a larger budget (it runs every 15 minutes per open tab)', async () => {
    const ip = randomIp();
    const budget = PER_IP * 10;
    for (let i = 0; i < budget; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/refresh', remoteAddress: ip });
      expect(res.statusCode).toBe(401);
    }
    expectBlocked(await app.inject({ method: 'POST', url: '/api/auth/refresh', remoteAddress: ip }));
  });

  it('keeps each action in its own budget', async () => {
    const ip = randomIp();
    for (let i = 0; i < PER_IP; i++) await login(uniqueEmail('spray'), 'wrong-password', ip);
    expect((await login(uniqueEmail('spray'), 'wrong-password', ip)).statusCode).toBe(429);
    const forgot = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: uniqueEmail() },
      remoteAddress: ip,
    });
    expect(forgot.statusCode).toBe(200);
  });
});
