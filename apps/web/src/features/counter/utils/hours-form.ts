import type { OpeningHours, OpeningRange } from '@aaspaas/domain';

/** One day of the hours form: closed, open all day, or up to two ranges. */
export type DayForm = { mode: 'closed' | 'allDay' | 'hours'; ranges: OpeningRange[] };

const ALL_DAY = { opens: '00:00', closes: '24:00' };
const DEFAULT_RANGE = { opens: '09:00', closes: '21:00' };

export function toDayForms(hours: OpeningHours | null): DayForm[] {
  return Array.from({ length: 7 }, (_, day) => {
    const ranges = hours?.days[day] ?? [DEFAULT_RANGE];
    if (hours && ranges.length === 0) return { mode: 'closed', ranges: [DEFAULT_RANGE] };
    if (ranges.length === 1 && ranges[0]!.opens === ALL_DAY.opens && ranges[0]!.closes === ALL_DAY.closes)
      return { mode: 'allDay', ranges: [DEFAULT_RANGE] };
    return { mode: 'hours', ranges };
  });
}

export function fromDayForms(days: DayForm[], holidays: string[]): OpeningHours {
  return {
    days: days.map((d) => (d.mode === 'closed' ? [] : d.mode === 'allDay' ? [ALL_DAY] : d.ranges)),
    holidays,
  };
}
