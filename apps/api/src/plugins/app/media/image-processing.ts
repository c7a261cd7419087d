import { IMAGE_VARIANT_FILES, type ImageVariantFormat } from '@aaspaas/domain';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '#src/lib/app-error';

export const NOT_AN_IMAGE = 'This file is not an image we can read. Please choose a JPG, PNG or WebP photo.';
export const TOO_MANY_PIXELS =
  'This photo has more than 100 megapixels, more than we can take. Please choose a smaller photo or resize it first.';

/** Formats people upload as photos. SVG is refused: it is a document that sharp would render, not a photo. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
/** 100 megapixels covers the largest phone cameras; beyond that a small file can still cost gigabytes to decode. */
const MAX_INPUT_PIXELS = 100_000_000;
/** A post or profile photo never needs more; a 100 MP original would cost storage and data for nothing. */
const MAX_STORED_SIDE = 2560;

export type EncodedImage = { bytes: Buffer; width: number; height: number };
export type ProcessedImage = {
  original: EncodedImage & { extension: 'jpg' | 'webp'; contentType: string };
  variants: (EncodedImage & { variantWidth: number; format: ImageVariantFormat })[];
};

const decoder = (input: Buffer) => sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, pages: 1 });

/**
 * At most two decodes at once: a 40 MP phone photo takes ~120 MB of pixels while it is scaled
 * down, so a burst of big uploads on a small server waits its turn instead of running out of memory.
 */
const MAX_CONCURRENT_DECODES = 2;
let decoding = 0;
const waiting: (() => void)[] = [];

async function oneOfFewDecodes<T>(work: () => Promise<T>): Promise<T> {
  if (decoding < MAX_CONCURRENT_DECODES) decoding++;
  // A finishing decode hands its slot straight to the next in line.
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else decoding--;
  }
}

/** The header alone (no pixels decoded), to refuse an oversized image with its own message. */
async function checkHeader(input: Buffer): Promise<void> {
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { failOn: 'error', limitInputPixels: false, pages: 1 }).metadata();
  } catch {
    throw AppError.badRequest(NOT_AN_IMAGE);
  }
  if (!ACCEPTED_FORMATS.has(metadata.format)) throw AppError.badRequest(NOT_AN_IMAGE);
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) throw AppError.badRequest(TOO_MANY_PIXELS);
}

/**
 * Decodes an uploaded file whatever its name or declared type claims, turns it upright (EXIF
 * orientation), and re-encodes it without any metadata: sharp writes no EXIF, XMP, IPTC or ICC
 * unless asked, so a phone photo's GPS position never reaches the public. The original keeps JPEG
 * (WhatsApp link previews want it) unless it has transparency; the feed's variants are WebP, and
 * AVIF too for the widths phones show.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  await checkHeader(input);
  return oneOfFewDecodes(() => decodeAndEncode(input));
}

async function decodeAndEncode(input: Buffer): Promise<ProcessedImage> {
  const upright = async () => {
    try {
      // One full decode up front: a truncated or corrupt body fails here, not halfway through the variants.
      const { data, info } = await decoder(input)
        .rotate()
        .resize(MAX_STORED_SIDE, MAX_STORED_SIDE, { fit: 'inside', withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      return { data, raw: { width: info.width, height: info.height, channels: info.channels } };
    } catch {
      throw AppError.badRequest(NOT_AN_IMAGE);
    }
  };
  const { data, raw } = await upright();
  const pixels = () => sharp(data, { raw });

  const transparent = raw.channels === 4 || raw.channels === 2;
  const originalBytes = transparent
    ? await pixels().webp({ quality: 88 }).toBuffer()
    : await pixels().jpeg({ quality: 85, mozjpeg: true }).toBuffer();

  const variants = await Promise.all(
    IMAGE_VARIANT_FILES.map(async ({ width: variantWidth, format }) => {
      const resized = pixels().resize({ width: variantWidth, withoutEnlargement: true });
      const { data: bytes, info } = await (
        format === 'avif'
          ? // Effort 2: ~0.3 s for a 720 px photo (effort 4 takes ~2.5 s, too slow to wait for at upload)
            // for about 40 % fewer bytes than the WebP below at the same look.
            resized.avif({ quality: 50, effort: 2 })
          : // 72: a photo's 720 px variant is about a quarter smaller than at 80 and looks the same on a phone.
            resized.webp({ quality: 72 })
      ).toBuffer({ resolveWithObject: true });
      return { variantWidth, format, bytes, width: info.width, height: info.height };
    }),
  );

  return {
    original: {
      bytes: originalBytes,
      width: raw.width,
      height: raw.height,
      extension: transparent ? 'webp' : 'jpg',
      contentType: transparent ? 'image/webp' : 'image/jpeg',
    },
    variants,
  };
}
