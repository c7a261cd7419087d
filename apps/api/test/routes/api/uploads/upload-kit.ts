import path from 'node:path';
import sharp from 'sharp';

/** A plain 800×600 JPEG photo. */
export function photo(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
    .jpeg()
    .toBuffer();
}

/** POST /api/uploads with one file in the multipart field `file`, signed in with `auth`. */
export function uploadRequest(
  auth: Record<string, string>,
  file: Buffer,
  { filename = 'photo.jpg', contentType = 'image/jpeg', field = 'file' } = {},
) {
  const boundary = '----aaspaas-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    method: 'POST' as const,
    url: '/api/uploads',
    payload: Buffer.concat([head, file, tail]),
    headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The files on disk of an uploaded image: the original, its -480/-1080 WebP variants and its -720 AVIF one. */
export function storedFiles(mediaDir: string, url: string): { original: string; w480: string; w1080: string; avif720: string } {
  const relative = url.replace(/^\/media\//, '');
  const base = path.join(mediaDir, relative.replace(/\.[a-z]+$/, ''));
  return {
    original: path.join(mediaDir, relative),
    w480: `${base}-480.webp`,
    w1080: `${base}-1080.webp`,
    avif720: `${base}-720.avif`,
  };
}

/** The file on disk of one variant (WebP unless asked for AVIF) of an uploaded image. */
export function storedVariant(mediaDir: string, url: string, width: number, format: 'webp' | 'avif' = 'webp'): string {
  return path.join(mediaDir, url.replace(/^\/media\//, '').replace(/\.[a-z]+$/, `-${width}.${format}`));
}
