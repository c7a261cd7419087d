import { imageCandidates } from '@aaspaas/domain';
import { ImageOff } from 'lucide-react';
import { useState, type ImgHTMLAttributes } from 'react';
import { cn } from '@/lib/utils';
import { FEED_IMAGE_SIZES, responsiveSrcSet } from './image-sources';

type SmartImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'onError'> & {
  src: string;
  alt: string;
  /** The 'Image unavailable' text (already translated). */
  unavailableText: string;
  /** Offer the -480 / -1080 WebP variants through srcset. */
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
  const candidates = imageCandidates(src);
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

  const srcSet = responsive && index === 0 ? responsiveSrcSet(src) : undefined;

  return (
    <img
      {...rest}
      key={current}
      src={current}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      className={className}
      onError={() => {
        if (index + 1 < candidates.length) setIndex(index + 1);
        else setFailedFor(src);
      }}
    />
  );
}
