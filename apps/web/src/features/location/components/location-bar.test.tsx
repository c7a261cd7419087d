import type { SavedLocation } from '@aaspaas/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCATION_BAR_BLINK_MS } from '@/config/ui-timings';
import { LocationBar } from './location-bar';

const nothing = () => undefined;

function renderBar(location: SavedLocation | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  return render(
    <QueryClientProvider client={client}>
      <LocationBar location={location} locating={false} error={null} onUseMyLocation={nothing} onChange={nothing} />
    </QueryClientProvider>,
  );
}

const at = (source: SavedLocation['source'], label: string): SavedLocation => ({
  lat: 18.52,
  lon: 73.85,
  source,
  timestamp: Date.now(),
  label,
});

// happy-dom rejects a cancelled animation's promise where browsers mark it handled: the tests ask
// for reduced motion, so the bar glows without animating (its blink timer is the same).
beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('<LocationBar>', () => {
  it("always asks 'Show business posts from my area' (docs/product.md §2), with the place in use under it", () => {
    const { unmount } = renderBar(null);
    const bar = screen.getByRole('region', { name: 'Your location' });
    expect(bar.textContent).toContain('Show business posts from my area');
    expect(screen.queryByTestId('location-label')).toBeNull();
    expect(screen.getByRole('button', { name: 'Use my location' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change' })).toBeTruthy();
    unmount();

    renderBar(at('ip', 'Pune'));
    expect(screen.getByRole('region', { name: 'Your location' }).textContent).toContain('Show business posts from my area');
    expect(screen.getByTestId('location-label').textContent).toBe('Near Pune (approximate)');
  });

  it('names a place chosen with Change as the posts’ place', () => {
    renderBar(at('manual', 'Koramangala, Bengaluru'));
    expect(screen.getByTestId('location-label').textContent).toBe('Posts near Koramangala, Bengaluru');
  });

  it(`blinks for ${LOCATION_BAR_BLINK_MS / 1000} s, then stops`, () => {
    vi.useFakeTimers();
    const { container } = renderBar(null);
    const glow = () => container.querySelector('section > span[aria-hidden="true"]');
    expect(glow()).not.toBeNull();
    act(() => vi.advanceTimersByTime(LOCATION_BAR_BLINK_MS - 100));
    expect(glow()).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(glow()).toBeNull();
  });
});
