import fs from 'node:fs';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/helper';
import { buildWebWithFirstScreen } from '#test/web-build';

const INDEX =
  '<!doctype html><html><head><title>Aaspaas</title><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>';

/**
 * Routes that are deliberately not in the API's document: the document's own UI, the web app's
 * pages (index.html for any other GET), the files of the web build (one route per file: this test's
 * build has only index.html) and media files. Every other route must be documented; a new one that
 * is not fails below until it is, or is listed here.
 */
// Pages and files for people and phones, not the API: the app's pages, media, the opt-out link's
// page in an SMS, Android's App Links file.
const UNDOCUMENTED = [
  /^\/api\/docs(\/|$)/,
  /^\/\*$/,
  /^\/index\.html$/,
  /^\/media\//,
  /^\/o\/:token$/,
  /^\/\.well-known\/assetlinks\.json$/,
];

/**
 * `/api/posts/:id` → `/api/posts/{id}`, as the OpenAPI document writes paths; without a trailing
 * slash (a folder's index route, `/api/feed/`, answers `/api/feed` too).
 */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/(.)\/$/, '$1');

type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, unknown>> };

describe('GET /api/docs/json: the OpenAPI document', () => {
  let app: TestApp;
  let web: ReturnType<typeof buildWebWithFirstScreen>;
  const routes: { method: string; url: string }[] = [];

  beforeAll(async () => {
    // With the web app's real first-screen module loaded, as every install with a web build runs:
    // that module must not bring its own copies of the contracts (their schema ids are unique).
    web = buildWebWithFirstScreen(INDEX);
    app = await buildTestApp(
      { WEB_DIST_DIR: web.webDir },
      {
        onRoute: (route: RouteOptions) => {
          for (const method of [route.method].flat()) routes.push({ method: method.toLowerCase(), url: route.url });
        },
      },
    );
  }, 120_000);
  afterAll(async () => {
    await app.close();
    web.remove();
  });

  it('builds, and is a valid OpenAPI 3.1 document', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json<OpenApiDocument>();
    expect(doc.openapi).toMatch(/^3\.1\./);

    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? [], 'validation errors').toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it("the web's first-screen module registers no contract of its own: it imports the server's", () => {
    // A bundled copy of the contracts registers their ids a second time in zod's process-wide
    // registry: the document then fails ("Duplicate schema id") or describes the copies.
    const dir = `${web.webDir}-ssr`;
    const code = fs
      .readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.js'))
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
      .join('\n');
    expect(code).toMatch(/from "@aaspaas\/domain"/);
    expect(code).not.toMatch(/\.meta\(\{\s*id:/);
  });

  it("lists every route of the server's route table but the ones deliberately left out", async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDocument>();
    // HEAD routes are the ones Fastify adds beside every GET; OPTIONS is the Android app's CORS preflight.
    const served = routes.filter(
      (r) => r.method !== 'head' && r.method !== 'options' && !UNDOCUMENTED.some((re) => re.test(r.url)),
    );
    expect(served.length).toBeGreaterThan(40);
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${openApiPath(p)}`)),
    );
    const missing = served.map((r) => `${r.method} ${openApiPath(r.url)}`).filter((r) => !documented.has(r));
    expect(missing, 'routes missing from the document').toEqual([]);

    // And the document lists nothing the server does not answer.
    const known = new Set(routes.map((r) => `${r.method} ${openApiPath(r.url)}`));
    expect([...documented].filter((d) => !known.has(d))).toEqual([]);
    // The web app's pages and media are served, just not documented.
    expect(routes.some((r) => r.url === '/*')).toBe(true);
  });
});

describe('API_DOCS_PUBLIC=false (the default in production)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ API_DOCS_PUBLIC: 'false' });
  });
  afterAll(() => app.close());

  it('serves neither the OpenAPI page nor its document, while the API answers as before', async () => {
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('openapi');
    }
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
