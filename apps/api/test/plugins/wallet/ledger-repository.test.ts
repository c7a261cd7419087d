import { randomUUID } from 'node:crypto';
import { NEW_USER_BALANCE_PAISE, notEnoughBalanceMessage, WALLET_MESSAGES } from '@aaspaas/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '#src/db/client';
import { users, walletLedger } from '#src/db/schema';
import { AppError } from '#src/lib/app-error';
import { createLedgerRepository, type LedgerRepository } from '#src/plugins/app/wallet/ledger-repository';
import { createBusiness, openTestDatabase } from '#test/helper';

/** sum(ledger) and the stored balance of a business. */
async function books(db: DbHandle['db'], userId: string) {
  const { rows } = await db.execute<{ sum: string; balance: number }>(sql`
    select coalesce(sum(l.amount_paise), 0)::text as sum, u.balance_paise as balance
    from users u left join wallet_ledger l on l.user_id = u.id where u.id = ${userId} group by u.id`);
  const row = rows[0];
  if (!row) throw new Error('no such user');
  return { sum: Number(row.sum), balance: row.balance };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('the wallet ledger', () => {
  let handle: DbHandle;
  let ledger: LedgerRepository;
  beforeAll(async () => {
    handle = await openTestDatabase();
    ledger = createLedgerRepository({ db: handle.db });
  });
  afterAll(() => handle.close());

  it('opens every new account with its ₹100 as a "Welcome credit" entry', async () => {
    const shop = await createBusiness(handle.db);
    const page = await ledger.history(shop.id, { filter: 'all', limit: 20 });
    expect(page.entries).toEqual([
      expect.objectContaining({
        kind: 'signup_credit',
        amountPaise: NEW_USER_BALANCE_PAISE,
        balanceAfterPaise: NEW_USER_BALANCE_PAISE,
        note: WALLET_MESSAGES.welcomeCredit,
      }),
    ]);
    expect(await books(handle.db, shop.id)).toEqual({ sum: NEW_USER_BALANCE_PAISE, balance: NEW_USER_BALANCE_PAISE });
  });

  it('50 parallel ₹3 debits on ₹100: 33 paid, 17 refused with the exact shortfall, never below zero, sum(ledger) = balance', async () => {
    const shop = await createBusiness(handle.db);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        ledger.debit(handle.db, {
          userId: shop.id,
          kind: 'sms_charge',
          amountPaise: 300,
          idempotencyKey: `t:${shop.id}:${i}`,
          note: 'SMS',
        }),
      ),
    );
    const paid = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(paid).toHaveLength(33);
    expect(refused).toHaveLength(17);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(AppError);
      expect((r.reason as AppError).statusCode).toBe(402);
      // ₹1 left, ₹3 asked: ₹2 short.
      expect((r.reason as AppError).message).toBe(notEnoughBalanceMessage(200));
    }
    expect(await books(handle.db, shop.id)).toEqual({ sum: 100, balance: 100 });
    const after = await handle.db
      .select({ b: walletLedger.balanceAfterPaise })
      .from(walletLedger)
      .where(eq(walletLedger.userId, shop.id));
    expect(after.every((r) => r.b >= 0)).toBe(true);
  });

  it('says how much to add, in rupees with Indian grouping', async () => {
    const shop = await createBusiness(handle.db);
    const error = await refusal(
      ledger.debit(handle.db, {
        userId: shop.id,
        kind: 'post_fee',
        amountPaise: 12_500,
        idempotencyKey: randomUUID(),
        note: 'Post',
      }),
    );
    expect(error.statusCode).toBe(402);
    expect(error.message).toBe('Not enough balance: add ₹25 to your wallet');
    expect(await books(handle.db, shop.id)).toEqual({ sum: 10_000, balance: 10_000 });
  });

  it('charges once for the same idempotency key, even asked in parallel', async () => {
    const shop = await createBusiness(handle.db);
    const key = `post:${randomUUID()}`;
    const charge = () =>
      ledger.debit(handle.db, { userId: shop.id, kind: 'post_fee', amountPaise: 1000, idempotencyKey: key, note: 'Post' });
    const results = await Promise.all([charge(), charge(), charge()]);
    expect(results.filter((r) => !r.repeated)).toHaveLength(1);
    expect(new Set(results.map((r) => r.entry.id)).size).toBe(1);
    expect((await charge()).repeated).toBe(true);
    expect(await books(handle.db, shop.id)).toEqual({ sum: 9000, balance: 9000 });
    // The key belongs to this business: another one using it is refused, not silently given this entry.
    const other = await createBusiness(handle.db);
    const error = await refusal(
      ledger.debit(handle.db, { userId: other.id, kind: 'post_fee', amountPaise: 1000, idempotencyKey: key, note: 'Post' }),
    );
    expect(error.statusCode).toBe(409);
  });

  it('a retry arriving while the first charge still holds the lock waits for it and answers its entry', async () => {
    const shop = await createBusiness(handle.db);
    const key = `post:${randomUUID()}`;
    const movement = { userId: shop.id, kind: 'post_fee' as const, amountPaise: 1000, idempotencyKey: key, note: 'Post' };
    let retry: Promise<Awaited<ReturnType<LedgerRepository['debit']>>> | undefined;
    const first = await handle.db.transaction(async (tx) => {
      const result = await ledger.debit(tx, movement);
      // The retry starts before the first commits: on PostgreSQL it waits on the business's row and
      // then cannot see the first entry in its own snapshot; the key must still charge once.
      retry = ledger.debit(handle.db, movement);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return result;
    });
    const second = await retry!;
    expect(first.repeated).toBe(false);
    expect(second).toEqual({ entry: first.entry, repeated: true });
    expect(await books(handle.db, shop.id)).toEqual({ sum: 9000, balance: 9000 });
  });

  it('a refusal or a repeated key inside the caller’s transaction leaves that transaction usable', async () => {
    const shop = await createBusiness(handle.db);
    const key = randomUUID();
    await handle.db.transaction(async (tx) => {
      await ledger.debit(tx, { userId: shop.id, kind: 'post_fee', amountPaise: 4000, idempotencyKey: key, note: 'Post' });
      const short = await refusal(
        ledger.debit(tx, { userId: shop.id, kind: 'post_fee', amountPaise: 7000, idempotencyKey: randomUUID(), note: 'Post' }),
      );
      expect(short.message).toBe(notEnoughBalanceMessage(1000));
      const again = await ledger.debit(tx, {
        userId: shop.id,
        kind: 'post_fee',
        amountPaise: 4000,
        idempotencyKey: key,
        note: 'Post',
      });
      expect(again.repeated).toBe(true);
      await ledger.credit(tx, {
        userId: shop.id,
        kind: 'admin_credit',
        amountPaise: 500,
        idempotencyKey: randomUUID(),
        note: 'Goodwill',
      });
    });
    expect(await books(handle.db, shop.id)).toEqual({ sum: 6500, balance: 6500 });
  });

  it('refuses a movement of an account that does not exist with a 404, writing nothing', async () => {
    const ghost = randomUUID();
    const error = await refusal(
      ledger.credit(handle.db, {
        userId: ghost,
        kind: 'admin_credit',
        amountPaise: 100,
        idempotencyKey: randomUUID(),
        note: 'x',
      }),
    );
    expect(error.statusCode).toBe(404);
    const rows = await handle.db.select().from(walletLedger).where(eq(walletLedger.userId, ghost));
    expect(rows).toEqual([]);
  });

  it('charges inside the caller’s transaction: a rollback there takes the charge back too', async () => {
    const shop = await createBusiness(handle.db);
    await expect(
      handle.db.transaction(async (tx) => {
        await ledger.debit(tx, {
          userId: shop.id,
          kind: 'post_fee',
          amountPaise: 1000,
          idempotencyKey: randomUUID(),
          note: 'Post',
        });
        throw new Error('publishing failed');
      }),
    ).rejects.toThrow('publishing failed');
    expect(await books(handle.db, shop.id)).toEqual({ sum: 10_000, balance: 10_000 });
  });

  it('the database refuses edits and deletes of entries, balances below zero and balances changed without an entry', async () => {
    const shop = await createBusiness(handle.db);
    await expect(
      handle.db.update(walletLedger).set({ amountPaise: 1 }).where(eq(walletLedger.userId, shop.id)),
    ).rejects.toThrow();
    await expect(handle.db.delete(walletLedger).where(eq(walletLedger.userId, shop.id))).rejects.toThrow();
    await expect(handle.db.update(users).set({ balancePaise: 50_000 }).where(eq(users.id, shop.id))).rejects.toThrow();
    await expect(handle.db.update(users).set({ balancePaise: -1 }).where(eq(users.id, shop.id))).rejects.toThrow();
    // An entry that continues the chain but whose balance the user row never takes: refused at commit.
    await expect(
      handle.db.insert(walletLedger).values({
        userId: shop.id,
        kind: 'admin_credit',
        amountPaise: 500,
        balanceAfterPaise: 10_500,
        idempotencyKey: randomUUID(),
        note: 'no balance',
      }),
    ).rejects.toThrow();
    expect(await books(handle.db, shop.id)).toEqual({ sum: 10_000, balance: 10_000 });
  });

  it('pages the history newest first with money in / money out filters', async () => {
    const shop = await createBusiness(handle.db);
    for (let i = 0; i < 5; i++) {
      await ledger.credit(handle.db, {
        userId: shop.id,
        kind: 'admin_credit',
        amountPaise: 100 + i,
        idempotencyKey: randomUUID(),
        note: `in ${i}`,
      });
      await ledger.debit(handle.db, {
        userId: shop.id,
        kind: 'sms_charge',
        amountPaise: 50,
        idempotencyKey: randomUUID(),
        note: `out ${i}`,
      });
    }
    const first = await ledger.history(shop.id, { filter: 'all', limit: 4 });
    expect(first.entries.map((e) => e.note)).toEqual(['out 4', 'in 4', 'out 3', 'in 3']);
    const second = await ledger.history(shop.id, { filter: 'all', limit: 4, cursor: first.nextCursor ?? undefined });
    expect(second.entries.map((e) => e.note)).toEqual(['out 2', 'in 2', 'out 1', 'in 1']);
    const third = await ledger.history(shop.id, { filter: 'all', limit: 4, cursor: second.nextCursor ?? undefined });
    expect(third.entries.map((e) => e.note)).toEqual(['out 0', 'in 0', WALLET_MESSAGES.welcomeCredit]);
    expect(third.nextCursor).toBeNull();
    const moneyIn = await ledger.history(shop.id, { filter: 'in', limit: 50 });
    expect(moneyIn.entries.every((e) => e.amountPaise > 0)).toBe(true);
    expect(moneyIn.entries).toHaveLength(6);
    const moneyOut = await ledger.history(shop.id, { filter: 'out', limit: 50 });
    expect(moneyOut.entries.map((e) => e.amountPaise)).toEqual([-50, -50, -50, -50, -50]);
    await expect(ledger.history(shop.id, { filter: 'all', limit: 4, cursor: 'abc' })).rejects.toThrow(
      WALLET_MESSAGES.cursorMalformed,
    );
  });
});
