import type { RouteOptions } from 'fastify';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contacts } from '#src/db/schema';
import { authHeader, buildTestApp, createBusiness, createPost, signedVisitor, type TestApp } from './helper';

/**
 * Every route of the route table is sent inputs generated from its own zod contract (query, path
 * parameters, JSON body), mixed with hostile values: control characters, bidi overrides, huge and
 * unicode strings, wrong types, nulls, nested junk. Whatever comes in, the server answers below 500,
 * every JSON error carries a `message`, and a refused request writes nothing.
 *
 * A fixed seed keeps CI repeatable; FUZZ_RUNS and FUZZ_SEED explore further.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const ADMIN_EMAIL = 'fuzz-admin@aaspaas.in';

/** 5xx answers that are the truth, not a failure: Google sign-in is not configured in the tests. */
const DECLARED_5XX: Record<string, number> = { 'GET /api/auth/google/start': 503 };

/** Routes that end the caller's account or sessions: fuzzed last, each with a fresh token. */
const ENDS_SESSIONS = new Set(['DELETE /api/user/me', 'POST /api/auth/logout-all']);

type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'line\u0007bell',
  '\u202Eevil\u202C',
  'zero\u200Bwidth',
  'x'.repeat(5_000),
  '💥🇮🇳',
  'दिवाली #दिवाली',
  "' OR 1=1 --",
  '%00%27',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '-1',
  '1e308',
  'NaN',
  'null',
  '00000000-0000-0000-0000-000000000000',
];
/** A C0 control character or DEL, the characters a text column or a log line must never take in. */
const controlCharacter = fc.integer({ min: 0, max: 0x20 }).map((code) => String.fromCharCode(code === 0x20 ? 0x7f : code));
const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.tuple(fc.string({ maxLength: 8 }), controlCharacter, fc.string({ maxLength: 8 })).map((parts) => parts.join('')),
);
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(-1, 0, 2 ** 53, -(2 ** 31), 1.5, true, false, null, [], {}, [null], { $gt: '' }),
  fc.string({ maxLength: 30, unit: 'binary' }),
  fc.jsonValue({ maxDepth: 2 }),
);

/**
 * Values shaped like the contract's field, so that a request gets past validation often enough to
 * reach the database; now and then (HOSTILE_LEAF) a hostile value in its place.
 */
const HOSTILE_LEAF = 1 / 10;
function leaf(shaped: fc.Arbitrary<unknown>, bad: fc.Arbitrary<unknown> = hostile): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 9, arbitrary: shaped },
    { weight: Math.round((9 * HOSTILE_LEAF) / (1 - HOSTILE_LEAF)) || 1, arbitrary: bad },
  );
}

function arbitraryFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return hostile;
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants?.length) return fc.oneof(...variants.map((s) => arbitraryFor(s, depth + 1)));
  if (schema.enum?.length) return leaf(fc.constantFrom(...schema.enum));
  if (schema.const !== undefined) return leaf(fc.constant(schema.const));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      const shaped =
        schema.format === 'uuid'
          ? fc.uuid()
          : schema.format === 'email'
            ? fc.emailAddress()
            : fc.string({ minLength: 1, maxLength: Math.min(schema.maxLength ?? 60, 200), unit: 'grapheme' });
      // Text fields get control characters and the like far more often than wrong types.
      return leaf(shaped, fc.oneof({ weight: 3, arbitrary: hostileString }, { weight: 1, arbitrary: hostile }));
    }
    case 'integer':
      return leaf(fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 }));
    case 'number':
      return leaf(fc.double({ noNaN: true, min: schema.minimum ?? -90, max: schema.maximum ?? 90 }));
    case 'boolean':
      return leaf(fc.boolean());
    case 'array':
      return leaf(fc.array(arbitraryFor(schema.items, depth + 1), { minLength: 1, maxLength: 3 }));
    case 'object':
      return leaf(objectFor(schema, depth));
    default:
      return hostile;
  }
}

/** An object of the contract's fields, any of them missing; now and then a key it does not know. */
function objectFor(schema: JsonSchema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const fields = Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, arbitraryFor(s, depth + 1)]));
  return fc
    .tuple(fc.record(fields, { requiredKeys: [] }), fc.option(fc.tuple(hostileString, hostile), { freq: 6 }))
    .map(([record, extra]) => (extra ? { ...record, [extra[0] || 'extra']: extra[1] } : record));
}

/** The JSON Schema of a route's zod contract part, as the request side reads it. */
function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

type FuzzRoute = { key: string; method: string; url: string; access: string; query?: JsonSchema; body?: JsonSchema };
type Ids = { businessId: string; postId: string; contactId: string };

