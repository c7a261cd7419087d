import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };

/** Keywords that only validate a value: dropping them does not change how it is written. */
const VALIDATION_ONLY = new Set([
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
]);
const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

function primitiveTypes(branch: unknown): string[] | null {
  if (typeof branch !== 'object' || branch === null) return null;
  const { type, ...rest } = branch as JsonSchema;
  if (Object.keys(rest).some((k) => !VALIDATION_ONLY.has(k))) return null;
  const types = Array.isArray(type) ? type : [type];
  return types.every((t) => typeof t === 'string' && PRIMITIVES.has(t)) ? (types as string[]) : null;
}

/**
 * zod writes `T | null` of a constrained type as `anyOf: [{ type: 'integer', minimum, maximum },
 * { type: 'null' }]`; fast-json-stringify would validate every such value against each branch
 * (with ajv, per request). A union of plain primitive types is written the same way as a type
 * list, so it becomes one.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (typeof node !== 'object' || node === null) return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = simplify(value);
  if (Array.isArray(out.anyOf)) {
    const branches = out.anyOf.map(primitiveTypes);
    if (branches.every((b) => b !== null)) {
      delete out.anyOf;
      out.type = [...new Set(branches.flat())];
    }
  }
  return out;
}

/** The JSON Schema fast-json-stringify compiles for a zod contract (its output side). */
export function serializationSchema(schema: z.ZodType): JsonSchema {
  return simplify(z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' })) as JsonSchema;
}

/**
 * A route-level serializer compiler: each response schema (a zod contract) is compiled once into a
 * fast-json-stringify function, instead of zod encoding every answer and JSON.stringify writing it
 * (ADR 006). The contract still decides what is written: only its properties, in its order,
 * optional ones left out when undefined; a missing required property is a 500, as with zod.
 * For hot routes whose answers are built by our own typed code (zod still validates the input).
 */
export function compiledSerializerCompiler<T>({ schema, method, url }: Parameters<FastifySerializerCompiler<T>>[0]) {
  if (!(schema instanceof z.ZodType)) throw new Error(`${method} ${url}: a response schema is not a zod contract`);
  // A missing required property throws: the error handler answers 500 and logs it.
  return compileSerializer(schema);
}

/** The same compiled writer of a contract, for JSON written outside a route's answer (the feed's HTML). */
export function compileSerializer(schema: z.ZodType): (data: unknown) => string {
  return fastJsonStringify(serializationSchema(schema));
}
