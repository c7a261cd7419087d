import { useLayoutEffect, useState, type RefObject } from 'react';

export type WindowRange = { start: number; end: number };

/**
 * Hand-made windowing for a list of equal-height rows in the page's own scroll: only the rows in
 * (or near) the viewport are rendered; padding above and below stands in for the others, so the
 * DOM stays small with 10,000 contacts loaded.
 */
export function useWindowRange(
  listRef: RefObject<HTMLElement | null>,
  count: number,
  rowHeight: number,
  overscan = 10,
): WindowRange {
  const [range, setRange] = useState<WindowRange>(() => ({ start: 0, end: Math.min(count, 30) }));

  useLayoutEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const list = listRef.current;
      if (!list) return;
      const top = list.getBoundingClientRect().top;
      const viewport = window.innerHeight || document.documentElement.clientHeight || 800;
      const start = Math.min(count, Math.max(0, Math.floor(-top / rowHeight) - overscan));
      const end = Math.min(count, Math.max(start, Math.ceil((viewport - top) / rowHeight) + overscan));
      setRange((prev) => (prev.start === start && prev.end === end ? prev : { start, end }));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [listRef, count, rowHeight, overscan]);

  return range;
}

/** Row height in pixels for a height given in rem: follows the reader's font size setting. */
export function remToPx(rem: number): number {
  const root = typeof document === 'undefined' ? 16 : parseFloat(getComputedStyle(document.documentElement).fontSize);
  return rem * (Number.isFinite(root) && root > 0 ? root : 16);
}
