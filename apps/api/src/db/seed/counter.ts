/**
 * Demo shops' counters (docs/product.md §3): opening hours by the kind of shop, so the feed shows some
 * open and some closed at any hour, and UPI IDs on two shops in three, so their offers show "Pay ₹X by UPI".
 */
import { type OpeningHours, type OpeningRange, weeklyOpenMinutes } from '@aaspaas/domain';
import type { CategoryName, DemoBusiness } from './businesses';

const r = (opens: string, closes: string): OpeningRange => ({ opens, closes });
/** Monday first; `closedOn` (0 = Monday) has no ranges. */
const week = (ranges: OpeningRange[], closedOn: number | null = null): OpeningHours => ({
  days: Array.from({ length: 7 }, (_, day) => (day === closedOn ? [] : ranges)),
  holidays: [],
});

const HOURS: Record<CategoryName, readonly OpeningHours[]> = {
  Grocery: [week([r('07:00', '13:00'), r('16:00', '22:00')]), week([r('06:30', '22:30')])],
  Restaurant: [week([r('11:00', '15:30'), r('19:00', '23:30')]), week([r('18:00', '02:00')], 0)],
  Salon: [week([r('10:00', '20:30')], 1)],
  Clothing: [week([r('10:30', '21:00')], 6)],
  Electronics: [week([r('10:00', '21:00')], 6)],
  Pharmacy: [week([r('00:00', '24:00')]), week([r('08:00', '23:00')])],
  Tuition: [week([r('07:00', '09:00'), r('16:00', '20:00')], 6)],
  Bakery: [week([r('07:00', '22:00')])],
  Sweets: [week([r('08:00', '22:00')])],
  'Mobile Repair': [week([r('10:00', '20:00')], 6)],
  Hardware: [week([r('09:00', '13:30'), r('15:00', '20:00')], 6)],
  Fitness: [week([r('05:30', '10:00'), r('17:00', '21:30')], 6)],
  Jewellery: [week([r('11:00', '20:30')], 1)],
  Optical: [week([r('10:00', '20:30')])],
};

/** A business's demo hours, the same on every seed: one of its kind's, by its place in the list. */
export function demoHours(business: DemoBusiness, index: number): OpeningHours {
  const options = HOURS[business.category];
  return options[index % options.length]!;
}

/** Two shops in three take UPI: `<slug>@okaxis`, a made-up handle of the demo. */
export function demoUpiId(business: DemoBusiness, index: number): string | null {
  return index % 3 === 2 ? null : `${business.slug.replace(/[^a-z0-9]/g, '').slice(0, 24)}@okaxis`;
}

/** The rows of the feed's open-now copy of demo hours (business_week_hours), as PUT /api/user/me writes them. */
export function demoWeekHourRows(userId: string, hours: OpeningHours) {
  return weeklyOpenMinutes(hours).map(([fromMinute, toMinute]) => ({ userId, fromMinute, toMinute }));
}
