/**
 * The feed's HTML comes with its first screen drawn by the server (ADR 009): the frame, the first
 * cards and the splash, inside #root. The app's first render replaces it when React commits, so no
 * frame without it is painted; the splash, on screen since the first paint, counts that time.
 */
let shownSince: number | null = null;

/** Whether #root holds the server's first screen (main.tsx: its first photo is already asked for). */
export function hasServerFirstScreen(root: HTMLElement | null = document.getElementById('root')): boolean {
  return Boolean(root?.hasChildNodes());
}

/** The URL of the photo the server's first screen asks for first (its first card's), if any. */
export function serverFirstPhoto(): string | null {
  return document.querySelector('#root img[fetchpriority="high"]')?.getAttribute('src') ?? null;
}

/**
 * Before the app's first render: whether #root holds the server's first screen, noting since when
 * its splash has shown. The screen stays in #root until React commits the app's first render, which
 * clears the container it is given (app/index.tsx, ADR 054).
 */
export function noteServerFirstScreen(root: HTMLElement): boolean {
  if (!hasServerFirstScreen(root)) return false;
  const firstPaint = performance.getEntriesByName?.('first-contentful-paint')[0];
  // Without paint timing (or a page opened in the background) the splash gets its whole time again.
  shownSince = firstPaint ? firstPaint.startTime : performance.now();
  return true;
}

/** How long the splash has been on screen before the app drew it: 0 without a server first screen. */
export function splashShownForMs(): number {
  return shownSince === null ? 0 : Math.max(0, performance.now() - shownSince);
}

/** How long the app's start waits for the first screen's photo before it goes on without it. */
const FIRST_PHOTO_WAIT_MS = 1000;

/**
 * Run `start` (the app's code: ~1.3 s of evaluation on a slow phone) once the server's first screen
 * and its first photo have been painted, not before: evaluated first, it would hold that paint back
 * whenever the code arrives before the photo (a fast network, a cached app). Without a first
 * screen, at once. The photo gets at most FIRST_PHOTO_WAIT_MS; the splash covers the wait.
 */
export function startAfterFirstScreen(start: () => void): void {
  if (!hasServerFirstScreen()) {
    start();
    return;
  }
  let started = false;
  const afterNextPaint = () => {
    if (started) return;
    started = true;
    // A task after the next frame's callbacks: after that frame is painted.
    requestAnimationFrame(() => setTimeout(start, 0));
  };
  const photo = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');
  if (!photo || typeof photo.decode !== 'function') {
    afterNextPaint();
    return;
  }
  photo.decode().then(afterNextPaint, afterNextPaint);
  setTimeout(afterNextPaint, FIRST_PHOTO_WAIT_MS);
}
