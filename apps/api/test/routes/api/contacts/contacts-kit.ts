import { randomInt } from 'node:crypto';
import type { Contact, ContactInput } from '@aaspaas/domain';
import { expect } from 'vitest';
import { contacts } from '#src/db/schema';
import type { TestApp } from '#test/helper';

/** A fresh client address per use: with REDIS_URL the rate-limit counters outlive a run. */
export const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** The i-th of a run of distinct valid Indian mobile numbers (9000000000 + i). */
export const mobile = (i: number) => String(9_000_000_000 + i);

export async function addContact(app: TestApp, headers: Record<string, string>, payload: ContactInput) {
  const res = await app.inject({ method: 'POST', url: '/api/contacts', headers, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Contact>();
}

/** Stores contacts straight into the table (for lists too long to add one request at a time). */
export async function insertContacts(
  app: TestApp,
  userId: string,
  rows: { name: string; mobileNumber: string; tags?: string[] }[],
) {
  if (rows.length === 0) return;
  await app.dbHandle.db.insert(contacts).values(rows.map((r) => ({ userId, ...r })));
}

/** An instant in the response is within the request's time window. */
export function expectRecent(iso: string | null, since: number) {
  expect(iso).not.toBeNull();
  const at = Date.parse(iso ?? '');
  expect(at).toBeGreaterThanOrEqual(since - 1000);
  expect(at).toBeLessThanOrEqual(Date.now() + 1000);
}
