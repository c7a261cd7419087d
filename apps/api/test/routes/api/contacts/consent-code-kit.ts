import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { TestApp } from '#test/helper';
import { randomIp } from './contacts-kit';
import { outboxFiles } from '#test/outbox-files';

/** A number no other test of the run uses: each number has its own hourly budget of codes. */
export const freshMobile = () => String(9_000_000_000 + randomInt(999_999_999));

export type OutboxSms = {
  id: string;
  to: string;
  header: string;
  entityId: string;
  templateId: string;
  text: string;
  encoding: string;
  parts: number;
  idempotencyKey: string;
  createdAt: string;
};

/** Every SMS the app wrote to its local outbox for this number, oldest first. */
export function outboxFor(dataDir: string, mobileNumber: string): OutboxSms[] {
  const dir = path.join(dataDir, 'sms-outbox');
  return outboxFiles(dir)
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as OutboxSms)
    .filter((sms) => sms.to === `91${mobileNumber}`)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.idempotencyKey.localeCompare(b.idempotencyKey));
}

/** The code in the newest SMS to the number, as its owner reads it off their phone. */
export function latestCode(dataDir: string, mobileNumber: string): string {
  const sms = outboxFor(dataDir, mobileNumber).at(-1);
  const code = sms?.text.match(/^(\d{6}) is your Aaspaas code/)?.[1];
  expect(code, `an SMS with a code to ${mobileNumber}`).toBeDefined();
  return code ?? '';
}

export function requestJoinCode(app: TestApp, businessId: string, payload: Record<string, unknown>, remoteAddress = randomIp()) {
  return app.inject({ method: 'POST', url: `/api/public/join/${businessId}/code`, payload, remoteAddress });
}

export function requestOptOutCode(app: TestApp, businessId: string, mobileNumber: string, remoteAddress = randomIp()) {
  return app.inject({
    method: 'POST',
    url: `/api/public/join/${businessId}/opt-out/code`,
    payload: { mobileNumber },
    remoteAddress,
  });
}

/** Joins as the number's owner does: asks for a code, reads it from the SMS, sends it with the form. */
export async function joinWithCode(app: TestApp, businessId: string, form: { name: string; mobileNumber: string }) {
  const sent = await requestJoinCode(app, businessId, { ...form, consent: true });
  expect(sent.statusCode, sent.body).toBe(202);
  const digits = form.mobileNumber.replace(/\D/g, '').slice(-10);
  const code = latestCode(app.config.dataDir, digits);
  return app.inject({
    method: 'POST',
    url: `/api/public/join/${businessId}`,
    payload: { ...form, consent: true, code },
    remoteAddress: randomIp(),
  });
}

/** Opts out as the number's owner does, with the code sent to it. */
export async function optOutWithCode(app: TestApp, businessId: string, mobileNumber: string) {
  const sent = await requestOptOutCode(app, businessId, mobileNumber);
  expect(sent.statusCode, sent.body).toBe(202);
  const code = latestCode(app.config.dataDir, mobileNumber.replace(/\D/g, '').slice(-10));
  return app.inject({
    method: 'POST',
    url: `/api/public/join/${businessId}/opt-out`,
    payload: { mobileNumber, code },
    remoteAddress: randomIp(),
  });
}
