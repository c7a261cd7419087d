import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterLoad, firstScreenShown } from './after-load';

describe('afterLoad', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for the first screen as well as the load, then for an idle moment', async () => {
    vi.useFakeTimers();
    expect(document.readyState).toBe('complete');
    const task = vi.fn();
    afterLoad(task);
    await vi.advanceTimersByTimeAsync(5000);
    expect(task).not.toHaveBeenCalled();

    firstScreenShown();
    await vi.advanceTimersByTimeAsync(2000);
    expect(task).toHaveBeenCalledOnce();
  });

  it('marks the first screen once (User Timing, for npm run bench:web), however often it is said', async () => {
    vi.resetModules();
    const fresh = await import('./after-load');
    // The User Timing buffer is the worker's, shared with its other test files (pool 'vmThreads'): count this test's mark only.
    performance.clearMarks(fresh.FIRST_SCREEN_MARK);
    fresh.firstScreenShown();
    fresh.firstScreenShown();
    expect(performance.getEntriesByName(fresh.FIRST_SCREEN_MARK)).toHaveLength(1);
  });

  it('does not run a cancelled task', async () => {
    vi.useFakeTimers();
    firstScreenShown();
    const task = vi.fn();
    const cancel = afterLoad(task);
    cancel();
    await vi.advanceTimersByTimeAsync(2000);
    expect(task).not.toHaveBeenCalled();
  });
});
