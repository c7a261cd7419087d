import type { Readable } from 'node:stream';

/** One stored file, opened for reading. */
export type StoredMedia = {
  body: Readable;
  contentType: string;
  contentLength: number | null;
  etag: string | null;
  lastModified: Date | null;
};

/**
 * Where uploaded media lives. Keys are relative paths like `uploads/<userId>/<id>.jpg`; the
 * public URL of a key is `/media/<key>` whatever the backend (posts store it, and the web's image
 * fallback chain derives the variants' URLs from it), and the API answers it from the backend.
 * Local disk by default, which serves one process, or several sharing one volume; an S3-compatible
 * bucket when S3_BUCKET is set, which every process shares (ADR 046).
 */
export interface MediaStorage {
  /** 'disk' or 's3': the media-files plugin streams /media/uploads/… itself only for a bucket. */
  readonly kind: 'disk' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is no such key. */
  get(key: string): Promise<StoredMedia | null>;
  /** Whether the key is stored (here: on this machine's disk, or in the bucket). */
  has(key: string): Promise<boolean>;
  /** Removing a key that does not exist is not an error. */
  delete(key: string): Promise<void>;
  publicUrl(key: string): string;
}
