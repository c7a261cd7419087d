import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';

/**
 * Where uploaded media lives. Keys are relative paths like `uploads/<userId>/<id>.jpg`; the
 * public URL of a key is what the web shows. Local disk today (served at /media by the web-app
 * plugin); an S3-compatible implementation can replace it without touching its callers.
 */
export interface MediaStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Removing a key that does not exist is not an error. */
  delete(key: string): Promise<void>;
  publicUrl(key: string): string;
}

declare module 'fastify' {
  interface FastifyInstance {
    mediaStorage: MediaStorage;
  }
}

const SAFE_KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`Unsafe media key: ${key}`);
  }
}

/** Files under DATA_DIR/media, written to a temporary name then renamed, so a reader never sees half a file. */
export function localDiskStorage(root: string): MediaStorage {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
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
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    publicUrl(key) {
      assertSafeKey(key);
      return `/media/${key}`;
    },
  };
}

export default fp(
  async (fastify) => {
    fastify.decorate('mediaStorage', localDiskStorage(fastify.config.mediaDir));
  },
  { name: 'media-storage', dependencies: ['env'] },
);
