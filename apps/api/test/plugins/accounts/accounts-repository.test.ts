import { NEW_USER_BALANCE_PAISE } from '@aaspaas/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '#src/db/client';
import { createAccountsRepository } from '#src/plugins/app/accounts/accounts-repository';
import { openTestDatabase } from '#test/helper';

// The factory over a real database, without Fastify: the idiom's promise (ADR 013).
describe('accountsRepository.create, the one place accounts are made', () => {
  let handle: DbHandle;
  let accounts: ReturnType<typeof createAccountsRepository>;

  beforeAll(async () => {
    handle = await openTestDatabase();
    accounts = createAccountsRepository({ db: handle.db, removeFiles: async () => {} });
  }, 120_000);
  afterAll(() => handle.close());

  it('makes an account under the lower-cased email with the starting balance, and answers null when it is taken', async () => {
    const made = await accounts.create({
      email: ' Asha@Example.IN ',
      passwordHash: 'hash',
      name: 'Asha',
      businessName: 'Asha Kirana',
      mobileNumber: '9876543210',
    });
    expect(made).toMatchObject({
      username: 'asha@example.in',
      balancePaise: NEW_USER_BALANCE_PAISE,
      emailVerifiedAt: null,
      mobileNumber: '9876543210',
    });

    const again = await accounts.create({ email: 'ASHA@example.in', passwordHash: null, name: 'A', businessName: 'B' });
    expect(again).toBeNull();
  });

  it("makes an identity account inside the caller's transaction: nothing stays when it rolls back", async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        const made = await accounts.create(
          { email: 'ravi@example.in', passwordHash: null, name: 'Ravi', businessName: 'Ravi Salon', emailVerifiedAt: new Date() },
          tx,
        );
        expect(made?.emailVerifiedAt).toBeInstanceOf(Date);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(
      await accounts.create({ email: 'ravi@example.in', passwordHash: null, name: 'Ravi', businessName: 'Ravi Salon' }),
    ).not.toBeNull();
  });
});
