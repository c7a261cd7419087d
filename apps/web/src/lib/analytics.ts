import { ANALYTICS_BATCH_MAX, type AnalyticsEvent, type AnalyticsEventName } from '@aaspaas/domain';
import { buildUrl } from './api-client';
import { getVisitorId } from './visitor-id';

/**
 * Analytics events of docs/product.md §7 (page_view, post_like, post_view, post_share, post_whatsapp,
 * business_view_open, feed_engagement), batched: POST /api/events every few seconds or at
 * 20 events; on pagehide / hidden the rest goes with navigator.sendBeacon (which carries the
 * visitor cookie, since it cannot set the X-Visitor-Id header), so nothing is lost.
 */
export const ANALYTICS_FLUSH_MS = 5000;
export const ANALYTICS_FLUSH_AT = 20;
const EVENTS_PATH = '/api/events';

type TrackData = Omit<AnalyticsEvent, 'name' | 'ts'>;

export type AnalyticsTransport = {
  send: (events: AnalyticsEvent[]) => Promise<void>;
  beacon: (events: AnalyticsEvent[]) => boolean;
};

const defaultTransport: AnalyticsTransport = {
  async send(events) {
    const visitorId = getVisitorId();
    await fetch(buildUrl(EVENTS_PATH), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(visitorId ? { 'x-visitor-id': visitorId } : {}) },
      body: JSON.stringify({ events }),
      keepalive: true,
      credentials: 'same-origin',
    });
  },
  beacon(events) {
    if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
    const blob = new Blob([JSON.stringify({ events })], { type: 'application/json' });
    return navigator.sendBeacon(buildUrl(EVENTS_PATH), blob);
  },
};

export function createAnalytics(transport: AnalyticsTransport = defaultTransport) {
  let queue: AnalyticsEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  function take(): AnalyticsEvent[] {
    const batch = queue.slice(0, ANALYTICS_BATCH_MAX);
    queue = queue.slice(batch.length);
    return batch;
  }

  async function flush(): Promise<void> {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    while (queue.length > 0) {
      const batch = take();
      try {
        await transport.send(batch);
      } catch {
        // Offline or refused: analytics are best-effort, keep nothing to retry forever.
        return;
      }
    }
  }

  function flushWithBeacon(): void {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    while (queue.length > 0) {
      const batch = take();
      if (!transport.beacon(batch)) void transport.send(batch).catch(() => undefined);
    }
  }

  function track(name: AnalyticsEventName, data: TrackData = {}): void {
    const event: AnalyticsEvent = { name, ts: Date.now(), ...data };
    if (!event.path && typeof location !== 'undefined') event.path = location.pathname.slice(0, 300);
    queue.push(event);
    if (queue.length >= ANALYTICS_FLUSH_AT) void flush();
    else timer ??= setTimeout(() => void flush(), ANALYTICS_FLUSH_MS);
  }

  function pending(): number {
    return queue.length;
  }

  return { track, flush, flushWithBeacon, pending };
}

export const analytics = createAnalytics();

let installed = false;
/** Flush with sendBeacon when the page is hidden or left. */
export function installAnalyticsFlush(engagement?: () => TrackData | null): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  // pagehide and visibilitychange→hidden often both fire: one engagement event per time away.
  let away = false;
  const leave = () => {
    if (!away) {
      away = true;
      const data = engagement?.();
      if (data) analytics.track('feed_engagement', data);
    }
    analytics.flushWithBeacon();
  };
  window.addEventListener('pagehide', leave);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') leave();
    else away = false;
  });
}
