import { i18n } from '@/lib/i18n';

/**
 * docs/product.md §8: uncaught errors and unhandled rejections append a red box headed 'Global Error:' or
 * 'Unhandled Promise Rejection:' with the message and stack. Plain DOM (no React): it must work
 * when React itself failed. Text only (textContent), never HTML.
 */
const MAX_BOXES = 3;

function container(): HTMLElement {
  let el = document.getElementById('global-errors');
  if (!el) {
    el = document.createElement('div');
    el.id = 'global-errors';
    el.setAttribute('role', 'alert');
    el.style.cssText =
      'position:fixed;left:8px;right:8px;bottom:8px;z-index:2147483647;display:flex;flex-direction:column;gap:8px;max-height:60vh;overflow:auto;';
    document.body.appendChild(el);
  }
  return el;
}

function describe(reason: unknown): { message: string; stack: string } {
  if (reason instanceof Error) return { message: reason.message, stack: reason.stack ?? '' };
  if (typeof reason === 'string') return { message: reason, stack: '' };
  try {
    return { message: JSON.stringify(reason), stack: '' };
  } catch {
    return { message: String(reason), stack: '' };
  }
}

export function showErrorBox(heading: string, reason: unknown): void {
  if (typeof document === 'undefined' || !document.body) return;
  const host = container();
  if (host.childElementCount >= MAX_BOXES) host.firstElementChild?.remove();
  const { message, stack } = describe(reason);
  const box = document.createElement('div');
  box.style.cssText =
    'background:#fef2f2;color:#7f1d1d;border:2px solid #b91c1c;border-radius:12px;padding:12px 48px 12px 12px;font:14px/1.4 system-ui,sans-serif;position:relative;box-shadow:0 4px 12px rgb(0 0 0/.15)';
  const title = document.createElement('strong');
  title.textContent = heading;
  title.style.display = 'block';
  const text = document.createElement('div');
  text.textContent = message;
  text.style.wordBreak = 'break-word';
  box.append(title, text);
  if (stack) {
    const pre = document.createElement('pre');
    pre.textContent = stack;
    pre.style.cssText = 'margin:6px 0 0;white-space:pre-wrap;font-size:12px;max-height:8em;overflow:auto';
    box.append(pre);
  }
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = '×';
  close.setAttribute('aria-label', i18n.t('global.dismiss'));
  close.style.cssText =
    'position:absolute;top:4px;right:4px;width:44px;height:44px;border:0;background:transparent;color:#7f1d1d;font-size:24px;cursor:pointer';
  close.addEventListener('click', () => box.remove());
  box.append(close);
  host.append(box);
}

/** Errors that are noise, not bugs: shown as console warnings only. */
function isBenign(message: string): boolean {
  return (
    /ResizeObserver loop/i.test(message) ||
    // Google sign-in popups under Cross-Origin-Opener-Policy: window.closed is blocked (docs/product.md §8).
    /Cross-Origin-Opener-Policy.*window\.closed/i.test(message) ||
    message === 'Script error.' ||
    // A service worker that cannot register (offline first visit, private mode): the app still works.
    /ServiceWorker/i.test(message)
  );
}

export function installGlobalErrorHandlers(): void {
  window.addEventListener('error', (event) => {
    const message = event.error instanceof Error ? event.error.message : event.message;
    if (isBenign(message ?? '')) {
      console.warn(message);
      return;
    }
    showErrorBox(i18n.t('global.error'), event.error ?? message);
  });
  window.addEventListener('unhandledrejection', (event) => {
    const { message } = describe(event.reason);
    if (isBenign(message)) {
      console.warn(message);
      return;
    }
    showErrorBox(i18n.t('global.rejection'), event.reason);
  });
}
