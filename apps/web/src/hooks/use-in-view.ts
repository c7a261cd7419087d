import { useEffect, useRef, type RefObject } from 'react';

/**
 * Calls `onEnter` when the element comes within `rootMargin` of the viewport
 * (infinite scroll sentinel). Does nothing where IntersectionObserver is missing:
 * the 'Load More Posts' button stays as the way forward.
 */
export function useOnInView<T extends Element>(
  onEnter: () => void,
  { enabled = true, rootMargin = '600px 0px' }: { enabled?: boolean; rootMargin?: string } = {},
): RefObject<T | null> {
  const ref = useRef<T | null>(null);
  const callback = useRef(onEnter);
  useEffect(() => {
    callback.current = onEnter;
  });
  useEffect(() => {
    const el = ref.current;
    if (!enabled || !el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) callback.current();
      },
      { rootMargin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [enabled, rootMargin]);
  return ref;
}
