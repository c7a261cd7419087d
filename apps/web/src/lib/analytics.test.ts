import type { AnalyticsEvent } from '@aaspaas/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_FLUSH_AT, ANALYTICS_FLUSH_MS, createAnalytics, type AnalyticsTransport } from './analytics';

function transport() {
  const sent: string[][] = [];
  const beaconed: string[][] = [];
  const t: AnalyticsTransport = {
    send: vi.fn(async (events: AnalyticsEvent[]) => void sent.push(events.map((e) => e.name))),
    beacon: vi.fn((events: AnalyticsEvent[]) => (beaconed.push(events.map((e) => e.name)), true)),
  };
  return { t, sent, beaconed };
}

describe('analytics batching (docs/product.md §7 events)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends a batch a few seconds after the first event', async () => {
    const { t, sent } = transport();
    const a = createAnalytics(t);
    a.track('page_view');
    a.track('post_view', { postId: '0b7a4c43-7d0a-4c8e-9a57-5c1f3c7f6a11' });
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS);
    expect(sent).toEqual([['page_view', 'post_view']]);
    expect(a.pending()).toBe(0);
  });

  it('sends at once when 20 events are waiting', async () => {
    const { t, sent } = transport();
    const a = createAnalytics(t);
    for (let i = 0; i < ANALYTICS_FLUSH_AT; i++) a.track('post_view');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toHaveLength(ANALYTICS_FLUSH_AT);
  });

  it('hands what is left to sendBeacon when the page goes away', () => {
    const { t, sent, beaconed } = transport();
    const a = createAnalytics(t);
    a.track('post_share');
    a.flushWithBeacon();
    expect(beaconed).toEqual([['post_share']]);
    expect(sent).toHaveLength(0);
    expect(a.pending()).toBe(0);
  });
});
