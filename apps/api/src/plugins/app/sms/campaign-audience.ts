import type { SmsAudience, SmsAudiencePreview } from '@aaspaas/domain';
import { and, arrayOverlaps, asc, count, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client';
import { contacts } from '#src/db/schema';

function matches(userId: string, audience: SmsAudience): SQL {
  const own = eq(contacts.userId, userId);
  if (audience.kind === 'all') return own;
  return and(own, arrayOverlaps(contacts.tags, audience.tags)) as SQL;
}

/** Who may receive a campaign: a consent record and no opt-out (docs/product.md §12). */
export function reachable(userId: string, audience: SmsAudience): SQL {
  return and(matches(userId, audience), isNotNull(contacts.consentAt), eq(contacts.optedOut, false)) as SQL;
}

export type Recipient = { id: string; name: string; mobileNumber: string };

/** The count, and who the audience matched but leaves out and why (opted out wins over no consent). */
export async function previewAudience(executor: Executor, userId: string, audience: SmsAudience): Promise<SmsAudiencePreview> {
  const [row] = await executor
    .select({
      recipients: sql<number>`count(*) filter (where ${contacts.consentAt} is not null and not ${contacts.optedOut})`.mapWith(
        Number,
      ),
      optedOut: sql<number>`count(*) filter (where ${contacts.optedOut})`.mapWith(Number),
      noConsent: sql<number>`count(*) filter (where ${contacts.consentAt} is null and not ${contacts.optedOut})`.mapWith(Number),
    })
    .from(contacts)
    .where(matches(userId, audience));
  return {
    recipients: row?.recipients ?? 0,
    leftOut: { noConsent: row?.noConsent ?? 0, optedOut: row?.optedOut ?? 0 },
  };
}

export async function countReachable(executor: Executor, userId: string, audience: SmsAudience): Promise<number> {
  const [row] = await executor.select({ n: count() }).from(contacts).where(reachable(userId, audience));
  return row?.n ?? 0;
}

/**
 * The recipients in a stable order (the contact list's: lower(name), id), a page at a time along its
 * index, so a 100,000-recipient campaign is never held in memory at once.
 */
export async function* recipientPages(
  executor: Executor,
  userId: string,
  audience: SmsAudience,
  pageSize: number,
): AsyncGenerator<Recipient[]> {
  const key = sql`lower(${contacts.name})`;
  let after: { name: string; id: string } | null = null;
  for (;;) {
    const where: SQL = after
      ? (and(reachable(userId, audience), sql`(${key}, ${contacts.id}) > (${after.name}::text, ${after.id}::uuid)`) as SQL)
      : reachable(userId, audience);
    const page: (Recipient & { key: string })[] = await executor
      .select({ id: contacts.id, name: contacts.name, mobileNumber: contacts.mobileNumber, key: sql<string>`${key}` })
      .from(contacts)
      .where(where)
      .orderBy(key, asc(contacts.id))
      .limit(pageSize);
    if (page.length > 0) yield page.map(({ key: _key, ...r }) => r);
    const last: (Recipient & { key: string }) | undefined = page[page.length - 1];
    if (!last || page.length < pageSize) return;
    after = { name: last.key, id: last.id };
  }
}
