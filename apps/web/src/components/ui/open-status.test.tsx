import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OpenStatus } from './open-status';

/** An instant written in India time. */
const ist = (local: string) => new Date(`${local}+05:30`).toISOString();

describe('<OpenStatus> (docs/product.md §3, Opening hours)', () => {
  afterEach(() => vi.useRealTimers());
  const at = (local: string) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(ist(local)));
  };

  it.each([
    [true, '2026-11-30T12:00', '2026-11-30T22:00', 'Open now · Closes at 10 pm'],
    [true, '2026-11-30T21:30', '2026-11-30T22:00', 'Open now · Closes in 30 min'],
    [false, '2026-11-30T14:00', '2026-11-30T16:30', 'Closed · Opens at 4:30 pm'],
    [false, '2026-11-30T22:30', '2026-12-01T07:00', 'Closed · Opens tomorrow at 7 am'],
    [false, '2026-11-30T22:30', '2026-12-03T09:00', 'Closed · Opens Thu at 9 am'],
    [true, '2026-11-30T22:30', null, 'Open now'],
  ])('open %s at %s, changing at %s: "%s", with a clock', (openNow, now, changesAt, text) => {
    at(now);
    render(<OpenStatus openNow={openNow} changesAt={changesAt ? ist(changesAt) : null} />);
    const status = screen.getByTestId('open-status');
    expect(status.textContent).toBe(text);
    expect(status.querySelector('svg')).not.toBeNull();
  });

  it('draws nothing when the hours are unknown', () => {
    const { container } = render(<OpenStatus openNow={null} changesAt={null} />);
    expect(container.innerHTML).toBe('');
  });
});
