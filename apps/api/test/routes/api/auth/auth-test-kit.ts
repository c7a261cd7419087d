import { randomUUID } from 'node:crypto';
import { REFRESH_COOKIE, type AuthResponse } from '@aaspaas/domain';
import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp, createBusiness, type TestApp } from '#test/helper';

/**
 * Auth budgets high enough that only the rate-limit tests ever meet them (with REDIS_URL the
 * counters outlive a run, so ordinary tests must not depend on an empty window).
 */
export const ROOMY_LIMITS = {
  RATE_LIMIT_AUTH_PER_IP: '10000',
  RATE_LIMIT_AUTH_PER_ACCOUNT: '10000',
  RATE_LIMIT_AUTH_ACCOUNT_CEILING: '10000',
};

export function buildAuthApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  return buildTestApp({ ...ROOMY_LIMITS, ...overrides });
}

export const uniqueEmail = (label = 'owner') => `${label}-${randomUUID().slice(0, 8)}@example.in`;

export function registration(overrides: Partial<Record<string, string>> = {}) {
  return {
    username: uniqueEmail(),
    password: 'secret-123',
    name: 'Sunita Sharma',
    businessName: 'Sharma Sweets',
    mobileNumber: '9820012345',
    ...overrides,
  };
}

export type Session = { token: string; cookie: string; body: AuthResponse };

/** The refresh cookie a response set (value and attributes). */
export function refreshCookieOf(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === REFRESH_COOKIE);
}

export function sessionOf(res: LightMyRequestResponse): Session {
  const body = res.json<AuthResponse>();
  const cookie = refreshCookieOf(res)?.value;
  if (!cookie) throw new Error(`no refresh cookie in the answer (${res.statusCode} ${res.body})`);
  return { token: body.token, cookie, body };
}

export async function register(app: TestApp, overrides: Partial<Record<string, string>> = {}, remoteAddress?: string) {
  const payload = registration(overrides);
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { ...sessionOf(res), email: payload.username, password: payload.password };
}

export const login = (app: TestApp, username: string, password: string, remoteAddress?: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress });

export const refresh = (app: TestApp, cookie?: string) =>
  app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: cookie ? { [REFRESH_COOKIE]: cookie } : {} });

export const me = (app: TestApp, token: string) =>
  app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${token}` } });

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A 400 carrying the exact spec text. The shared error handler may name the field first
 * ("username: …"), which the web strips or never sees (its forms validate with the same schemas).
 */
export function expectSpecMessage(res: LightMyRequestResponse, text: string) {
  if (res.statusCode !== 400) throw new Error(`expected 400, got ${res.statusCode} ${res.body}`);
  const { message } = res.json<{ message: string }>();
  if (!new RegExp(`^([A-Za-z]+: )?${escapeRegExp(text)}$`).test(message)) {
    throw new Error(`expected the message "${text}", got "${message}"`);
  }
}

/**
 * A signed-in owner whose address is already verified, made without registering (so no verification
 * mail): for tests of what only verified addresses get, such as reset links.
 */
export async function verifiedOwner(app: TestApp) {
  const email = uniqueEmail('verified');
  const password = 'secret-123';
  await createBusiness(app.db, {
    username: email,
    name: 'Sunita Sharma',
    passwordHash: await app.passwordService.hash(password),
    emailVerifiedAt: new Date(),
  });
  const res = await login(app, email, password);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return { ...sessionOf(res), email, password };
}
