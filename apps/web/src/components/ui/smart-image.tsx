import { IMAGE_VARIANT_WIDTHS, imageCandidates } from '@aaspaas/domain/rules';
import { ImageOff } from 'lucide-react';
import { useState, type ImgHTMLAttributes } from 'react';
import { cn } from '@/lib/utils';
import { FEED_IMAGE_SIZES, responsiveAvifSrcSet, responsiveSrcSet, thumbnailAvifSrcSet, thumbnailSrcSet } from './image-sources';
import { useOnlyPriorityImages } from './only-priority-images';

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
  /** Told when every link of the chain failed, so the caller can shrink the box. */
  onUnavailable?: () => void;
};

/**
 * An image with the docs/product.md §4 fallback chain: the transformed (resized) URL, then the media form,
 * then the original, then 'Image unavailable'. The caller sizes the box (no layout shift).
 * The transformed URL comes as a <picture>: an AVIF source for browsers that decode it, the WebP
 * <img> for the rest. When the AVIF fails (an upload from before AVIF has none), the source is
 * dropped and the WebP chain runs as without it.
 */
export function SmartImage({
  src,
  alt,
  unavailableText,
  responsive = true,
  className,
  fallbackClassName,
  onUnavailable,
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
  const [avifFailedFor, setAvifFailedFor] = useState<string | null>(null);
  const onlyPriority = useOnlyPriorityImages();
  // A new src starts the chain again.
  if (failedFor !== null && failedFor !== src) {
    setFailedFor(null);
    setIndex(0);
  }
  const current = failedFor === src ? undefined : candidates[index];

  // The same box, without a request: its picture comes when the app draws the screen.
  if (onlyPriority && rest.fetchPriority !== 'high') {
    return (
      <span role="img" aria-label={alt || undefined} aria-hidden={alt ? undefined : true} className={cn('block', className)} />
    );
  }

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

  // Only the first link of the chain (the transformed URL) comes with its srcset, and its AVIF twin.
  const srcSet =
    index !== 0 ? undefined : responsive ? responsiveSrcSet(src) : fixedWidth !== null ? thumbnailSrcSet(src) : undefined;
  const avifSrcSet =
    srcSet === undefined || avifFailedFor === src ? undefined : responsive ? responsiveAvifSrcSet(src) : thumbnailAvifSrcSet(src);
  const sizesValue = srcSet ? (responsive ? sizes : `${fixedWidth}px`) : undefined;

  const img = (
    <img
      {...rest}
      key={current}
      src={current}
      srcSet={srcSet}
      sizes={sizesValue}
      alt={alt}
      className={className}
      onError={() => {
        // The AVIF went wrong (no such file, or a decoder that fails it): the same widths as WebP.
        if (avifSrcSet) setAvifFailedFor(src);
        else if (index + 1 < candidates.length) setIndex(index + 1);
        else {
          setFailedFor(src);
          onUnavailable?.();
        }
      }}
    />
  );
  if (!avifSrcSet) return img;
  // display: contents, so the <img> lays out as it would without the wrapper.
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={avifSrcSet} sizes={sizesValue} />
      {img}
    </picture>
  );
}
