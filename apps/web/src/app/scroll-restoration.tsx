import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, type Location } from 'react-router';

/**
 * Scroll positions as react-router's data router kept them (ADR 056: the app uses its declarative
 * router, which has none): every location's position is remembered while it is shown and kept in
 * sessionStorage over a reload; a location shown again (back, forward, reload) returns to it; a new
 * one starts at its #hash or at the top, unless its navigation asked to keep the scroll (`state:
 * { keepScroll: true }`, e.g. a filter changed in place). A `null` key is never remembered.
 */
const STORAGE_KEY = 'aaspaas-scroll-positions';

type Positions = Record<string, number>;

function readPositions(): Positions {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return saved && typeof saved === 'object' ? (saved as Positions) : {};
  } catch {
    return {};
  }
}

/** How long a restored position waits for its page to grow tall enough (cards drawn a few at a time). */
const RESTORE_WAIT_MS = 3000;

/**
 * Scrolls to y; when the page is not yet that tall (the feed draws its cards a few per step, ADR 054),
 * again each time it grows, until it is there, the visitor scrolls or taps, or RESTORE_WAIT_MS passed.
 * Returns the way to stop waiting.
 */
function scrollToWhenTall(y: number): () => void {
  window.scrollTo(0, y);
  if (Math.abs(window.scrollY - y) < 2 || typeof ResizeObserver === 'undefined') return () => undefined;
  const grown = new ResizeObserver(() => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) < 2) stop();
  });
  const inputs = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
  const timer = setTimeout(() => stop(), RESTORE_WAIT_MS);
  function stop() {
    grown.disconnect();
    clearTimeout(timer);
    for (const input of inputs) window.removeEventListener(input, stop);
  }
  grown.observe(document.body);
  for (const input of inputs) window.addEventListener(input, stop, { passive: true });
  return stop;
}

const keepsScroll = (location: Location) => (location.state as { keepScroll?: unknown } | null)?.keepScroll === true;

export function ScrollRestoration({ getKey }: { getKey: (location: Location) => string | null }) {
  const location = useLocation();
  const positions = useRef<Positions | null>(null);
  // The key of the location on screen: a scroll is remembered for it until the next one commits.
  const shown = useRef<string | null>(null);

  useEffect(() => {
    const saved = (positions.current ??= readPositions());
    const manual = () => (window.history.scrollRestoration = 'manual');
    const remember = () => {
      if (shown.current !== null) saved[shown.current] = window.scrollY;
    };
    const keep = () => {
      remember();
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(saved));
      } catch {
        // Storage full or blocked: positions are kept for this page's life only.
      }
      window.history.scrollRestoration = 'auto';
    };
    const shownAgain = (event: PageTransitionEvent) => event.persisted && manual();
    manual();
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', keep);
    window.addEventListener('pageshow', shownAgain);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', keep);
      window.removeEventListener('pageshow', shownAgain);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  // Before the browser paints the new location: no frame at the old position.
  useLayoutEffect(() => {
    const saved = (positions.current ??= readPositions());
    const key = getKey(location);
    shown.current = key;
    const y = key === null ? undefined : saved[key];
    if (typeof y === 'number') return scrollToWhenTall(y);
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    if (!keepsScroll(location)) window.scrollTo(0, 0);
  }, [location, getKey]);

  return null;
}
