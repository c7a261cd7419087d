import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

const ONE_YEAR_S = 31_536_000;

/**
 * Serves the built web app's files from apps/web/dist: hashed assets cached for a year, the rest
 * revalidated. Pages (index.html with its tags and data) are the feed-document plugin's.
 */
export default fp(
  async (fastify) => {
    const { webDistDir } = fastify.config;
    if (!fs.existsSync(path.join(webDistDir, 'index.html'))) {
      fastify.log.warn(`No web build at ${webDistDir}: only the API is served (run npm run build).`);
      return;
    }
    await fastify.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      decorateReply: false,
      index: false,
      // One route per file found at start-up: every other path is a page of the app.
      wildcard: false,
      setHeaders: (reply, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? `public, max-age=${ONE_YEAR_S}, immutable` : 'no-cache');
      },
    });
  },
  { name: 'web-assets-plugin', dependencies: ['env'] },
);
