import { DrizzleQueryError } from 'drizzle-orm';

/** What of a database error may be logged: the SQLSTATE and the names of what it concerns, never values. */
export type LoggedDatabaseError = {
  type: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
  severity?: string;
  stack?: string;
};

type DatabaseErrorFields = Partial<Record<'code' | 'constraint' | 'table' | 'column' | 'routine' | 'severity', unknown>>;

const SQLSTATE = /^[0-9A-Z]{5}$/;
const isDatabaseError = (error: unknown): error is Error & DatabaseErrorFields => {
  if (!(error instanceof Error) || !('severity' in error)) return false;
  const code: unknown = (error as DatabaseErrorFields).code;
  return typeof code === 'string' && SQLSTATE.test(code);
};

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** The stack's frames only: its first lines repeat the message (the SQL and its parameters). */
const framesOnly = (stack: string | undefined) =>
  stack
    ?.split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');

/** The SQLSTATE of a database error, wrapped by drizzle or not; undefined for any other error. */
export function databaseErrorCode(error: unknown): string | undefined {
  const cause = error instanceof DrizzleQueryError ? error.cause : error;
  return isDatabaseError(cause) ? text(cause.code) : undefined;
}

/**
 * An error as it may be written to the log. A failed query's message carries the SQL and every
 * bound parameter (drizzle's "Failed query: … params: …": customers' names, numbers, notes), and
 * PostgreSQL's own message and detail quote the offending value ('Key (mobile_number)=(98…)');
 * so a database error is logged by its code, constraint, table and column, and its stack frames.
 * Any other error is returned as it is.
 */
export function loggableError(error: unknown): unknown {
  const cause = error instanceof DrizzleQueryError ? error.cause : error;
  if (!(error instanceof DrizzleQueryError) && !isDatabaseError(error)) return error;
  const db: DatabaseErrorFields = isDatabaseError(cause) ? cause : {};
  const logged: LoggedDatabaseError = {
    type: error instanceof DrizzleQueryError ? 'DrizzleQueryError' : (error as Error).name,
    code: text(db.code),
    constraint: text(db.constraint),
    table: text(db.table),
    column: text(db.column),
    routine: text(db.routine),
    severity: text(db.severity),
    stack: framesOnly((error as Error).stack),
  };
  return Object.fromEntries(Object.entries(logged).filter(([, v]) => v !== undefined));
}
