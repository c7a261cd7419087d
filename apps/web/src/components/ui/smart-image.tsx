import { IMAGE_VARIANT_WIDTHS, imageCandidates } from '@aaspaas/domain';
import { ImageOff } from 'lucide-react';
import { useState, type ImgHTMLAttributes } from 'react';
import { cn } from '@/lib/utils';
import { FEED_IMAGE_SIZES, responsiveSrcSet, thumbnailSrcSet } from './image-sources';

type SmartImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'onError'> & {
  src: string;
  alt: string;
  /** The 'Image unavailable' text (already translated). */
  unavailableText: string;
  /**
   * true: a fluid image (a feed photo) offered as the -480/-720/-1080 WebP variants for `sizes`.
   * false: a fixed-size picture (an avatar) of `width` CSS px, which gets the smallest variant that
   * suffices (160 px for 44–80 px avatars) — or, without a numeric width, the 480 px one.
   */
  responsive?: boolean;
  /** Classes of the 'Image unavailable' box (size and colours); defaults to className on a muted box. */
  fallbackClassName?: string;
};

/**
 * An image with the spec §4 fallback chain: the transformed (resized) URL, then the media form,
 * then the original, then 'Image unavailable'. The caller sizes the box (no layout shift).
 */
export function SmartImage({
  src,
  alt,
  unavailableText,
  responsive = true,
  className,
  fallbackClassName,
  sizes = FEED_IMAGE_SIZES,
  ...rest
}: SmartImageProps) {
  const fixedWidth = !responsive && typeof rest.width === 'number' ? rest.width : null;
  // Without srcset support the fixed-size picture still starts small: the first variant of twice its width.
  const candidates = imageCandidates(
    src,
    fixedWidth === null ? undefined : IMAGE_VARIANT_WIDTHS.find((w) => w >= fixedWidth * 2),
  );
  const [index, setIndex] = useState(0);
  const [failedFor, setFailedFor] = useState<string | null>(null);
  // A new src starts the chain again.
  if (failedFor !== null && failedFor !== src) {
    setFailedFor(null);
    setIndex(0);
  }
  const current = failedFor === src ? undefined : candidates[index];

  if (!current) {
    return (
      <div
        role="img"
        aria-label={`${alt}: ${unavailableText}`}
        className={cn(
          'flex flex-col items-center justify-center gap-1 text-center text-sm',
          fallbackClassName ?? cn('bg-muted text-muted-foreground', className),
        )}
      >
        <ImageOff className="size-6" aria-hidden="true" />
        <span aria-hidden="true">{unavailableText}</span>
      </div>
    );
  }

  // Only the first link of the chain (the transformed URL) comes with its srcset.
  const srcSet =
    index !== 0 ? undefined : responsive ? responsiveSrcSet(src) : fixedWidth !== null ? thumbnailSrcSet(src) : undefined;

  return (
    <img
      {...rest}
      key={current}
      src={current}
      srcSet={srcSet}
      sizes={srcSet ? (responsive ? sizes : `${fixedWidth}px`) : undefined}
      alt={alt}
      className={className}
      onError={() => {
        if (index + 1 < candidates.length) setIndex(index + 1);
        else setFailedFor(src);
      }}
    />
  );
}
