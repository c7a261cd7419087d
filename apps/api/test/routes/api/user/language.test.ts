import { PASSWORD_RESET_TTL_MIN } from '@aaspaas/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, type TestApp } from '#test/helper';
import { startLocalSmtp } from '#test/plugins/mail/local-smtp';
import { buildAuthApp, me, registration, sessionOf, uniqueEmail } from '../auth/auth-test-kit';

const setLanguage = (app: TestApp, token: string, language: unknown) =>
  app.inject({ method: 'PUT', url: '/api/user/me', headers: { authorization: `Bearer ${token}` }, payload: { language } });

/** The owner's language: taken from the page at sign-up, changed from the app, and the password email's. */
describe("an account's language", () => {
  let smtp: Awaited<ReturnType<typeof startLocalSmtp>>;
  let app: TestApp;
  beforeAll(async () => {
    smtp = await startLocalSmtp();
    app = await buildAuthApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://aaspaas.example' });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  async function signUp(headers: Record<string, string>) {
    const payload = registration();
    const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload, headers });
    expect(res.statusCode).toBe(201);
    // The welcome mail with its verification link.
    await smtp.next();
    return { ...sessionOf(res), email: payload.username };
  }

  it('starts in the language of the page the owner signed up on: the cookie, else Accept-Language, else English', async () => {
    expect((await signUp({ 'accept-language': 'hi-IN,hi;q=0.9' })).body.user.language).toBe('hi');
    expect((await signUp({ 'accept-language': 'hi', cookie: 'aaspaas_lang=en' })).body.user.language).toBe('en');
    expect((await signUp({})).body.user.language).toBe('en');
  });

  it('is changed by the owner alone, to a language we have; anything else is a clear 400 with nothing saved', async () => {
    const owner = await signUp({});
    const changed = await setLanguage(app, owner.token, 'hi');
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ language: 'hi', businessName: 'Sharma Sweets' });
    const refused = await setLanguage(app, owner.token, 'fr');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'Choose English or Hindi', field: 'language' });
    expect((await me(app, owner.token)).json()).toMatchObject({ language: 'hi' });
    expect((await setLanguage(app, 'not-a-token', 'en')).statusCode).toBe(401);
  });

  it('writes the password email in Hindi for a Hindi owner, whatever page asked for it', async () => {
    // Reset links go only to a proven address (docs/product.md §4).
    const owner = { email: uniqueEmail('hindi') };
    await createBusiness(app.db, { username: owner.email, name: 'Sunita Sharma', language: 'hi', emailVerifiedAt: new Date() });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: owner.email },
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    const mail = await smtp.next();
    expect(mail.subject).toBe('अपना Aaspaas पासवर्ड बदलें');
    expect(mail.text).toContain('नमस्ते Sunita Sharma,');
    expect(mail.text).toContain(`${PASSWORD_RESET_TTL_MIN} मिनट में बंद हो जाएगा`);
    expect(mail.text).toContain('https://aaspaas.example/reset-password?token=');
    expect(mail.html).toContain('<html lang="hi">');
    expect(mail.html).toContain('नया पासवर्ड चुनें');
  });
});
