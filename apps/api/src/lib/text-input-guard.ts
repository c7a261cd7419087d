import { controlCharacterMessage, findControlCharacter } from '@aaspaas/domain';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { AppError } from './app-error';

type Part = { value: unknown; path: string };

const join = (path: string, key: string | number) =>
  typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;

/**
 * The name of the first field whose text (or key) holds a control character, with the character.
 * Iterative, so a deeply nested JSON body cannot overflow the stack.
 */
export function findControlCharacterField(
  root: unknown,
  rootPath: string,
  multiLine: boolean,
): { field: string; codePoint: string } | null {
  const stack: Part[] = [{ value: root, path: rootPath }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      const codePoint = findControlCharacter(value, multiLine);
      if (codePoint) return { field: path || 'request', codePoint };
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i -= 1) stack.push({ value: value[i], path: join(path, i) });
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const inKey = findControlCharacter(key, false);
        if (inKey) return { field: `a property name in ${path || 'the body'}`, codePoint: inKey };
        stack.push({ value: child, path: join(path, key) });
      }
    }
  }
  return null;
}

/**
 * Refuses, before any route sees it, a query, path or JSON body with a control character in any
 * text: NUL is refused by PostgreSQL mid-query, and the others serve only to break logs, CSV cells
 * and what people read. Query and path values are single-line; a body's text may hold tab and line
 * breaks (post text, notes, imported rows). A multipart upload's stream is not read here. Every
 * request runs it (a callback hook: a few microseconds for the feed's handful of query values).
 */
export function rejectControlCharacters(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const found =
    findControlCharacterField(request.query, '', false) ??
    findControlCharacterField(request.params, '', false) ??
    findControlCharacterField(request.body, '', true);
  done(found ? AppError.badRequest(controlCharacterMessage(found.field, found.codePoint)) : undefined);
}
