import { formatReceiptNumber, indianFinancialYear } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client';

/**
 * The next receipt number of the financial year `at` falls in, inside the caller's (crediting)
 * transaction: the sequence row stays locked until it commits, so numbers are consecutive with no
 * gap a rolled-back credit could leave.
 */
export async function nextReceiptNumber(tx: Executor, at: Date): Promise<string> {
  const year = indianFinancialYear(at);
  const { rows } = await tx.execute<{ last_number: number }>(sql`
    INSERT INTO receipt_sequences (financial_year, last_number) VALUES (${year}, 1)
    ON CONFLICT (financial_year) DO UPDATE SET last_number = receipt_sequences.last_number + 1
    RETURNING last_number`);
  const n = rows[0]?.last_number;
  if (n === undefined) throw new Error('receipt number not allocated');
  return formatReceiptNumber(year, n);
}
