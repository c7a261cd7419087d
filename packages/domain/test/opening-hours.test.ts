import { describe, expect, it } from 'vitest';
import {
  type OpeningHours,
  OpeningHoursSchema,
  UpdateProfileRequestSchema,
  closedSpans,
  indiaMinuteOfWeek,
  nextIndiaMidnight,
  openBySpans,
  openStatus,
  upiPayLink,
  weeklyOpenMinutes,
} from '../src';

/** An instant written in India time (+05:30): the clock every case here is read on. */
const ist = (local: string) => new Date(`${local}+05:30`);
const iso = (local: string) => ist(local).toISOString();
const everyDay = (ranges: OpeningHours['days'][number]): OpeningHours => ({
  days: Array.from({ length: 7 }, () => ranges),
  holidays: [],
});

// 2026-11-30 is a Monday.
describe('openStatus (docs/product.md §3, Opening hours)', () => {
  const kirana = everyDay([
    { opens: '07:00', closes: '13:00' },
    { opens: '16:00', closes: '22:00' },
  ]);

  it('answers null without hours', () => {
    expect(openStatus(null, null, ist('2026-11-30T10:00'))).toEqual({ openNow: null, changesAt: null });
  });

  it('reads split ranges, open at the opening minute and closed at the closing one', () => {
    expect(openStatus(kirana, null, ist('2026-11-30T06:59'))).toEqual({ openNow: false, changesAt: iso('2026-11-30T07:00') });
    expect(openStatus(kirana, null, ist('2026-11-30T07:00'))).toEqual({ openNow: true, changesAt: iso('2026-11-30T13:00') });
    expect(openStatus(kirana, null, ist('2026-11-30T12:59:59'))).toEqual({ openNow: true, changesAt: iso('2026-11-30T13:00') });
    expect(openStatus(kirana, null, ist('2026-11-30T13:00'))).toEqual({ openNow: false, changesAt: iso('2026-11-30T16:00') });
    expect(openStatus(kirana, null, ist('2026-11-30T22:00'))).toEqual({ openNow: false, changesAt: iso('2026-12-01T07:00') });
  });

  it('runs an overnight range (18:00–02:00) into the next day, Sunday night into Monday', () => {
    const bar = { days: [[], [], [], [], [], [], [{ opens: '18:00', closes: '02:00' }]], holidays: [] };
    // Sunday 2026-12-06 18:00 to Monday 02:00.
    expect(openStatus(bar, null, ist('2026-12-06T17:59'))).toEqual({ openNow: false, changesAt: iso('2026-12-06T18:00') });
    expect(openStatus(bar, null, ist('2026-12-06T23:59'))).toEqual({ openNow: true, changesAt: iso('2026-12-07T02:00') });
    expect(openStatus(bar, null, ist('2026-12-07T01:59'))).toEqual({ openNow: true, changesAt: iso('2026-12-07T02:00') });
    expect(openStatus(bar, null, ist('2026-12-07T02:00'))).toEqual({ openNow: false, changesAt: iso('2026-12-13T18:00') });
  });

  it('joins ranges that meet at midnight into one stretch, and open 24 hours has no change to tell', () => {
    const late = everyDay([{ opens: '20:00', closes: '24:00' }]);
    late.days[1] = [
      { opens: '00:00', closes: '03:00' },
      { opens: '20:00', closes: '24:00' },
    ];
    expect(openStatus(late, null, ist('2026-11-30T21:00')).changesAt).toBe(iso('2026-12-01T03:00'));
    expect(openStatus(everyDay([{ opens: '00:00', closes: '24:00' }]), null, ist('2026-11-30T21:00'))).toEqual({
      openNow: true,
      changesAt: null,
    });
  });

  it('"Closed today" closes until India midnight, then the week rules again', () => {
    const until = new Date(nextIndiaMidnight(ist('2026-11-30T10:00').getTime()));
    expect(until.toISOString()).toBe(iso('2026-12-01T00:00'));
    expect(openStatus(kirana, until, ist('2026-11-30T10:00'))).toEqual({ openNow: false, changesAt: iso('2026-12-01T07:00') });
    expect(openStatus(kirana, until, ist('2026-12-01T07:00')).openNow).toBe(true);
  });

  it('"Back at 5 pm" opens at 5 pm inside an open range', () => {
    expect(openStatus(kirana, ist('2026-11-30T17:00'), ist('2026-11-30T16:30'))).toEqual({
      openNow: false,
      changesAt: iso('2026-11-30T17:00'),
    });
  });

  it('a holiday closes its India day from midnight to midnight', () => {
    const hours = { ...kirana, holidays: ['2026-12-01'] };
    expect(openStatus(hours, null, ist('2026-11-30T20:00'))).toEqual({ openNow: true, changesAt: iso('2026-11-30T22:00') });
    expect(openStatus(hours, null, ist('2026-12-01T10:00'))).toEqual({ openNow: false, changesAt: iso('2026-12-02T07:00') });
  });

  it('agrees with the feed filter’s rule (week minutes and closures) at every quarter hour of a week', () => {
    const hours: OpeningHours = {
      days: [
        [{ opens: '07:00', closes: '13:00' }],
        [{ opens: '18:00', closes: '02:00' }],
        [],
        [{ opens: '00:00', closes: '24:00' }],
        [{ opens: '09:30', closes: '09:45' }],
        [{ opens: '22:00', closes: '06:00' }],
        [{ opens: '23:00', closes: '01:00' }],
      ],
      holidays: ['2026-12-03'],
    };
    const closedUntil = ist('2026-11-30T09:00');
    const since = ist('2026-11-30T00:00').getTime();
    const weekly = weeklyOpenMinutes(hours);
    const closed = closedSpans(hours, closedUntil, since);
    for (let t = since; t < since + 8 * 86_400_000; t += 15 * 60_000) {
      const now = new Date(t);
      expect(openBySpans(weekly, closed, now), now.toISOString()).toBe(openStatus(hours, closedUntil, now).openNow);
    }
    expect(indiaMinuteOfWeek(ist('2026-12-06T23:59').getTime())).toBe(10079);
  });
});

describe('opening hours and UPI contracts', () => {
  it('refuses malformed hours with a sentence', () => {
    const result = OpeningHoursSchema.safeParse({ days: everyDay([{ opens: '9', closes: '17:00' }]).days });
    expect(result.error?.issues[0]?.message).toBe('Opening times must be written as HH:MM, for example 09:30');
    expect(OpeningHoursSchema.safeParse({ days: [[]] }).error?.issues[0]?.message).toBe(
      'Give the hours of all seven days, Monday first',
    );
  });

  it('takes a UPI ID name@handle, lower-cased, and refuses anything else', () => {
    expect(UpdateProfileRequestSchema.parse({ upiId: ' Ravi.Store@OkAxis ' }).upiId).toBe('ravi.store@okaxis');
    expect(UpdateProfileRequestSchema.parse({ upiId: '' }).upiId).toBeNull();
    expect(UpdateProfileRequestSchema.safeParse({ upiId: 'ravi store' }).error?.issues[0]?.message).toMatch(
      /^Enter a UPI ID like/,
    );
  });

  it('writes the upi://pay link with the amount in rupees', () => {
    expect(
      upiPayLink({
        upiId: 'ravi@okaxis',
        payeeName: 'Ravi Store',
        amountPaise: 39_900,
        note: 'Diwali combo',
        reference: 'AASPAAS-4F7K',
      }),
    ).toBe('upi://pay?pa=ravi@okaxis&pn=Ravi%20Store&am=399.00&cu=INR&tn=Diwali%20combo&tr=AASPAAS-4F7K');
  });
});
