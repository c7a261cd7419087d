import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '#src/config/env';
import { assertSafeKey, contentTypeOf } from './media-keys';
import type { MediaStorage } from './media-storage';
import { s3MediaStorage } from './s3-media-storage';

export { assertSafeKey } from './media-keys';

/** Files under DATA_DIR/media, written to a temporary name then renamed, so a reader never sees half a file. */
export function localDiskStorage(root: string): MediaStorage {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    kind: 'disk',
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomUUID()}.tmp`;
      try {
        await fs.writeFile(temporary, bytes);
        await fs.rename(temporary, file);
      } finally {
        await fs.rm(temporary, { force: true });
      }
    },
    async get(key) {
      const file = fileOf(key);
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile()) return null;
      return {
        body: createReadStream(file),
        contentType: contentTypeOf(key),
        contentLength: stat.size,
        etag: null,
        lastModified: stat.mtime,
      };
    },
    async has(key) {
      const stat = await fs.stat(fileOf(key)).catch(() => null);
      return Boolean(stat?.isFile());
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    publicUrl(key) {
      assertSafeKey(key);
      return `/media/${key}`;
    },
  };
}

/** Where uploaded photos live: the S3 bucket when S3_BUCKET is set, else DATA_DIR/media. */
export function createMediaStorageService(deps: { config: Env; log: FastifyBaseLogger }): MediaStorage & { close(): void } {
  const { config, log } = deps;
  if (!config.S3_BUCKET) return { ...localDiskStorage(config.mediaDir), close: () => {} };
  log.info(`Uploaded photos are stored in the bucket ${config.S3_BUCKET}`);
  return s3MediaStorage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    keyPrefix: config.S3_KEY_PREFIX ?? '',
    log,
  });
}

export type MediaStorageService = ReturnType<typeof createMediaStorageService>;

declare module 'fastify' {
  interface FastifyInstance {
    mediaStorageService: MediaStorageService;
  }
}

export default fp(
  async (fastify) => {
    const storage = createMediaStorageService({ config: fastify.config, log: fastify.log });
    fastify.addHook('onClose', async () => storage.close());
    fastify.decorate('mediaStorageService', storage);
  },
  { name: 'media-storage-service', dependencies: ['env'] },
);
