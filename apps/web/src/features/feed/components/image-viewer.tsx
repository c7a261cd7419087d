import * as DialogPrimitive from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SmartImage } from '@/components/ui/smart-image';
import { SWIPE_THRESHOLD_PX } from '@/config/ui-timings';
import { cn } from '@/lib/utils';

type ImageViewerProps = {
  images: string[];
  startIndex: number;
  businessName: string;
  onClose: () => void;
  /** Puts the focus back on the photo that opened the viewer, when it closes. */
  restoreFocus?: () => void;
};

/**
 * Full-screen photo viewer (docs/product.md §2): previous/next, dots, a '2 / 3' counter, swipe of 50 px,
 * arrow keys; Escape closes and focus goes back to the photo that opened it (Radix dialog).
 */
export default function ImageViewer({ images, startIndex, businessName, onClose, restoreFocus }: ImageViewerProps) {
  const { t } = useTranslation('dialogs');
  const { t: tFeed } = useTranslation('feed');
  const total = images.length;
  const [index, setIndex] = useState(() => Math.min(Math.max(0, startIndex), total - 1));
  const start = useRef<{ x: number; y: number } | null>(null);

  const go = (delta: number) => setIndex((i) => Math.min(total - 1, Math.max(0, i + delta)));

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') {
      e.preventDefault();
      go(-1);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      go(1);
    }
  };

  const onPointerDown = (e: PointerEvent) => {
    start.current = { x: e.clientX, y: e.clientY };
  };
  const onPointerUp = (e: PointerEvent) => {
    const s = start.current;
    start.current = null;
    if (!s) return;
    const dx = e.clientX - s.x;
    const dy = e.clientY - s.y;
    if (Math.abs(dx) >= SWIPE_THRESHOLD_PX && Math.abs(dx) > Math.abs(dy)) go(dx < 0 ? 1 : -1);
  };

  const url = images[index];
  const navButton =
    'absolute top-1/2 z-10 inline-flex size-12 -translate-y-1/2 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80 disabled:opacity-30';

  return (
    <DialogPrimitive.Root open onOpenChange={(open) => !open && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black" />
        <DialogPrimitive.Content
          data-testid="image-viewer"
          onKeyDown={onKeyDown}
          // Radix returns focus to a Dialog.Trigger; this dialog is opened by the card, not a trigger.
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            restoreFocus?.();
          }}
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex flex-col text-white focus:outline-none"
        >
          <DialogPrimitive.Title className="sr-only">
            {t('viewer.label')}: {businessName}
          </DialogPrimitive.Title>
          <div className="flex items-center justify-between px-2 pt-[max(0.5rem,env(safe-area-inset-top))]">
            <p className="px-3 text-base font-semibold tabular-nums" aria-live="polite" data-testid="image-viewer-counter">
              {t('viewer.counter', { current: index + 1, total })}
            </p>
            <DialogPrimitive.Close
              aria-label={t('viewer.close')}
              className="inline-flex size-12 items-center justify-center rounded-full hover:bg-white/15"
            >
              <X className="size-7" aria-hidden="true" />
            </DialogPrimitive.Close>
          </div>
          <div
            className="relative flex min-h-0 flex-1 touch-pan-y items-center justify-center select-none"
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onPointerCancel={() => (start.current = null)}
          >
            {url ? (
              <SmartImage
                key={url}
                src={url}
                alt={tFeed('post.imageAlt', { index: index + 1, count: total, name: businessName })}
                unavailableText={tFeed('post.imageUnavailable')}
                sizes="100vw"
                draggable={false}
                className="max-h-full max-w-full object-contain"
                fallbackClassName="h-64 w-full max-w-md rounded-xl bg-white/10 text-white"
              />
            ) : null}
            {total > 1 ? (
              <>
                <button
                  type="button"
                  onClick={() => go(-1)}
                  disabled={index === 0}
                  aria-label={t('viewer.previous')}
                  className={cn(navButton, 'left-2')}
                >
                  <ChevronLeft className="size-7" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  onClick={() => go(1)}
                  disabled={index === total - 1}
                  aria-label={t('viewer.next')}
                  className={cn(navButton, 'right-2')}
                >
                  <ChevronRight className="size-7" aria-hidden="true" />
                </button>
              </>
            ) : null}
          </div>
          {total > 1 ? (
            <div className="flex justify-center pb-[max(0.75rem,env(safe-area-inset-bottom))]">
              {images.map((u, i) => (
                <button
                  key={`${u}-${i}`}
                  type="button"
                  onClick={() => setIndex(i)}
                  aria-label={t('viewer.goTo', { index: i + 1 })}
                  aria-current={i === index ? 'true' : undefined}
                  className="inline-flex size-11 items-center justify-center"
                >
                  <span
                    aria-hidden="true"
                    className={cn('block size-2.5 rounded-full', i === index ? 'bg-white' : 'bg-white/40')}
                  />
                </button>
              ))}
            </div>
          ) : null}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
