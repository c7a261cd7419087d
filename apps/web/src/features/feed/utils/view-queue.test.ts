import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VIEW_QUEUE_SPACING_MS } from '@/config/view-queue';
import { createViewQueue } from './view-queue';

describe('view queue (docs/product.md §4: once per session per post, calls 350 ms apart)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the first view at once and the next ones spaced by VIEW_QUEUE_SPACING_MS', () => {
    const sent: Array<[string, number]> = [];
    const queue = createViewQueue(async (id) => void sent.push([id, Date.now()]));
    const start = Date.now();
    expect(queue.enqueue('a')).toBe(true);
    expect(queue.enqueue('b')).toBe(true);
    expect(queue.enqueue('c')).toBe(true);
    expect(sent.map(([id]) => id)).toEqual(['a']);

    vi.advanceTimersByTime(VIEW_QUEUE_SPACING_MS - 1);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sent.map(([id]) => id)).toEqual(['a', 'b']);
    vi.advanceTimersByTime(VIEW_QUEUE_SPACING_MS);
    expect(sent.map(([id, t]) => [id, t - start])).toEqual([
      ['a', 0],
      ['b', VIEW_QUEUE_SPACING_MS],
      ['c', 2 * VIEW_QUEUE_SPACING_MS],
    ]);
  });

  it('counts a post once per session, even across queues (sessionStorage)', () => {
    const send = vi.fn(async () => undefined);
    const first = createViewQueue(send);
    expect(first.enqueue('p1')).toBe(true);
    expect(first.enqueue('p1')).toBe(false);
    const second = createViewQueue(send);
    expect(second.enqueue('p1')).toBe(false);
    vi.runAllTimers();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('keeps going after a failed call', async () => {
    const send = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const queue = createViewQueue(send);
    queue.enqueue('x');
    queue.enqueue('y');
    await vi.runAllTimersAsync();
    expect(send.mock.calls.map(([id]) => id)).toEqual(['x', 'y']);
  });
});
