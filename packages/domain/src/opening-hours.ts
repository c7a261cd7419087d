import { IST_OFFSET_MINUTES } from './constants';

/**
 * Opening hours (docs/product.md §3, Opening hours): a business's week in India time, each day's ranges,
 * its holidays, and a one-tap closure ("Closed today", "Back at 5 pm") that ends by itself. A range
 * whose `closes` is not after `opens` runs past midnight into the next day (18:00–02:00); 00:00–24:00
 * is open all day. Every rule here takes the instant it is asked about, so it is tested with any clock.
 */
export type OpeningRange = { opens: string; closes: string };
/** `days[0]` is Monday, `days[6]` Sunday; an empty day is closed. `holidays` are India dates (YYYY-MM-DD). */
export type OpeningHours = { days: OpeningRange[][]; holidays: string[] };
/** Whether the business is open at an instant (null: hours unknown) and when that changes next (ISO; null: not within a week). */
export type OpenStatus = { openNow: boolean | null; changesAt: string | null };

const MINUTES_PER_DAY = 1440;
const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;
/** Most ranges on one day: a kirana's 7–13 and 16–22 is two. */
export const OPENING_RANGES_PER_DAY_MAX = 4;
/** Most holidays kept: a year of festivals and then some. */
export const OPENING_HOLIDAYS_MAX = 60;

const MINUTE_MS = 60_000;
const IST_MS = IST_OFFSET_MINUTES * MINUTE_MS;
const DAY_MS = MINUTES_PER_DAY * MINUTE_MS;
/** How far ahead openStatus looks for the next change: past a whole week, every weekly schedule has shown itself. */
const LOOK_AHEAD_DAYS = 8;

/** "HH:MM" (00:00–24:00) as minutes after midnight, or null when it is not such a time. */
export function timeToMinutes(time: string): number | null {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(time);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= MINUTES_PER_DAY ? minutes : null;
}

/** A range's minutes after its day's midnight: [from, to), `to` past 1440 when it runs into the next day. */
function rangeMinutes(range: OpeningRange): [number, number] | null {
  const from = timeToMinutes(range.opens);
  const to = timeToMinutes(range.closes);
  if (from === null || to === null || from >= MINUTES_PER_DAY) return null;
  return [from, to > from ? to : to + MINUTES_PER_DAY];
}

/** Why a range cannot be kept, or null: both times HH:MM, and not opening and closing at once. */
export function openingRangeProblem(range: OpeningRange): string | null {
  const from = timeToMinutes(range.opens);
  const to = timeToMinutes(range.closes);
  if (from === null || to === null) return 'Opening times must be written as HH:MM, for example 09:30';
  if (from === MINUTES_PER_DAY) return 'A shop cannot open at 24:00: write 00:00';
  if (from === to || (from === 0 && to === 0)) return 'A range must close at another time than it opens (00:00–24:00 is all day)';
  return null;
}

/** The India date (YYYY-MM-DD) of an instant. */
function indiaDate(ms: number): string {
  return new Date(ms + IST_MS).toISOString().slice(0, 10);
}

/** Midnight India time of the India day holding `ms`, as epoch ms. */
export function indiaMidnight(ms: number): number {
  return Math.floor((ms + IST_MS) / DAY_MS) * DAY_MS - IST_MS;
}

/** The next India midnight after `ms`: when "Closed today" ends. */
export function nextIndiaMidnight(ms: number): number {
  return indiaMidnight(ms) + DAY_MS;
}

/** The instant of an India time of day ("17:00") on the India day holding `ms`. */
export function indiaTimeOn(ms: number, time: string): number | null {
  const minutes = timeToMinutes(time);
  return minutes === null ? null : indiaMidnight(ms) + minutes * MINUTE_MS;
}

/** Monday = 0 … Sunday = 6 of the India day starting at `midnight`. */
function weekday(midnight: number): number {
  return (new Date(midnight + IST_MS).getUTCDay() + 6) % 7;
}

/** The minute of the week in India time (Monday 00:00 = 0) of an instant: what the feed's filter asks (weeklyOpenMinutes). */
export function indiaMinuteOfWeek(ms: number): number {
  const midnight = indiaMidnight(ms);
  return weekday(midnight) * MINUTES_PER_DAY + Math.floor((ms - midnight) / MINUTE_MS);
}

/**
 * The week's ranges as minutes of the week in India time, [from, to) with 0 ≤ from < to ≤ 10080: a range
 * past midnight is cut at it, Sunday's into Monday wraps to the week's start. Holidays and closures are
 * not in it (closedSpans): an instant is open when its minute is in one of these and in no closure.
 */