/** One request's URL: path parameters from real rows, random UUIDs or hostile strings; the query as strings. */
function requestArbitrary(route: FuzzRoute, ids: Ids) {
  const params = route.url.match(/:[A-Za-z]+|\*/g) ?? [];
  const paramValue = fc.oneof(
    fc.constantFrom(ids.businessId, ids.postId, ids.contactId),
    fc.uuid(),
    hostileString.filter((s) => s.length < 200),
  );
  return fc.record({
    params: fc.tuple(...params.map(() => paramValue)),
    query: route.query ? objectFor(route.query) : fc.constant({}),
    body: route.body ? arbitraryFor(route.body) : fc.option(hostile, { freq: 3 }),
  });
}

function urlFor(route: FuzzRoute, params: unknown[], query: Record<string, unknown>): string {
  let i = 0;
  const path = route.url.replace(/:[A-Za-z]+|\*/g, () => encodeURIComponent(String(params[i++])));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) search.append(key, typeof v === 'string' ? v : JSON.stringify(v));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

describe('fuzz: every route with inputs from its contract and hostile values', () => {
  let app: TestApp;
  let routes: FuzzRoute[];
  let ids: Ids;
  let countRows: () => Promise<string>;
  let headersFor: (access: string) => Promise<Record<string, string>>;

  beforeAll(async () => {
    const table: RouteOptions[] = [];
    app = await buildTestApp({ ADMIN_EMAILS: ADMIN_EMAIL }, { onRoute: (route) => table.push(route) });
    const db = app.dbHandle.db;
    const business = await createBusiness(db, { emailVerifiedAt: new Date() });
    const admin = await createBusiness(db, { username: ADMIN_EMAIL, emailVerifiedAt: new Date() });
    const [contact] = await db
      .insert(contacts)
      .values({ userId: business.id, name: 'Asha', mobileNumber: '9000000201' })
      .returning();
    ids = { businessId: business.id, postId: (await createPost(db, business)).id, contactId: contact!.id };

    routes = table
      .flatMap((route) => [route.method].flat().map((method) => ({ route, method })))
      .filter(({ method }) => method !== 'HEAD' && method !== 'OPTIONS')
      .map(({ route, method }) => {
        const schema = (route.schema ?? {}) as { querystring?: unknown; body?: unknown };
        return {
          key: `${method} ${route.url}`,
          method,
          url: route.url,
          access: (route.config as { access?: string } | undefined)?.access ?? 'public',
          query: jsonSchemaOf(schema.querystring),
          body: jsonSchemaOf(schema.body),
        };
      })
      .filter((route) => !route.url.startsWith('/api/docs'))
      .sort((a, b) => Number(ENDS_SESSIONS.has(a.key)) - Number(ENDS_SESSIONS.has(b.key)));

    const { rows } = await db.execute<{ table_name: string }>(
      sql.raw(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
      ),
    );
    const countsSql = `SELECT json_build_object(${rows
      .map((r) => `'${r.table_name}', (SELECT count(*) FROM "${r.table_name}")`)
      .join(', ')}) AS counts`;
    countRows = async () => JSON.stringify((await db.execute(sql.raw(countsSql))).rows[0]);

    headersFor = async (access) => {
      const visitor = { 'x-visitor-id': signedVisitor(app) };
      if (access === 'business') return { ...visitor, ...(await authHeader(app, business)) };
      if (access === 'admin') return { ...visitor, ...(await authHeader(app, admin)) };
      return visitor;
    };
  });
  afterAll(() => app.close());

  it('finds routes with contracts to fuzz', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((r) => r.body || r.query).length).toBeGreaterThan(20);
  });

  it('never answers 5xx, always says why on 4xx, and writes nothing when it refuses', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const headers = await headersFor(route.access);
      await fc.assert(
        fc.asyncProperty(requestArbitrary(route, ids), async ({ params, query, body }) => {
          const url = urlFor(route, params, query);
          const before = await countRows();
          const withBody = route.method !== 'GET' && body !== undefined && body !== null;
          const res = await app.inject({
            method: route.method as 'GET',
            url,
            headers: withBody ? { ...headers, 'content-type': 'application/json' } : headers,
            ...(withBody ? { payload: JSON.stringify(body) } : {}),
          });
          const where = `${route.key} ${url.slice(0, 200)} ${JSON.stringify(body)?.slice(0, 200)}`;
          if (res.statusCode >= 500 && DECLARED_5XX[route.key] !== res.statusCode)
            failures.push(`${res.statusCode} ${where}: ${res.body.slice(0, 200)}`);
          if (res.statusCode >= 400 && res.headers['content-type']?.toString().includes('json')) {
            const message = (res.json() as { message?: unknown }).message;
            if (typeof message !== 'string' || message === '') failures.push(`no message ${res.statusCode} ${where}`);
          }
          if (res.statusCode >= 400 && (await countRows()) !== before) failures.push(`wrote on ${res.statusCode} ${where}`);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
