import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '#src/lib/app-error';
import { UPLOADS_PREFIX, isSafeKey } from './media-keys';
import type { MediaStorage } from './media-storage';
import { localDiskStorage } from './media-storage-service';

const ONE_YEAR_S = 31_536_000;
/** Media file names never change content: new uploads get new names. */
const IMMUTABLE = `public, max-age=${ONE_YEAR_S}, immutable`;

/**
 * Serves /media/…: uploads and the server's own renders (/media/seed/…, /media/templates/…) from
 * where the media storage keeps them, DATA_DIR/media or the S3 bucket (ADR 046).
 */
export default fp(
  async (fastify) => {
    const { mediaDir } = fastify.config;
    fs.mkdirSync(mediaDir, { recursive: true });
    const storage = fastify.mediaStorageService;
    if (storage.kind === 's3') return serveFromBucket(fastify, storage, localDiskStorage(mediaDir));
    await fastify.register(fastifyStatic, {
      root: mediaDir,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      setHeaders: (reply) => reply.header('cache-control', IMMUTABLE),
    });
  },
  { name: 'media-files-plugin', dependencies: ['env', 'media-storage-service'] },
);

/**
 * Media in a bucket: streamed from it under the same URLs and headers as files on disk, so posts keep
 * their URLs whatever the storage and a CDN in front of /media caches them alike. A render made before
 * renders went to the bucket is still served from this machine's disk until the bucket has it.
 */
function serveFromBucket(fastify: FastifyInstance, storage: MediaStorage, disk: MediaStorage) {
  fastify.get('/media/*', { schema: { hide: true }, config: { access: 'public' } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (!isSafeKey(key)) throw AppError.noRoute(request);
    const object = (await storage.get(key)) ?? (key.startsWith(UPLOADS_PREFIX) ? null : await disk.get(key));
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
}