export function weeklyOpenMinutes(hours: OpeningHours): [number, number][] {
  const spans: [number, number][] = [];
  hours.days.forEach((ranges, day) => {
    for (const range of ranges) {
      const minutes = rangeMinutes(range);
      if (!minutes) continue;
      const from = day * MINUTES_PER_DAY + minutes[0];
      const to = day * MINUTES_PER_DAY + minutes[1];
      if (to <= MINUTES_PER_WEEK) spans.push([from, to]);
      else spans.push([from, MINUTES_PER_WEEK], [0, to - MINUTES_PER_WEEK]);
    }
  });
  return spans;
}

/**
 * When the business is closed whatever its week says, as [from, to) epoch ms: each holiday from its
 * India midnight to the next, and the one-tap closure up to `closedUntil` (from `since`).
 */
export function closedSpans(hours: OpeningHours, closedUntil: Date | null, since: number): [number, number][] {
  const spans: [number, number][] = hours.holidays.map((day) => {
    const midnight = Date.parse(`${day}T00:00:00Z`) - IST_MS;
    return [midnight, midnight + DAY_MS];
  });
  if (closedUntil && closedUntil.getTime() > since) spans.push([since, closedUntil.getTime()]);
  return spans;
}

/** Open intervals (epoch ms, merged, in order) of the India days from `fromDay`'s midnight for `days` days, before closures. */
function weekIntervals(hours: OpeningHours, fromMidnight: number, days: number): [number, number][] {
  const out: [number, number][] = [];
  for (let d = 0; d < days; d++) {
    const midnight = fromMidnight + d * DAY_MS;
    for (const range of hours.days[weekday(midnight)] ?? []) {
      const minutes = rangeMinutes(range);
      if (minutes) out.push([midnight + minutes[0] * MINUTE_MS, midnight + minutes[1] * MINUTE_MS]);
    }
  }
  return merge(out);
}

function merge(intervals: [number, number][]): [number, number][] {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [from, to] of sorted) {
    const last = out.at(-1);
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return out;
}

/** `intervals` without `closed` (both in order or not; the answer is merged and in order). */
function subtract(intervals: [number, number][], closed: [number, number][]): [number, number][] {
  let out = intervals;
  for (const [cFrom, cTo] of merge(closed)) {
    out = out.flatMap(([from, to]): [number, number][] => {
      if (cTo <= from || cFrom >= to) return [[from, to]];
      const parts: [number, number][] = [];
      if (from < cFrom) parts.push([from, cFrom]);
      if (cTo < to) parts.push([cTo, to]);
      return parts;
    });
  }
  return out;
}

/**
 * Open now or not at `now`, and when that changes next: the end of the open stretch it is in (ranges
 * that meet, as 22:00–24:00 and 00:00–02:00, are one stretch), or the start of the next one within
 * LOOK_AHEAD_DAYS. Hours unknown (null): openNow null.
 */
export function openStatus(hours: OpeningHours | null, closedUntil: Date | null, now: Date): OpenStatus {
  if (!hours) return { openNow: null, changesAt: null };
  const at = now.getTime();
  // From yesterday's midnight: last night's range past midnight may still be open.
  const from = indiaMidnight(at) - DAY_MS;
  const open = subtract(weekIntervals(hours, from, LOOK_AHEAD_DAYS + 2), closedSpans(hours, closedUntil, at));
  const current = open.find(([start, end]) => start <= at && at < end);
  if (current) {
    // Open right through the look-ahead (open 24 hours): no change to tell.
    return {
      openNow: true,
      changesAt: current[1] >= from + (LOOK_AHEAD_DAYS + 2) * DAY_MS ? null : new Date(current[1]).toISOString(),
    };
  }
  const next = open.find(([start]) => start > at);
  return { openNow: false, changesAt: next ? new Date(next[0]).toISOString() : null };
}

/** Whether an instant is open by the SQL's rule (the feed's filter): its week minute in a span and in no closure. */
export function openBySpans(weekly: [number, number][], closed: [number, number][], now: Date): boolean {
  const minute = indiaMinuteOfWeek(now.getTime());
  const at = now.getTime();
  return weekly.some(([from, to]) => from <= minute && minute < to) && !closed.some(([from, to]) => from <= at && at < to);
}

/** Whether `day` is an India date written YYYY-MM-DD. */
export function isIndiaDate(day: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && indiaDate(Date.parse(`${day}T00:00:00Z`) - IST_MS) === day;
}
