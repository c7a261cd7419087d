import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VISITOR_STORAGE_KEY } from '@/config/storage-keys';
import { VIEW_DELAY_MS, VIEW_VISIBLE_RATIO } from '@/config/view-queue';
import { installFakeIntersectionObserver, type FakeIntersectionObservers } from '@/test/fake-intersection-observer';
import { useViewRecorder } from './use-view-recorder';

const BUSINESS = '5d1d2b5a-2b8c-4d4f-8b0a-1c2d3e4f5a6b';
/** A visitor id of the shape the server issues (a UUID and its tag), as the app's page would hold. */
const VISITOR_ID = '0000000a-0000-4000-8000-00000000000a.AAAAAAAAAAAAAAAAAAAAAA';

function Card({ postId }: { postId: string }) {
  const ref = useViewRecorder<HTMLElement>(postId, BUSINESS);
  return <article ref={ref} data-testid={postId} />;
}

let io: FakeIntersectionObservers;
let fetchMock: ReturnType<typeof vi.fn>;
let pageVisibility: DocumentVisibilityState;

/** The POST /api/posts/{id}/view calls made so far (the page's analytics go elsewhere). */
function viewCalls(): string[] {
  return fetchMock.mock.calls
    .map(([url, init]) => [String(url), (init as RequestInit | undefined)?.method] as const)
    .filter(([url, method]) => method === 'POST' && /\/api\/posts\/[^/]+\/view$/.test(url))
    .map(([url]) => url);
}

function setPageVisibility(state: DocumentVisibilityState): void {
  pageVisibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

function renderCard(postId: string): HTMLElement {
  render(<Card postId={postId} />);
  const el = screen.getByTestId(postId);
  expect(io.isObserved(el)).toBe(true);
  return el;
}

describe('useViewRecorder (docs/product.md §4, §9: ≥ 30 % visible, page visible, 500 ms)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    io = installFakeIntersectionObserver();
    fetchMock = vi.fn(async () => Response.json({ success: true, viewsCount: 11 }));
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem(VISITOR_STORAGE_KEY, VISITOR_ID);
    pageVisibility = 'visible';
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => pageVisibility });
  });

  afterEach(async () => {
    // Let the shared view queue and the analytics batch finish with these timers.
    await vi.runAllTimersAsync();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(document, 'visibilityState');
  });

  it('watches for the 30 % threshold', () => {
    renderCard('post-threshold');
    const observer = io.observers.find((o) => o.targets.size > 0);
    expect(observer?.thresholds).toContain(VIEW_VISIBLE_RATIO);
  });

  it('records a view once the post has been at least 30 % visible for 500 ms', async () => {
    const el = renderCard('post-a');
    io.enter(el, VIEW_VISIBLE_RATIO);
    await vi.advanceTimersByTimeAsync(VIEW_DELAY_MS - 1);
    expect(viewCalls()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(viewCalls()).toEqual(['/api/posts/post-a/view']);
    const body = JSON.parse(String((fetchMock.mock.calls.find(([u]) => String(u).endsWith('/view'))?.[1] as RequestInit).body));
    expect(body).toMatchObject({ anonId: VISITOR_ID, ts: expect.any(Number) });
  });

  it('does not record a post that is less than 30 % visible', async () => {
    const el = renderCard('post-b');
    io.enter(el, VIEW_VISIBLE_RATIO - 0.01);
    await vi.advanceTimersByTimeAsync(VIEW_DELAY_MS * 10);
    expect(viewCalls()).toEqual([]);
  });

  it('cancels when the post leaves the view before 500 ms, and counts afresh when it comes back', async () => {
    const el = renderCard('post-c');
    io.enter(el, 1);
    await vi.advanceTimersByTimeAsync(VIEW_DELAY_MS - 1);
    io.leave(el);
    await vi.advanceTimersByTimeAsync(VIEW_DELAY_MS * 10);
    expect(viewCalls()).toEqual([]);

    io.enter(el, 1);
    await vi.advanceTimersByTimeAsync(VIEW_DELAY_MS - 1);
    expect(viewCalls()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(viewCalls()).toEqual(['/api/posts/post-c/view']);
  });

  it('starts the 500 ms again when the post comes straight back', async () => {
    const el = renderCard('post-h');
    io.enter(el, 1);
    await vi.advanceTimersByTimeAsync(VIEW_DELAY_MS - 100);
    io.leave(el);
    await vi.advanceTimersByTimeAsync(50);
    io.enter(el, 1);
    // The first 500 ms are over, but the post has been back for 60 ms only.
    await vi.advanceTimersByTimeAsync(60);
    expect(viewCalls()).toEqual([]);
    await vi.advanceTimersByTimeAsync(VIEW_DELAY_MS - 61);
    expect(viewCalls()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(viewCalls()).toEqual(['/api/posts/post-h/view']);
  });

  it('cancels when it drops below 30 % before 500 ms', async () => {
    const el = renderCard('post-d');
    io.enter(el, 1);
    await vi.advanceTimersByTimeAsync(VIEW_DELAY_MS / 2);
    io.enter(el, VIEW_VISIBLE_RATIO / 2);
    await vi.advanceTimersByTimeAsync(VIEW_DELAY_MS * 10);
    expect(viewCalls()).toEqual([]);
  });

  it('waits while the page is hidden, and counts 500 ms after it is visible again', async () => {
    setPageVisibility('hidden');
    const el = renderCard('post-e');
    io.enter(el, 1);
    await vi.advanceTimersByTimeAsync(VIEW_DELAY_MS * 10);
    expect(viewCalls()).toEqual([]);

    setPageVisibility('visible');
    await vi.advanceTimersByTimeAsync(VIEW_DELAY_MS - 1);
    expect(viewCalls()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(viewCalls()).toEqual(['/api/posts/post-e/view']);
  });

  it('cancels when the page is hidden before 500 ms', async () => {
    const el = renderCard('post-f');
    io.enter(el, 1);
    await vi.advanceTimersByTimeAsync(VIEW_DELAY_MS / 2);
    setPageVisibility('hidden');
    await vi.advanceTimersByTimeAsync(VIEW_DELAY_MS * 10);
    expect(viewCalls()).toEqual([]);
  });

  it('records a post once, however often it comes back into view', async () => {
    const el = renderCard('post-g');
    io.enter(el, 1);
    await vi.advanceTimersByTimeAsync(VIEW_DELAY_MS);
    io.leave(el);
    io.enter(el, 1);
    await vi.advanceTimersByTimeAsync(VIEW_DELAY_MS * 10);
    expect(viewCalls()).toEqual(['/api/posts/post-g/view']);
  });
});
