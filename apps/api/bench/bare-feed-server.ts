/**
 * The control of bench:feed: the same repository call as GET /api/feed behind the least an HTTP
 * server can do (node:http, the query parsed by the same contract, JSON.stringify, gzip), without
 * Fastify, hooks, security headers or logs. Its latency over the API's shows what the app itself
 * costs; its latency over the database's shows what any HTTP answer costs on these cores (ADR 007).
 * Not an API: it answers the feed's happy path only. Prints `{"address": …}` when ready.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import { FeedQuerySchema, NEXT_CURSOR_HEADER, VISITOR_HEADER } from '@aaspaas/domain';
import { openDatabase } from '../src/db/client';
import { createFeedRepository } from '../src/plugins/app/posts/feed-repository';

// DB_PREPARED_STATEMENTS=false as the API reads it (config/env.ts): the statements unnamed.
const handle = await openDatabase({
  databaseUrl: process.env.BENCH_DATABASE_URL,
  dataDir: null,
  namedStatements: process.env.DB_PREPARED_STATEMENTS !== 'false',
});
const repo = createFeedRepository(handle);

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://bench.invalid');
  const query = FeedQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) {
    res.writeHead(400, { 'content-type': 'application/json' }).end('{"message":"bad query"}');
    return;
  }
  const visitor = req.headers[VISITOR_HEADER];
  repo.feed(query.data, typeof visitor === 'string' ? visitor : undefined).then(
    (page) => {
      const json = JSON.stringify(page.posts);
      const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
      const body = gzip ? zlib.gzipSync(json) : Buffer.from(json);
      const headers: http.OutgoingHttpHeaders = {
        'content-type': 'application/json; charset=utf-8',
        'content-length': body.length,
      };
      if (gzip) headers['content-encoding'] = 'gzip';
      if (page.nextCursor) headers[NEXT_CURSOR_HEADER] = page.nextCursor;
      res.writeHead(200, headers).end(body);
    },
    () => res.writeHead(500).end(),
  );
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  process.stdout.write(`${JSON.stringify({ address: `http://127.0.0.1:${port}` })}\n`);
});
const stop = () => {
  server.close(() => void handle.close().then(() => process.exit(0)));
  server.closeAllConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
