import { lazy, Suspense, useSyncExternalStore } from 'react';

const FeedAside = lazy(() => import('./feed-aside').then((module) => ({ default: module.FeedAside })));

/** Tailwind's `lg`: the width from which the public layout shows its side panel. */
const WIDE_SCREEN = '(min-width: 64rem)';

function subscribe(onChange: () => void): () => void {
  // Browsers (and test stubs) without a change event on the query: the width read once.
  const query = window.matchMedia?.(WIDE_SCREEN);
  query?.addEventListener?.('change', onChange);
  return () => query?.removeEventListener?.('change', onChange);
}

const isWide = () => window.matchMedia?.(WIDE_SCREEN).matches ?? false;

/**
 * The feed's side panel, loaded only on a screen wide enough to show it: a phone's first load does not
 * carry it (the first-load budget, docs/performance.md). The server's first screen draws it as is.
 */
export function WideScreenAside() {
  const wide = useSyncExternalStore(subscribe, isWide, () => false);
  return wide ? (
    <Suspense fallback={null}>
      <FeedAside />
    </Suspense>
  ) : null;
}
