import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ZOD_DEFAULT_MESSAGE } from '@aaspaas/domain';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { QUERY_CANCELED } from '../db/client';
import { AppError } from './app-error';
import { databaseErrorCode, loggableError } from './loggable-error';

/** A statement PostgreSQL cancelled (statement_timeout): the pg error, or drizzle's error around it. */
function isStatementTimeout(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === QUERY_CANCELED) return true;
  }
  return false;
}

/**
 * Node's codes for a connection that could not be made or was lost, and pg-pool's message when no
 * connection came in time.
 */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'EAI_AGAIN',
]);
const CONNECTION_ERROR_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/**
 * The database could not be reached or dropped the connection (a restart, a failover, too many
 * connections): the request may succeed a moment later, so it is a 503, not a 500. SQLSTATE class 08
 * (connection exception), 57P01–57P03 (shutdown, cannot connect now) and 53300 (too many connections).
 */
function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (code.startsWith('08') || /^57P0[123]$/.test(code) || code === '53300')) return true;
    if (typeof code === 'string' && CONNECTION_ERROR_CODES.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && CONNECTION_ERROR_MESSAGE.test(message)) return true;
  }
  return false;
}

type ValidationIssue = { instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } };

function issuePath(issue: ValidationIssue): string {
  return issue.params?.issue?.path?.map(String).join('.') || issue.instancePath?.replace(/^\//, '').replace(/\//g, '.') || '';
}

function validationMessage(issues: readonly ValidationIssue[], context: string | undefined): string {
  const first = issues[0];
  if (!first) return 'Invalid request';
  const path = issuePath(first);
  const message = first.message ?? 'is invalid';
  // Our contracts' messages are whole sentences the user can read as they are (docs/product.md §5: 'Please
  // enter a valid email address'); zod's defaults ('Too small: …') need the field to make sense.
  if (!path || !ZOD_DEFAULT_MESSAGE.test(message) || context === 'headers') return message;
  return `${path}: ${message}`;
}

/**
 * One error handler for the whole API: our AppErrors and validation errors keep their message,
 * 4xx from Fastify plugins keep theirs, anything else is a 500 whose text never leaks internals.
 */
export function errorHandler(err: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) {
    return reply.code(err.statusCode).send(err.field ? { message: err.message, field: err.field } : { message: err.message });
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const context = (err as FastifyError).validationContext;
    const issues = err.validation as ValidationIssue[];
    // A malformed id in the path names nothing that exists: answer as for a missing one.
    if (context === 'params') return reply.code(404).send({ message: issues[0]?.message ?? 'Not found' });
    const message = validationMessage(issues, context);
    // The body's top-level property (a form's field): the web maps the message to its field once.
    const field = context === 'body' ? issuePath(issues[0] ?? {}).split('.')[0] : '';
    return reply.code(400).send(field ? { message, field } : { message });
  }
  if (isResponseSerializationError(err)) {
    request.log.error({ err: loggableError(err) }, 'response did not match its schema');
    return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
  }
  const statusCode = (err as FastifyError).statusCode ?? 500;
  if (statusCode >= 400 && statusCode < 500) {
    const message =
      statusCode === 415
        ? 'Unsupported content type: send JSON'
        : statusCode === 413
          ? 'Request body is too large'
          : err.message.includes('JSON')
            ? 'Request body is not valid JSON'
            : err.message;
    return reply.code(statusCode).send({ message });
  }
  if (isStatementTimeout(err)) {
    // Only the code: a query error carries its SQL and bound parameters, which never go to the log.
    request.log.warn({ code: QUERY_CANCELED }, 'database statement cancelled by statement_timeout');
    return reply.code(503).header('retry-after', '5').send({ message: 'The server is busy. Please try again in a moment.' });
  }
  if (isDatabaseUnavailable(err)) {
    request.log.warn({ err: loggableError(err) }, 'database unavailable');
    return reply
      .code(503)
      .header('retry-after', '5')
      .send({ message: 'The service is briefly unavailable. Please try again in a moment.' });
  }
  // A value PostgreSQL cannot take (class 22: a number out of range, text it cannot store) came
  // from the request that the contract let through: the caller's mistake, told without internals.
  if (databaseErrorCode(err)?.startsWith('22')) {
    request.log.warn({ err: loggableError(err) }, 'request value refused by the database');
    return reply.code(400).send({ message: 'The request holds a value that cannot be stored' });
  }
  request.log.error({ err: loggableError(err) }, 'unhandled error');
  return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
}
