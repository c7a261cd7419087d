import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  hasServerFirstScreen,
  noteServerFirstScreen,
  serverFirstPhoto,
  splashShownForMs,
  startAfterFirstScreen,
} from './server-first-screen';

afterEach(() => {
  document.body.replaceChildren();
  vi.useRealTimers();
});

function rootWith(html: string): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = html;
  document.body.append(root);
  return root;
}

describe("the server's first screen in #root", () => {
  it('an empty #root has none: the app starts at once and the splash gets its whole time', () => {
    const root = rootWith('');
    expect(hasServerFirstScreen(root)).toBe(false);
    const start = vi.fn();
    startAfterFirstScreen(start);
    expect(start).toHaveBeenCalledOnce();
    expect(noteServerFirstScreen(root)).toBe(false);
    expect(splashShownForMs()).toBe(0);
  });

  it('the app starts after the next paint once the first photo is decoded, or after a second without it', async () => {
    vi.useFakeTimers();
    rootWith('<div><img fetchpriority="high" src="/media/a-720.webp"></div>');
    const photo = document.querySelector('img') as HTMLImageElement;
    let decoded: () => void = () => undefined;
    photo.decode = () => new Promise<void>((resolve) => (decoded = resolve));
    const start = vi.fn();
    startAfterFirstScreen(start);
    await vi.advanceTimersByTimeAsync(500);
    expect(start, 'waits for the photo').not.toHaveBeenCalled();
    decoded();
    await vi.advanceTimersByTimeAsync(50);
    expect(start, 'a frame after the photo').toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(2000);
    expect(start, 'once').toHaveBeenCalledOnce();

    document.body.replaceChildren();
    rootWith('<div><img fetchpriority="high" src="/media/b-720.webp"></div>');
    (document.querySelector('img') as HTMLImageElement).decode = () => new Promise<void>(() => undefined);
    const late = vi.fn();
    startAfterFirstScreen(late);
    await vi.advanceTimersByTimeAsync(999);
    expect(late).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(late, 'a photo that never comes does not hold the app').toHaveBeenCalledOnce();
  });

  it('names the photo it asks for first, so the app does not preload it again', () => {
    rootWith('<div><img src="/media/a-480.webp"><img fetchpriority="high" src="/media/b-480.webp"></div>');
    expect(serverFirstPhoto()).toBe('/media/b-480.webp');
    document.body.replaceChildren();
    rootWith('');
    expect(serverFirstPhoto()).toBeNull();
  });

  it('stays until the app replaces it, and the splash counts the time it has shown', async () => {
    const root = rootWith('<div data-testid="splash">Loading your local business feed...</div>');
    expect(noteServerFirstScreen(root)).toBe(true);
    expect(root.childNodes, 'React clears it when it commits its own').toHaveLength(1);
    await new Promise((r) => setTimeout(r, 30));
    expect(splashShownForMs()).toBeGreaterThanOrEqual(25);
  });
});
