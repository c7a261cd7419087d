import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '#src/lib/app-error';
import { assertSafeKey, contentTypeOf } from './media-keys';
import type { MediaStorage } from './media-storage';

export const STORAGE_UNAVAILABLE = 'Our photo storage is not answering right now. Please try again in a few minutes.';

export type S3StorageOptions = {
  bucket: string;
  region: string;
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
  /** Prepended to every key inside the bucket ('' or folders ending with '/'). */
  keyPrefix: string;
  log: FastifyBaseLogger;
};

/** Same as local files: a key's bytes never change (new uploads get new names). */
const IMMUTABLE = 'public, max-age=31536000, immutable';

function statusOf(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

/**
 * Photos in an S3-compatible bucket (AWS S3, MinIO, R2, …). The bucket stays private: the API
 * streams `/media/uploads/…` from it. Objects carry their content type and cache headers too, so a
 * CDN or a public bucket can serve them unchanged. A bucket that fails or times out becomes a 503
 * with a plain message; what went wrong is logged, never sent.
 */
export function s3MediaStorage(options: S3StorageOptions): MediaStorage & { close(): void } {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    credentials: options.credentials,
    forcePathStyle: options.forcePathStyle,
    // Checksums only where S3 requires them: several S3-compatible servers refuse the newer trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A bucket that does not answer must not hold an upload (and a phone on 2G) for minutes.
    requestHandler: { connectionTimeout: 3000, requestTimeout: 20_000 },
    maxAttempts: 3,
  });
  const objectKey = (key: string) => {
    assertSafeKey(key);
    return `${options.keyPrefix}${key}`;
  };
  const unavailable = (action: string, key: string, error: unknown) => {
    options.log.error({ err: error, bucket: options.bucket, key, action }, 'media bucket request failed');
    return new AppError('SERVICE_UNAVAILABLE', STORAGE_UNAVAILABLE);
  };

  return {
    kind: 's3',

    async put(key, bytes, contentType) {
      const Key = objectKey(key);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: options.bucket,
            Key,
            Body: bytes,
            ContentType: contentType,
            ContentLength: bytes.length,
            CacheControl: IMMUTABLE,
          }),
        );
      } catch (error) {
        throw unavailable('put', Key, error);
      }
    },

    async get(key) {
      const Key = objectKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key }));
        if (!object.Body) return null;
        return {
          body: object.Body as Readable,
          contentType: contentTypeOf(key),
          contentLength: object.ContentLength ?? null,
          etag: object.ETag ?? null,
          lastModified: object.LastModified ?? null,
        };
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw unavailable('get', Key, error);
      }
    },

    async has(key) {
      const Key = objectKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket: options.bucket, Key }));
        return true;
      } catch (error) {
        if (statusOf(error) === 404) return false;
        throw unavailable('head', Key, error);
      }
    },

    async delete(key) {
      const Key = objectKey(key);
      try {
        // S3 answers 204 for a key that is not there.
        await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key }));
      } catch (error) {
        if (statusOf(error) === 404) return;
        throw unavailable('delete', Key, error);
      }
    },

    publicUrl(key) {
      assertSafeKey(key);
      return `/media/${key}`;
    },

    close() {
      client.destroy();
    },
  };
}
