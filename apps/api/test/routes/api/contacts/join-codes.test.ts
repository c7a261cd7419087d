import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CONSENT_CODE_MESSAGES,
  CONSENT_CODES_PER_IP_PER_HOUR,
  CONSENT_CODES_PER_NUMBER_PER_HOUR,
  CONTACT_MESSAGES,
  codeSentMessage,
} from '@aaspaas/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentCodes } from '#src/db/schema';
import { createConsentCodeService } from '#src/plugins/app/consent-codes/consent-code-service';
import { createSmsOutboxSender } from '#src/plugins/app/consent-codes/sms-outbox-sender';
import { authHeader, buildTestApp, createBusiness, type TestApp } from '#test/helper';
import { addContact, randomIp } from './contacts-kit';
import { freshMobile, latestCode, outboxFor, requestJoinCode, requestOptOutCode } from './consent-code-kit';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const joinForm = (mobileNumber: string) => ({ name: 'Asha', mobileNumber, consent: true });

describe('POST /api/public/join/{businessId}/code and …/opt-out/code', () => {
  it('sends a DLT transactional SMS with a 6-digit code to the number, and keeps only its HMAC', async () => {
    const shop = await createBusiness(app.dbHandle.db, { businessName: 'Sharma Kirana' });
    const mobile = freshMobile();
    const res = await requestJoinCode(app, shop.id, joinForm(`+91 ${mobile}`));
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ message: codeSentMessage(mobile), resendAfterSeconds: 30, expiresInSeconds: 600 });
    expect(codeSentMessage('9820012345')).toBe('We sent a 6-digit code by SMS to 98xxxxxx45.');

    const [sms, ...more] = outboxFor(app.config.dataDir, mobile);
    expect(more).toEqual([]);
    expect(sms).toMatchObject({
      to: `91${mobile}`,
      header: 'AASPAS',
      entityId: '1001000000000000000',
      templateId: '1007000000000000001',
      encoding: 'GSM-7',
      parts: 1,
    });
    expect(sms?.text).toMatch(/^\d{6} is your Aaspaas code to join Sharma Kirana's offers\. It expires in 10 minutes\.$/);
    expect(sms?.idempotencyKey).toEqual(expect.any(String));
    const dir = path.join(app.config.dataDir, 'sms-outbox');
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dir, `${sms?.id}.json`)).mode & 0o777).toBe(0o600);

    const code = latestCode(app.config.dataDir, mobile);
    const rows = await app.dbHandle.db.select().from(consentCodes).where(eq(consentCodes.businessId, shop.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ mobileNumber: mobile, purpose: 'join', wrongTries: 0 });
    expect(rows[0]?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('uses the opt-out template for the opt-out form, and cuts a business name to the 30 characters DLT allows', async () => {
    const shop = await createBusiness(app.dbHandle.db, { businessName: 'Shree Ganesh Mahalakshmi Jewellers and Sons' });
    const mobile = freshMobile();
    expect((await requestOptOutCode(app, shop.id, mobile)).statusCode).toBe(202);
    const [sms] = outboxFor(app.config.dataDir, mobile);
    expect(sms?.templateId).toBe('1007000000000000002');
    expect(sms?.text).toMatch(
      /^\d{6} is your Aaspaas code to stop Shree Ganesh Mahalakshmi Jewel's messages\. It expires in 10 minutes\.$/,
    );
  });

  it('answers a number on the list exactly as one that is not', async () => {
    const listing = await createBusiness(app.dbHandle.db);
    const other = await createBusiness(app.dbHandle.db);
    const mobile = freshMobile();
    await addContact(app, await authHeader(app, listing), { name: 'Asha', mobileNumber: mobile, consent: true });
    for (const ask of [
      (id: string) => requestJoinCode(app, id, joinForm(mobile)),
      (id: string) => requestOptOutCode(app, id, mobile),
    ]) {
      const listed = await ask(listing.id);
      const unlisted = await ask(other.id);
      expect(listed.statusCode).toBe(202);
      expect(unlisted.statusCode).toBe(listed.statusCode);
      expect(unlisted.body).toBe(listed.body);
    }
  });

  it('sends no second code within 30 seconds: 429 saying when, with Retry-After', async () => {
    const shop = await createBusiness(app.dbHandle.db);
    const mobile = freshMobile();
    expect((await requestJoinCode(app, shop.id, joinForm(mobile))).statusCode).toBe(202);
    const again = await requestJoinCode(app, shop.id, joinForm(mobile));
    expect(again.statusCode).toBe(429);
    expect(again.json<{ message: string }>().message).toMatch(
      /^A code is on its way\. You can ask for a new one in \d+ seconds?\.$/,
    );
    const wait = Number(again.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(30);
    expect(outboxFor(app.config.dataDir, mobile)).toHaveLength(1);
    // The other form of the page has its own code.
    expect((await requestOptOutCode(app, shop.id, mobile)).statusCode).toBe(202);
  });

  it(`sends at most ${CONSENT_CODES_PER_NUMBER_PER_HOUR} codes an hour to one number, across businesses and addresses`, async () => {
    const mobile = freshMobile();
    for (let i = 0; i < CONSENT_CODES_PER_NUMBER_PER_HOUR; i += 1) {
      const shop = await createBusiness(app.dbHandle.db);
      expect((await requestJoinCode(app, shop.id, joinForm(mobile))).statusCode).toBe(202);
    }
    const shop = await createBusiness(app.dbHandle.db);
    const refused = await requestOptOutCode(app, shop.id, mobile);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Too many codes asked for. Please wait 60 minutes and try again.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(59 * 60);
    expect(outboxFor(app.config.dataDir, mobile)).toHaveLength(CONSENT_CODES_PER_NUMBER_PER_HOUR);
    expect(await app.dbHandle.db.select().from(consentCodes).where(eq(consentCodes.businessId, shop.id))).toEqual([]);
    // Another number is not held up.
    expect((await requestOptOutCode(app, shop.id, freshMobile())).statusCode).toBe(202);
  });

  it(`sends at most ${CONSENT_CODES_PER_IP_PER_HOUR} codes an hour asked from one address`, async () => {
    const shop = await createBusiness(app.dbHandle.db);
    const ip = randomIp();
    for (let i = 0; i < CONSENT_CODES_PER_IP_PER_HOUR; i += 1) {
      expect((await requestJoinCode(app, shop.id, joinForm(freshMobile()), ip)).statusCode).toBe(202);
    }
    const mobile = freshMobile();
    const refused = await requestOptOutCode(app, shop.id, mobile, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toMatch(
      /^Too many codes asked for\. Please wait \d+ minutes? and try again\.$/,
    );
    expect(refused.headers['retry-after']).toBeDefined();
    expect(outboxFor(app.config.dataDir, mobile)).toEqual([]);
    expect((await requestOptOutCode(app, shop.id, mobile)).statusCode).toBe(202);
  });

  it('counts every one of many wrong guesses sent at once: no more than 5 are ever checked', async () => {
    const shop = await createBusiness(app.dbHandle.db);
    const mobile = freshMobile();
    await requestJoinCode(app, shop.id, joinForm(mobile));
    const code = latestCode(app.config.dataDir, mobile);
    const guesses = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(
      guesses.map((guess) =>
        app.inject({
          method: 'POST',
          url: `/api/public/join/${shop.id}`,
          payload: { ...joinForm(mobile), code: guess },
          remoteAddress: randomIp(),
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(guesses.map(() => 400));
    const messages = answers.map((a) => a.json<{ message: string }>().message);
    expect(messages.filter((m) => m.startsWith('That code is not right.'))).toHaveLength(4);
    expect(messages.filter((m) => m === CONSENT_CODE_MESSAGES.dead)).toHaveLength(8);
    const [row] = await app.dbHandle.db.select().from(consentCodes).where(eq(consentCodes.businessId, shop.id));
    expect(row?.wrongTries).toBe(5);
    const right = await app.inject({
      method: 'POST',
      url: `/api/public/join/${shop.id}`,
      payload: { ...joinForm(mobile), code },
      remoteAddress: randomIp(),
    });
    expect(right.json()).toEqual({ message: CONSENT_CODE_MESSAGES.dead, field: 'code' });
  });

  it.each([
    [{ name: 'Asha', mobileNumber: '12345', consent: true }, CONTACT_MESSAGES.mobileInvalid, 'mobileNumber'],
    [{ name: 'Asha', mobileNumber: '9820012345' }, CONTACT_MESSAGES.consentRequired, 'consent'],
    [{ mobileNumber: '9820012345', consent: true }, CONTACT_MESSAGES.required, 'name'],
    [{ name: 'Asha', mobileNumber: ['9820012345'], consent: true }, CONTACT_MESSAGES.required, 'mobileNumber'],
  ])('refuses %j with 400 %s, sending nothing', async (payload, message, field) => {
    const shop = await createBusiness(app.dbHandle.db);
    const res = await requestJoinCode(app, shop.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, field });
    expect(await app.dbHandle.db.select().from(consentCodes).where(eq(consentCodes.businessId, shop.id))).toEqual([]);
  });
});

describe('consent codes over time (a fake clock)', () => {
  it('expire after 10 minutes, and may be sent again after 30 seconds', async () => {
    let now = new Date('2026-03-01T10:00:00Z');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'consent-codes-'));
    const codes = createConsentCodeService({
      db: app.dbHandle.db,
      config: app.config,
      otpSender: createSmsOutboxSender({ dataDir, log: app.log }),
      now: () => now,
    });
    const shop = await createBusiness(app.dbHandle.db, { businessName: 'Sharma Kirana' });
    const mobile = freshMobile();
    const target = { businessId: shop.id, mobileNumber: mobile, purpose: 'join' as const };

    await codes.send({ ...target, businessName: 'Sharma Kirana' });
    expect(await codes.resendWaitSeconds(target)).toBe(30);
    now = new Date(now.getTime() + 29_500);
    expect(await codes.resendWaitSeconds(target)).toBe(1);
    now = new Date(now.getTime() + 500);
    expect(await codes.resendWaitSeconds(target)).toBe(0);

    // Just inside the 10 minutes the code works; a fresh one dies at 10 minutes.
    now = new Date('2026-03-01T10:09:59Z');
    await expect(codes.consume(target, latestCode(dataDir, mobile))).resolves.toBeUndefined();

    await codes.send({ ...target, businessName: 'Sharma Kirana' });
    now = new Date(now.getTime() + 10 * 60 * 1000);
    await expect(codes.consume(target, latestCode(dataDir, mobile))).rejects.toMatchObject({
      message: CONSENT_CODE_MESSAGES.expired,
      statusCode: 400,
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
