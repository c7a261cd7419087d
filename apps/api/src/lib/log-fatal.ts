import pino from 'pino';
import { ConfigError } from '../config/env';
import { databaseErrorCode, loggableError } from './loggable-error';

/**
 * Reports an error that stops the process before the server's logger exists (a bad setting, a
 * database not reachable at start) as one JSON line on stderr, like every other line the process
 * writes. A configuration error is the operator's to fix: its message says what, and a stack would
 * only bury it, so it is logged without one. A database error's message (its SQL and values) is not.
 */
export function logFatal(err: unknown, msg = 'server could not start'): void {
  const logger = pino({ base: { pid: process.pid } }, pino.destination({ fd: 2, sync: true }));
  if (err instanceof ConfigError) {
    // `Invalid configuration:` and a line per setting (loadEnv), or one sentence.
    const [first = '', ...settings] = err.message.split('\n').map((line) => line.trim());
    if (settings.length === 0) logger.fatal(`${msg}: ${first}`);
    else logger.fatal({ settings }, `${msg}: invalid configuration: ${settings.join('; ')}`);
    return;
  }
  const code = databaseErrorCode(err);
  const reason = code ? `database error ${code}` : err instanceof Error ? err.message : String(err);
  logger.fatal({ err: pino.stdSerializers.err(loggableError(err) as Error) }, `${msg}: ${reason}`);
}

/**
 * Until the server's own handling is in place (close-with-grace, once it listens), an uncaught
 * exception or unhandled rejection (a timer's, a pool's 'error' while migrating or seeding) is
 * reported by logFatal as one JSON line and ends the process with 1, instead of node's plain-text
 * stack. Returns what removes these handlers when the server's take over.
 */
export function exitOnUncaught(msg: string): () => void {
  const fatal = (err: unknown) => {
    logFatal(err, msg);
    process.exit(1);
  };
  process.on('uncaughtException', fatal);
  process.on('unhandledRejection', fatal);
  return () => {
    process.off('uncaughtException', fatal);
    process.off('unhandledRejection', fatal);
  };
}
