import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VISITOR_STORAGE_KEY } from '@/config/storage-keys';
import { pendingOfflineActions, queueOfflineLike } from '../utils/offline-actions';
import { OFFLINE_SYNC_RETRY_MS, useOfflineSync } from './use-offline-sync';

const POST = '5d1d2b5a-2b8c-4d4f-8b0a-1c2d3e4f5a6b';
const VISITOR_ID = '0000000a-0000-4000-8000-00000000000a.AAAAAAAAAAAAAAAAAAAAAA';

let fetchMock: ReturnType<typeof vi.fn>;
/** The POST /api/posts/{id}/like calls made so far. */
const likeCalls = () =>
  fetchMock.mock.calls.filter(
    ([url, init]) => /\/like$/.test(String(url)) && (init as RequestInit | undefined)?.method === 'POST',
  );

describe('useOfflineSync: likes made offline reach the server', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    localStorage.setItem(VISITOR_STORAGE_KEY, VISITOR_ID);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('tries again while a like still waits, though no second online event comes', async () => {
    // The first request after the connection came back finds no network; the next one gets through.
    fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockImplementation(async () => Response.json({ success: true, liked: true, likesCount: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    queueOfflineLike(POST, true);
    const { unmount } = renderHook(() => useOfflineSync());
    await vi.advanceTimersByTimeAsync(0);
    expect(likeCalls()).toHaveLength(1);
    expect(pendingOfflineActions()).toBe(1);
    await vi.advanceTimersByTimeAsync(OFFLINE_SYNC_RETRY_MS[0] - 1);
    expect(likeCalls()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(likeCalls()).toHaveLength(2);
    expect(pendingOfflineActions()).toBe(0);
    // Sent once: nothing more is tried.
    await vi.advanceTimersByTimeAsync(OFFLINE_SYNC_RETRY_MS.at(-1)! * 2);
    expect(likeCalls()).toHaveLength(2);
    unmount();
  });

  it('stops trying when the feed closes', async () => {
    fetchMock = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetchMock);
    queueOfflineLike(POST, true);
    const { unmount } = renderHook(() => useOfflineSync());
    await vi.advanceTimersByTimeAsync(0);
    expect(likeCalls()).toHaveLength(1);
    unmount();
    await vi.advanceTimersByTimeAsync(OFFLINE_SYNC_RETRY_MS.at(-1)! * 2);
    expect(likeCalls()).toHaveLength(1);
    expect(pendingOfflineActions()).toBe(1);
  });
});
