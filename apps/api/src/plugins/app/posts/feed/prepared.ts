import { hash } from 'node:crypto';
import { Placeholder, type QueryWithTypings, type SQL, is } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '#src/db/client';

/**
 * The one place that uses drizzle's private API (`db._.session.prepareQuery`): drizzle prepares a
 * named statement only for its query builder, and the feed's statements are raw SQL (ADR 025).
 * test/plugins/posts/prepared.test.ts fails loudly when a drizzle upgrade changes it.
 */

/** A statement ready to run with its placeholders' values. */
export type Prepared = { execute(values?: Record<string, unknown>): Promise<unknown> };

const dialect = new PgDialect();

/**
 * The query with each placeholder bound to one parameter however often it is written: drizzle gives
 * every occurrence a number of its own, and a walk of 60 cells sent 1,440 values for its 9 placeholders.
 * Every use of a placeholder in these statements has the same type (a cast, or the same function's argument).
 */
function bindOnce(query: QueryWithTypings): QueryWithTypings {
  const params: unknown[] = [];
  const typings: NonNullable<QueryWithTypings['typings']> = [];
  const numbers = new Map<string, number>();
  const renumbered = query.params.map((param, i) => {
    let n = is(param, Placeholder) ? numbers.get(param.name) : undefined;
    if (n === undefined) {
      n = params.push(param);
      typings.push(query.typings?.[i] ?? 'none');
      if (is(param, Placeholder)) numbers.set(param.name, n);
    }
    return n;
  });
  return {
    sql: query.sql.replace(/\$(\d+)\b/g, (_, n: string) => `$${renumbered[Number(n) - 1]}`),
    params,
    ...(query.typings ? { typings } : {}),
  };
}

/**
 * `statement` prepared on `db`: named (planned once per connection, a generic plan on the prepared
 * pools, ADR 025) unless `named` is false (DB_PREPARED_STATEMENTS=false: a pooler in transaction mode).
 */
export function prepareStatement(db: Db, statement: SQL, named: boolean): Prepared {
  const query = bindOnce(dialect.sqlToQuery(statement));
  return db._.session.prepareQuery(query, undefined, named ? `posts_${hash('sha1', query.sql)}` : undefined, false);
}
