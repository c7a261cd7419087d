import type { Post } from '@aaspaas/domain';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SmartImage } from '@/components/ui/smart-image';
import { cn } from '@/lib/utils';

/**
 * A post's photos: one full-width 4:3 frame per photo in a swipeable strip (scroll snap, no JS
 * carousel); tapping one opens the full-screen viewer. Fixed aspect ratio: no layout shift.
 */
export function PostImages({
  post,
  priority,
  onOpen,
  className,
}: {
  post: Post;
  priority: boolean;
  /** Tapping a photo: its index and the button, which gets the focus back when the viewer closes. */
  onOpen: (index: number, trigger: HTMLElement) => void;
  className?: string;
}) {
  const { t } = useTranslation('feed');
  const [current, setCurrent] = useState(0);
  const total = post.images.length;
  // A photo that cannot be shown shrinks to a one-line placeholder instead of an empty 4:3 frame.
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const allFailed = total > 0 && post.images.every((url) => failed.has(url));
  const strip = useRef<HTMLDivElement>(null);

  return (
    <div className={cn('relative', className)}>
      <div
        ref={strip}
        className="flex snap-x snap-mandatory overflow-x-auto [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
        onScroll={(e) => {
          const el = e.currentTarget;
          setCurrent(Math.round(el.scrollLeft / Math.max(1, el.clientWidth)));
        }}
      >
        {post.images.map((url, i) => (
          <button
            key={`${url}-${i}`}
            type="button"
            onClick={(e) => onOpen(i, e.currentTarget)}
            aria-label={t('post.openImage', { index: i + 1, count: total })}
            className={cn('relative w-full shrink-0 snap-center bg-muted', allFailed ? 'h-12' : 'aspect-[4/3]')}
            data-unavailable={failed.has(url) || undefined}
          >
            <SmartImage
              src={url}
              alt={t('post.imageAlt', { index: i + 1, count: total, name: post.businessName })}
              unavailableText={t('post.imageUnavailable')}
              width={640}
              height={480}
              loading={priority && i === 0 ? 'eager' : 'lazy'}
              fetchPriority={priority && i === 0 ? 'high' : undefined}
              decoding="async"
              className="absolute inset-0 size-full object-cover"
              fallbackClassName={cn('absolute inset-0 size-full bg-muted text-muted-foreground', allFailed && 'flex-row! gap-2!')}
              onUnavailable={() => setFailed((s) => new Set(s).add(url))}
            />
          </button>
        ))}
      </div>
      {total > 1 ? (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-2 right-2 rounded-full bg-black/65 px-2.5 py-1 text-xs font-semibold text-white"
        >
          {t('post.photoCount', { current: Math.min(current + 1, total), total })}
        </span>
      ) : null}
    </div>
  );
}
