import { describe, expect, it } from 'vitest';
import { windowStartFor } from './send-window';

const ist = (local: string) => new Date(`${local}+05:30`);

describe('windowStartFor', () => {
  it('keeps a time inside 10:00–21:00 India time', () => {
    expect(windowStartFor(ist('2026-11-25T10:00:00'))).toEqual(ist('2026-11-25T10:00:00'));
    expect(windowStartFor(ist('2026-11-25T20:59:59'))).toEqual(ist('2026-11-25T20:59:59'));
  });

  it('moves 21:30 to the next 10:00 and 07:00 to the same day’s 10:00', () => {
    expect(windowStartFor(ist('2026-11-25T21:30:00'))).toEqual(ist('2026-11-26T10:00:00'));
    expect(windowStartFor(ist('2026-11-25T21:00:00'))).toEqual(ist('2026-11-26T10:00:00'));
    expect(windowStartFor(ist('2026-11-26T07:00:00'))).toEqual(ist('2026-11-26T10:00:00'));
    // 02:00 in India is still the previous day in UTC.
    expect(windowStartFor(ist('2026-11-26T02:00:00'))).toEqual(ist('2026-11-26T10:00:00'));
  });
});
