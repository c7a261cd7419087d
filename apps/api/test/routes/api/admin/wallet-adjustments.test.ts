import { randomUUID } from 'node:crypto';
import {
  type AdminAuditPage,
  notEnoughBalanceMessage,
  WALLET_ADJUSTMENT_MESSAGES,
  type WalletAdjustmentResult,
  type WalletHistory,
} from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '#src/db/schema';
import { authHeader, buildTestApp, createBusiness, type TestApp } from '#test/helper';

const ADMIN = 'wallet-admin@aaspaas.in';

describe('the admin’s wallet adjustments: POST /api/admin/users/{id}/wallet-adjustments', () => {
  let app: TestApp;
  let asAdmin: { authorization: string };

  const adjust = (userId: string, body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: `/api/admin/users/${userId}/wallet-adjustments`, headers: asAdmin, payload: body });
  const valid = (overrides: Record<string, unknown> = {}) => ({
    direction: 'credit',
    amountPaise: 50_000,
    reason: 'Refund for a failed SMS batch',
    idempotencyKey: randomUUID(),
    ...overrides,
  });
  /** sum(ledger), the stored balance, and the number of entries and audit rows of a business. */
  async function books(userId: string) {
    const { rows } = await app.db.execute<{ sum: string; balance: number; entries: number; audits: number }>(sql`
      SELECT (SELECT coalesce(sum(amount_paise), 0) FROM wallet_ledger WHERE user_id = u.id)::text AS sum,
             u.balance_paise AS balance,
             (SELECT count(*) FROM wallet_ledger WHERE user_id = u.id)::int AS entries,
             (SELECT count(*) FROM admin_audit_log WHERE target_id = u.id::text AND action = 'user.wallet-adjust')::int AS audits
      FROM users u WHERE u.id = ${userId}::uuid`);
    const row = rows[0]!;
    return { sum: Number(row.sum), balance: row.balance, entries: row.entries, audits: row.audits };
  }

  beforeAll(async () => {
    app = await buildTestApp({ ADMIN_EMAILS: ADMIN });
    const admin = await createBusiness(app.db, { username: ADMIN, emailVerifiedAt: new Date() });
    asAdmin = await authHeader(app, admin);
  });
  afterAll(() => app.close());

  it('credits with the reason: one ledger entry the business sees, one audit row with before/after, sum(ledger) = balance', async () => {
    const shop: UserRow = await createBusiness(app.db);
    const body = valid();
    const response = await adjust(shop.id, body);
    expect(response.statusCode).toBe(200);
    const result = response.json<WalletAdjustmentResult>();
    expect(result).toMatchObject({
      repeated: false,
      balancePaise: 60_000,
      entry: { kind: 'admin_credit', amountPaise: 50_000, balanceAfterPaise: 60_000, note: body.reason, causeType: 'admin' },
    });
    const history = await app.inject({ method: 'GET', url: '/api/wallet/history', headers: await authHeader(app, shop) });
    expect(history.json<WalletHistory>().entries[0]).toMatchObject({
      kind: 'admin_credit',
      note: body.reason,
      amountPaise: 50_000,
    });
    expect(await books(shop.id)).toEqual({ sum: 60_000, balance: 60_000, entries: 2, audits: 1 });
    const audit = (
      await app.inject({ method: 'GET', url: `/api/admin/audit?targetId=${shop.id}`, headers: asAdmin })
    ).json<AdminAuditPage>().entries;
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'user.wallet-adjust',
        adminEmail: ADMIN,
        targetType: 'user',
        reason: body.reason,
        before: { balancePaise: 10_000 },
        after: { balancePaise: 60_000, kind: 'admin_credit', amountPaise: 50_000, ledgerEntryId: result.entry.id },
      }),
    ]);
  });

  it('debits down to exactly zero, and refuses one more paisa with 402 and the shortfall, writing nothing', async () => {
    const shop = await createBusiness(app.db);
    const debit = await adjust(
      shop.id,
      valid({ direction: 'debit', amountPaise: 10_000, reason: 'Reversal of a duplicate credit' }),
    );
    expect(debit.statusCode).toBe(200);
    expect(debit.json<WalletAdjustmentResult>().entry).toMatchObject({
      kind: 'admin_debit',
      amountPaise: -10_000,
      balanceAfterPaise: 0,
    });
    const refused = await adjust(shop.id, valid({ direction: 'debit', amountPaise: 100 }));
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toEqual({ message: notEnoughBalanceMessage(100) });
    expect(await books(shop.id)).toEqual({ sum: 0, balance: 0, entries: 2, audits: 1 });
  });

  it('moves the money once for one key: a double-click answers the first adjustment, with no second audit row', async () => {
    const shop = await createBusiness(app.db);
    const body = valid({ amountPaise: 2_500 });
    const [a, b] = await Promise.all([adjust(shop.id, body), adjust(shop.id, body)]);
    const c = await adjust(shop.id, body);
    const results = [a, b, c].map((r) => {
      expect(r.statusCode).toBe(200);
      return r.json<WalletAdjustmentResult>();
    });
    expect(results.filter((r) => !r.repeated)).toHaveLength(1);
    expect(new Set(results.map((r) => r.entry.id)).size).toBe(1);
    expect(results.map((r) => r.balancePaise)).toEqual([12_500, 12_500, 12_500]);
    expect(await books(shop.id)).toEqual({ sum: 12_500, balance: 12_500, entries: 2, audits: 1 });
    // The same key with another amount is a mistake, not a retry.
    const changed = await adjust(shop.id, { ...body, amountPaise: 9_999 });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(WALLET_ADJUSTMENT_MESSAGES.keyReused);
    // ... and the key cannot be used for another business.
    const other = await createBusiness(app.db);
    expect((await adjust(other.id, body)).statusCode).toBe(409);
    expect(await books(other.id)).toEqual({ sum: 10_000, balance: 10_000, entries: 1, audits: 0 });
  });

  it('refuses bad input with 400 and a message, writing nothing', async () => {
    const shop = await createBusiness(app.db);
    const cases: [Record<string, unknown>, string][] = [
      [valid({ amountPaise: 99 }), WALLET_ADJUSTMENT_MESSAGES.amountRange],
      [valid({ amountPaise: 5_000_001 }), WALLET_ADJUSTMENT_MESSAGES.amountRange],
      [valid({ amountPaise: 150.5 }), WALLET_ADJUSTMENT_MESSAGES.amountInteger],
      [valid({ amountPaise: -500 }), WALLET_ADJUSTMENT_MESSAGES.amountRange],
      [valid({ amountPaise: '500' }), WALLET_ADJUSTMENT_MESSAGES.amountInteger],
      [valid({ reason: '   ok   ' }), WALLET_ADJUSTMENT_MESSAGES.reasonTooShort],
      [valid({ reason: undefined }), WALLET_ADJUSTMENT_MESSAGES.reasonTooShort],
      [valid({ reason: 'x'.repeat(501) }), WALLET_ADJUSTMENT_MESSAGES.reasonTooLong],
      [valid({ direction: 'withdraw' }), WALLET_ADJUSTMENT_MESSAGES.directionRequired],
      [valid({ idempotencyKey: 'click-1' }), WALLET_ADJUSTMENT_MESSAGES.keyInvalid],
    ];
    for (const [body, message] of cases) {
      const response = await adjust(shop.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    // An id that cannot be an account's is a missing account, as on the other admin user routes.
    expect((await adjust('not-a-uuid', valid())).statusCode).toBe(404);
    expect((await adjust(randomUUID(), valid())).statusCode).toBe(404);
    expect(await books(shop.id)).toEqual({ sum: 10_000, balance: 10_000, entries: 1, audits: 0 });
  });

  it('lets only the admin adjust: a business adjusting its own wallet gets 403', async () => {
    const shop = await createBusiness(app.db);
    const response = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${shop.id}/wallet-adjustments`,
      headers: await authHeader(app, shop),
      payload: valid(),
    });
    expect(response.statusCode).toBe(403);
    expect(await books(shop.id)).toEqual({ sum: 10_000, balance: 10_000, entries: 1, audits: 0 });
  });
});
