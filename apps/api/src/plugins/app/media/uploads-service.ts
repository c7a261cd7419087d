import { randomUUID } from 'node:crypto';
import { IMAGE_VARIANT_FILES, type ImageVariantFormat, type UploadResponse } from '@aaspaas/domain';
import { and, eq, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { uploads } from '#src/db/schema';
import { AppError } from '#src/lib/app-error';
import { processImage } from './image-processing';
import { contentTypeOf } from './media-keys';

export type UploadRow = typeof uploads.$inferSelect;

declare module 'fastify' {
  interface FastifyInstance {
    uploads: {
      /** Decodes, cleans and stores one image for a user; records it in `uploads`. */
      save(userId: string, file: Buffer): Promise<UploadResponse>;
      /** The upload with this public URL if this user made it; null for anyone else's or any other URL. */
      ownedBy(userId: string, url: string): Promise<UploadRow | null>;
      /** Deletes the stored files of uploads (original and variants); the rows are the caller's business. */
      removeFiles(storageKeys: readonly string[]): Promise<void>;
    };
  }
}

export function storageFullMessage(quotaMb: number): string {
  return `Your photo storage is full (${quotaMb} MB). Delete old posts to make room for new photos.`;
}

/** The variants sit beside the original as `<name>-<width>.<webp|avif>`, the rule of imageVariantUrl in the domain. */
export function variantKey(originalKey: string, width: number, format: ImageVariantFormat = 'webp'): string {
  return originalKey.replace(/\.[a-z0-9]+$/i, `-${width}.${format}`);
}

/** The original and every variant file (WebP and AVIF): what an upload writes and what deleting it removes. */
export function storedKeys(originalKey: string): string[] {
  return [originalKey, ...IMAGE_VARIANT_FILES.map((v) => variantKey(originalKey, v.width, v.format))];
}

export default fp(
  async (fastify) => {
    const storage = fastify.mediaStorage;
    const quotaBytes = Math.floor(fastify.config.UPLOAD_QUOTA_MB * 1024 * 1024);

    async function removeFiles(storageKeys: readonly string[]) {
      const results = await Promise.allSettled(storageKeys.flatMap(storedKeys).map((key) => storage.delete(key)));
      const failed = results.filter((r) => r.status === 'rejected');
      if (failed.length > 0)
        fastify.log.error({ errors: failed.map((f) => String(f.reason)) }, 'some media files were not deleted');
    }

    fastify.decorate('uploads', {
      async save(userId: string, file: Buffer) {
        const image = await processImage(file);
        // Two uploads at the same instant may both pass: the quota can be overshot by a photo or two.
        const [used] = await fastify.db
          .select({ bytes: sql<number>`coalesce(sum(${uploads.bytes}), 0)::bigint` })
          .from(uploads)
          .where(eq(uploads.userId, userId));
        if (Number(used?.bytes ?? 0) + image.original.bytes.length > quotaBytes)
          throw new AppError('FORBIDDEN', storageFullMessage(fastify.config.UPLOAD_QUOTA_MB));
        const key = `uploads/${userId}/${randomUUID()}.${image.original.extension}`;
        try {
          // All files first, the row last: a row always has its files. Settled, not raced, so the
          // clean-up below never runs while a write is still in flight.
          const writes = await Promise.allSettled([
            storage.put(key, image.original.bytes, image.original.contentType),
            ...image.variants.map((v) => {
              const variant = variantKey(key, v.variantWidth, v.format);
              return storage.put(variant, v.bytes, contentTypeOf(variant));
            }),
          ]);
          const failed = writes.find((w) => w.status === 'rejected');
          if (failed) throw failed.reason;
          const [row] = await fastify.db
            .insert(uploads)
            .values({
              userId,
              url: storage.publicUrl(key),
              storageKey: key,
              width: image.original.width,
              height: image.original.height,
              bytes: image.original.bytes.length,
            })
            .returning();
          if (!row) throw new Error('upload row not inserted');
          return { url: row.url, width: row.width, height: row.height, bytes: row.bytes };
        } catch (error) {
          // No row, no files: an upload is all there or not at all.
          await removeFiles([key]);
          throw error;
        }
      },

      async ownedBy(userId: string, url: string) {
        const [row] = await fastify.db
          .select()
          .from(uploads)
          .where(and(eq(uploads.userId, userId), eq(uploads.url, url)))
          .limit(1);
        return row ?? null;
      },

      removeFiles,
    });
  },
  { name: 'uploads-service', dependencies: ['db', 'media-storage'] },
);
