/**
 * Camera photos are shrunk in the browser before upload, so a 12 MP photo (4–6 MB) costs a shop
 * owner ~300 KB of mobile data: longest side 1600 px, JPEG at quality 0.8. The server makes its
 * own WebP variants from what arrives, so nothing is gained by sending more.
 */
export const SHRINK_MAX_SIDE = 1600;
export const SHRINK_QUALITY = 0.8;
/** A photo already this small (bytes) and within the side limit is sent as it is. */
export const SHRINK_SKIP_BYTES = 400 * 1024;

/** The size that fits `max` on the longest side, keeping the proportions (never enlarged). */
export function fitWithin(width: number, height: number, max: number = SHRINK_MAX_SIDE): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= max) return { width, height };
  const scale = max / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export function needsShrinking(bytes: number, width: number, height: number, max: number = SHRINK_MAX_SIDE): boolean {
  return Math.max(width, height) > max || bytes > SHRINK_SKIP_BYTES;
}

/** 'IMG_2041.HEIC' → 'IMG_2041.jpg'. */
export function shrunkName(name: string): string {
  const base = name.replace(/\.[^./\\]+$/, '') || 'photo';
  return `${base}.jpg`;
}

/** The browser's image tools, passed in so the decision logic can be tested without a canvas. */
export type ImageTools = {
  /** Decodes the photo upright (EXIF orientation applied). */
  decode: (file: Blob) => Promise<{ width: number; height: number; close: () => void; source: CanvasImageSource }>;
  encode: (source: CanvasImageSource, width: number, height: number, quality: number) => Promise<Blob | null>;
};

export const browserImageTools: ImageTools = {
  async decode(file) {
    // 'from-image' turns a phone's sideways photo upright before it is drawn.
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    return { width: bitmap.width, height: bitmap.height, close: () => bitmap.close(), source: bitmap };
  },
  encode(source, width, height, quality) {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return Promise.resolve(null);
    // A transparent PNG would turn black in a JPEG: paint it on white.
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, width, height);
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(source, 0, 0, width, height);
    return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
  },
};

/**
 * The photo to upload: shrunk when it is large, else the original. Anything the browser cannot
 * decode (an unusual format) goes as it is: the server decides, and says why when it refuses.
 */
export async function shrinkImage(file: File, tools: ImageTools = browserImageTools): Promise<File> {
  let decoded: Awaited<ReturnType<ImageTools['decode']>>;
  try {
    decoded = await tools.decode(file);
  } catch {
    return file;
  }
  try {
    if (!needsShrinking(file.size, decoded.width, decoded.height)) return file;
    const size = fitWithin(decoded.width, decoded.height);
    const blob = await tools.encode(decoded.source, size.width, size.height, SHRINK_QUALITY).catch(() => null);
    // A small photo in an efficient format can come out larger: keep whichever is smaller.
    if (!blob || (blob.size >= file.size && Math.max(decoded.width, decoded.height) <= SHRINK_MAX_SIDE)) return file;
    return new File([blob], shrunkName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
  } finally {
    decoded.close();
  }
}
