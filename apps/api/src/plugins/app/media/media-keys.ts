/** Media keys: relative paths like `uploads/<userId>/<id>.jpg`, public as `/media/<key>`. */

const SAFE_KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.split('/').some((part) => part === '..' || part === '.');
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Unsafe media key: ${key}`);
}

/** The only kinds of file we store: the upload's original (JPEG, or WebP with transparency) and WebP and AVIF variants. */
const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  png: 'image/png',
};

/** A key's content type by its extension: what we wrote, never what a stored object claims. */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}

/** The key of a `/media/<key>` URL, or null for any other URL. */
export function keyOfMediaUrl(url: string): string | null {
  const key = /^\/media\/(.+)$/.exec(url)?.[1];
  return key && isSafeKey(key) ? key : null;
}

/**
 * Keys of what businesses upload (photos, template renders): these live in the configured storage.
 * The rest of /media (demo pictures under seed/, template backgrounds under templates/) is rendered
 * by the server itself into DATA_DIR/media and always served from there.
 */
export const UPLOADS_PREFIX = 'uploads/';
