/** How long afterLoad waits for the first screen at most, should a page never say it is shown. */
const FIRST_SCREEN_WAIT_MS = 10_000;

/** The User Timing mark of the app's first screen. */
export const FIRST_SCREEN_MARK = 'aaspaas:first-screen';
let firstScreenMarked = false;
let markFirstScreen: () => void = () => undefined;
const firstScreen = new Promise<void>((resolve) => {
  markFirstScreen = resolve;
});

/**
 * The page's first content is on screen (the feed's first posts or its empty or error state, any
 * other page's first render): what waits in afterLoad may start. Called once or more; the first counts.
 */
export function firstScreenShown(): void {
  if (!firstScreenMarked) {
    firstScreenMarked = true;
    // A User Timing mark: npm run bench:web (and any RUM) reads when the app's first screen was drawn.
    performance.mark?.(FIRST_SCREEN_MARK);
  }
  markFirstScreen();
}

/** Resolves when the first screen is shown, or after FIRST_SCREEN_WAIT_MS should no page say so. */
export function firstScreenDrawn(): Promise<void> {
  return Promise.race([firstScreen, new Promise<void>((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS))]);
}

/**
 * Run `task` once the page has loaded, its first content is on screen and the browser is idle:
 * work the first screen doesn't need (prefetches, the toaster's code, translations of other pages)
 * then stays out of the way of the first post's photo (the LCP) and of the first render's
 * main-thread time. The load event alone is not enough: when the feed's first page comes in the
 * HTML, the page has loaded before the app has drawn it. Returns a cancel.
 */
export function afterLoad(task: () => void): () => void {
  let cancelled = false;
  let idleId: number | undefined;
  const idle = () => {
    if (cancelled) return;
    idleId = window.requestIdleCallback ? window.requestIdleCallback(task) : window.setTimeout(task, 1000);
  };
  const shown = () => {
    if (cancelled) return;
    void Promise.race([firstScreen, new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS))]).then(idle);
  };
  if (document.readyState === 'complete') shown();
  else window.addEventListener('load', shown, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', shown);
    if (idleId !== undefined) (window.cancelIdleCallback ?? window.clearTimeout)(idleId);
  };
}
