import { describe, expect, it } from 'vitest';
import { sendingStartsAt } from './send-window';

const ist = (local: string) => new Date(`${local}+05:30`);

describe('sendingStartsAt', () => {
  it('keeps a promotional time inside 10:00–21:00 India time', () => {
    expect(sendingStartsAt('promotional', ist('2026-11-25T10:00:00'))).toEqual(ist('2026-11-25T10:00:00'));
    expect(sendingStartsAt('promotional', ist('2026-11-25T20:59:59'))).toEqual(ist('2026-11-25T20:59:59'));
  });

  it('moves a promotional 21:30 to the next 10:00 and 02:00 to the same day’s 10:00', () => {
    expect(sendingStartsAt('promotional', ist('2026-11-25T21:30:00'))).toEqual(ist('2026-11-26T10:00:00'));
    expect(sendingStartsAt('service-explicit', ist('2026-11-26T02:00:00'))).toEqual(ist('2026-11-26T10:00:00'));
  });

  it('lets transactional and service-implicit messages go at any hour', () => {
    expect(sendingStartsAt('transactional', ist('2026-11-25T23:00:00'))).toEqual(ist('2026-11-25T23:00:00'));
    expect(sendingStartsAt('service-implicit', ist('2026-11-25T03:00:00'))).toEqual(ist('2026-11-25T03:00:00'));
  });
});
