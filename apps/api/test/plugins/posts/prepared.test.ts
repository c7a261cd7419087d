import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '#src/db/client';
import { prepareStatement } from '#src/plugins/app/posts/feed/prepared';
import { openTestDatabase } from '#test/helper';

/**
 * feed/prepared.ts is the one user of drizzle's private `db._.session.prepareQuery`: a drizzle upgrade
 * that renames or changes it must fail here, loudly, not in the feed's hot path.
 */
describe('prepareStatement (drizzle’s private prepareQuery)', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(() => handle.close());

  it('is still where the feed reaches it', () => {
    expect(typeof (handle.db as unknown as { _: { session: { prepareQuery: unknown } } })._.session.prepareQuery).toBe(
      'function',
    );
  });

  it('runs a statement with its placeholders, each bound once however often it is written, named or not', async () => {
    const statement = sql`SELECT ${sql.placeholder('a')}::int + ${sql.placeholder('b')}::int AS sum, ${sql.placeholder('a')}::int * 2 AS twice`;
    for (const named of [true, false]) {
      const prepared = prepareStatement(handle.preparedDb, statement, named);
      for (const [a, b] of [
        [1, 2],
        [5, 7],
      ]) {
        const { rows } = (await prepared.execute({ a, b })) as { rows: { sum: number; twice: number }[] };
        expect(rows).toEqual([{ sum: a! + b!, twice: a! * 2 }]);
      }
    }
  });
});
