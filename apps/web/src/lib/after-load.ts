/**
 * Run `task` once the page has loaded and the browser is idle: work the first screen doesn't need
 * (prefetches, the toaster's code, translations of other pages) then stays out of the way of the
 * first post's photo (the LCP) and of the first render's main-thread time. Returns a cancel.
 */
export function afterLoad(task: () => void): () => void {
  let cancelled = false;
  let idleId: number | undefined;
  const idle = () => {
    if (cancelled) return;
    idleId = window.requestIdleCallback ? window.requestIdleCallback(task) : window.setTimeout(task, 1000);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', idle);
    if (idleId !== undefined) (window.cancelIdleCallback ?? window.clearTimeout)(idleId);
  };
}
