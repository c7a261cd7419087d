/**
 * npm run bench:wallet — 10,000 wallet debits spread over 100 businesses, 8 at a time, through the
 * ledger repository (one statement each: row lock, ledger row with its key and triggers, balance update;
 * ADR 014):
 * p50/p99 per debit and debits/s, then the invariant sum(ledger) = balance >= 0 for every business.
 * On DATABASE_URL's server in a fresh "<db>_bench_wallet" database (PGlite in memory without it).
 * Settings: BENCH_WALLET_DEBITS (default 10000), BENCH_WALLET_BUSINESSES (default 100).
 */
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { loadEnv } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import { users } from '../src/db/schema';
import { createLedgerRepository } from '../src/plugins/app/wallet/ledger-repository';
import { freshBenchDatabase } from './bench-database';

const DEBITS = Number(process.env.BENCH_WALLET_DEBITS ?? 10_000);
const BUSINESSES = Number(process.env.BENCH_WALLET_BUSINESSES ?? 100);
const CONCURRENCY = 8;
/** 100 debits of 50 paise fit a new account's ₹100, so every debit is paid. */
const DEBIT_PAISE = 50;

const env = loadEnv();
const { databaseUrl, drop: dropDatabase } = await freshBenchDatabase(env.DATABASE_URL, 'wallet');
// Loading (the businesses) runs without the API's statement timeout; the app's statements are measured, not cut.
const handle = await openDatabase({ databaseUrl, dataDir: null, statementTimeoutMs: 0 });
await handle.migrate();
const { db } = handle;
const ledger = createLedgerRepository({ db });

const businesses = await db
  .insert(users)
  .values(
    Array.from({ length: BUSINESSES }, (_, i) => ({
      username: `bench-${i}-${randomUUID()}@example.in`,
      name: 'Bench',
      businessName: `Shop ${i}`,
    })),
  )
  .returning({ id: users.id });

const durations: number[] = [];
let refused = 0;
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < DEBITS) {
      const i = next++;
      const business = businesses[i % businesses.length]!;
      const t0 = performance.now();
      try {
        await ledger.debit(db, {
          userId: business.id,
          kind: 'sms_charge',
          amountPaise: DEBIT_PAISE,
          idempotencyKey: `bench:${i}`,
          note: 'SMS',
        });
      } catch {
        refused += 1;
      }
      durations.push(performance.now() - t0);
    }
  }),
);
const elapsedS = (performance.now() - started) / 1000;
durations.sort((a, b) => a - b);
const pct = (p: number) => durations[Math.min(durations.length - 1, Math.floor((p / 100) * durations.length))]!.toFixed(2);

const { rows } = await db.execute<{ broken: string; negative: string }>(sql`
  SELECT count(*) FILTER (WHERE u.balance_paise <> coalesce(l.total, 0))::text AS broken,
         count(*) FILTER (WHERE u.balance_paise < 0)::text AS negative
  FROM users u LEFT JOIN (SELECT user_id, sum(amount_paise) AS total FROM wallet_ledger GROUP BY user_id) l ON l.user_id = u.id`);
const broken = Number(rows[0]?.broken);
const negative = Number(rows[0]?.negative);

console.log(
  `bench:wallet on ${handle.kind}${databaseUrl ? '' : ' (in memory)'}: ${DEBITS} debits over ${BUSINESSES} businesses, concurrency ${CONCURRENCY}`,
);
console.log(
  `  per debit: p50 ${pct(50)} ms, p99 ${pct(99)} ms, max ${pct(100)} ms; ${(DEBITS / elapsedS).toFixed(0)} debits/s; refused ${refused}`,
);
console.log(
  `  invariant: ${broken === 0 && negative === 0 ? 'holds' : 'BROKEN'} (sum(ledger) ≠ balance: ${broken}, negative balances: ${negative})`,
);
console.log(
  `  load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')} on ${os.cpus().length} cores (figures are upper bounds on a shared machine)`,
);
await handle.close();
await dropDatabase();
if (broken || negative) process.exit(1);
