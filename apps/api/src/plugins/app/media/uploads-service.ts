import { randomUUID } from 'node:crypto';
import { IMAGE_VARIANT_FILES, type ImageVariantFormat, type UploadResponse } from '@aaspaas/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '#src/config/env';
import type { Db } from '#src/db/client';
import { uploads } from '#src/db/schema';
import { AppError } from '#src/lib/app-error';
import { processImage } from './image-processing';
import { contentTypeOf } from './media-keys';
import type { MediaStorage } from './media-storage';

export type UploadRow = typeof uploads.$inferSelect;

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

/** Photos people upload: cleaned, stored with their variants in the media storage, recorded in `uploads`. */
export function createUploadsService(deps: { db: Db; config: Env; mediaStorage: MediaStorage; log: FastifyBaseLogger }) {
  const { db, config, log } = deps;
  const storage = deps.mediaStorage;
  const quotaBytes = Math.floor(config.UPLOAD_QUOTA_MB * 1024 * 1024);

  /** Deletes the stored files of uploads (original and variants); the rows are the caller's business. */
  async function removeFiles(storageKeys: readonly string[]): Promise<void> {
    const results = await Promise.allSettled(storageKeys.flatMap(storedKeys).map((key) => storage.delete(key)));
    const failed = results.filter((r) => r.status === 'rejected');
    if (failed.length > 0) log.error({ errors: failed.map((f) => String(f.reason)) }, 'some media files were not deleted');
  }

  return {
    /** Decodes, cleans and stores one image for a user; records it in `uploads`. */
    async save(userId: string, file: Buffer): Promise<UploadResponse> {
      const image = await processImage(file);
      // Two uploads at the same instant may both pass: the quota can be overshot by a photo or two.
      const [used] = await db
        .select({ bytes: sql<number>`coalesce(sum(${uploads.bytes}), 0)::bigint` })
        .from(uploads)
        .where(eq(uploads.userId, userId));
      if (Number(used?.bytes ?? 0) + image.original.bytes.length > quotaBytes)
        throw new AppError('FORBIDDEN', storageFullMessage(config.UPLOAD_QUOTA_MB));
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
        const [row] = await db
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

    /** The upload with this public URL if this user made it; null for anyone else's or any other URL. */
    async ownedBy(userId: string, url: string): Promise<UploadRow | null> {
      const [row] = await db
        .select()
        .from(uploads)
        .where(and(eq(uploads.userId, userId), eq(uploads.url, url)))
        .limit(1);
      return row ?? null;
    },

    removeFiles,
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;

declare module 'fastify' {
  interface FastifyInstance {
    uploadsService: UploadsService;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate(
      'uploadsService',
      createUploadsService({
        db: fastify.db,
        config: fastify.config,
        mediaStorage: fastify.mediaStorageService,
        log: fastify.log,
      }),
    );
  },
  { name: 'uploads-service', dependencies: ['db', 'media-storage-service'] },
);
