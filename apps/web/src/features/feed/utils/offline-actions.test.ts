import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { flushOfflineActions, pendingOfflineActions, queueOfflineLike, queueOfflineView } from './offline-actions';

afterEach(() => localStorage.clear());

function senders(fail?: (call: string) => unknown) {
  const calls: string[] = [];
  const run = async (call: string) => {
    calls.push(call);
    const error = fail?.(call);
    if (error) throw error;
  };
  return {
    calls,
    send: {
      like: (id: string, like: boolean) => run(`${like ? 'like' : 'unlike'} ${id}`),
      view: (id: string) => run(`view ${id}`),
    },
  };
}

describe('likes and views made offline', () => {
  it('sends each once when the connection is back, the last wish per post, then nothing more', async () => {
    queueOfflineLike('p1', true);
    queueOfflineLike('p2', true);
    queueOfflineLike('p2', false);
    queueOfflineView('p1');
    queueOfflineView('p1');
    expect(pendingOfflineActions()).toBe(3);
    const { calls, send } = senders();
    expect(await flushOfflineActions(send)).toBe(3);
    expect(calls).toEqual(['like p1', 'unlike p2', 'view p1']);
    expect(await flushOfflineActions(send)).toBe(0);
    expect(calls).toHaveLength(3);
  });

  it('keeps what the connection dropped again for the next time, and drops what the server refused', async () => {
    queueOfflineLike('gone', true);
    queueOfflineLike('p1', true);
    queueOfflineView('p2');
    const first = senders((call) =>
      call === 'like gone' ? new ApiError('Post not found', 404) : call === 'view p2' ? new TypeError('Failed to fetch') : null,
    );
    expect(await flushOfflineActions(first.send)).toBe(2);
    expect(pendingOfflineActions()).toBe(1);
    const second = senders();
    expect(await flushOfflineActions(second.send)).toBe(1);
    expect(second.calls).toEqual(['view p2']);
  });

  it('sends once when two flushes start together (the online event and the feed opening)', async () => {
    queueOfflineLike('p1', true);
    const { calls, send } = senders();
    await Promise.all([flushOfflineActions(send), flushOfflineActions(send)]);
    expect(calls).toEqual(['like p1']);
  });
});
