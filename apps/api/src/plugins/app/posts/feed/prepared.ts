import { hash } from 'node:crypto';
import { Placeholder, type QueryWithTypings, type SQL, is } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '#src/db/client';

/**
 * The one place that uses drizzle's private API (`db._.session.prepareQuery`): drizzle names statements
 * only for its query builder (ADR 025). test/plugins/posts/prepared.test.ts fails if an upgrade changes it.
 */

/** A statement ready to run with its placeholders' values. */
export type Prepared = { execute(values?: Record<string, unknown>): Promise<unknown> };

const dialect = new PgDialect();

/**
 * The query with each placeholder one parameter however often it is written (drizzle numbers every
 * occurrence: a walk of 60 cells sent 1,440 values). Every use of a placeholder here has the same type.
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

/** `statement` prepared on `db`: named (planned once per connection, ADR 025) unless `named` is false. */
export function prepareStatement(db: Db, statement: SQL, named: boolean): Prepared {
  const query = bindOnce(dialect.sqlToQuery(statement));
  return db._.session.prepareQuery(query, undefined, named ? `posts_${hash('sha1', query.sql)}` : undefined, false);
}
