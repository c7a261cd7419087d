import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { AppError } from '#src/lib/app-error';
import { UPLOADS_PREFIX, isSafeKey } from './media-keys';

const ONE_YEAR_S = 31_536_000;
/** Media file names never change content: new uploads get new names. */
const IMMUTABLE = `public, max-age=${ONE_YEAR_S}, immutable`;

/**
 * Serves /media/…: uploads from DATA_DIR/media or the S3 bucket, and the server's own renders
 * (/media/seed/…, /media/templates/…) from DATA_DIR/media.
 */
export default fp(
  async (fastify) => {
    const { mediaDir } = fastify.config;
    fs.mkdirSync(mediaDir, { recursive: true });
    await fastify.register(fastifyStatic, {
      root: mediaDir,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      setHeaders: (reply) => reply.header('cache-control', IMMUTABLE),
    });

    // Uploads in a bucket: streamed from it under the same URLs and headers as files on disk, so
    // posts keep their URLs whatever the storage and a CDN in front of /media caches them alike.
    // (The static route above keeps /media/seed/… and /media/templates/…, which the server renders itself.)
    const storage = fastify.mediaStorageService;
    if (storage.kind !== 's3') return;
    fastify.get(`/media/${UPLOADS_PREFIX}*`, { schema: { hide: true }, config: { access: 'public' } }, async (request, reply) => {
      const rest = (request.params as { '*': string })['*'];
      const key = `${UPLOADS_PREFIX}${rest}`;
      if (!isSafeKey(key)) throw AppError.noRoute(request);
      const object = await storage.get(key);
      if (!object) throw AppError.noRoute(request);
      reply.header('content-type', object.contentType).header('cache-control', IMMUTABLE);
      if (object.lastModified) reply.header('last-modified', object.lastModified.toUTCString());
      if (object.etag) {
        reply.header('etag', object.etag);
        if (request.headers['if-none-match'] === object.etag) {
          object.body.destroy();
          return reply.code(304).send();
        }
      }
      if (object.contentLength !== null) reply.header('content-length', object.contentLength);
      return reply.send(object.body);
    });
  },
  { name: 'media-files-plugin', dependencies: ['env', 'media-storage-service'] },
);
