const wholeRupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const rupeesAndPaise = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '₹1,23,456' from paise, with Indian digit grouping (spec §2); '₹224.50' when there are paise. */
export function formatRupees(paise: number): string {
  return `₹${(paise % 100 === 0 ? wholeRupees : rupeesAndPaise).format(paise / 100)}`;
}

/** Rounded discount percent ((MRP − price) / MRP), or null when it does not apply (spec §9). */
export function discountPercent(mrpPaise: number | null, ourPricePaise: number | null): number | null {
  if (mrpPaise === null || ourPricePaise === null || mrpPaise <= 0 || ourPricePaise >= mrpPaise) return null;
  return Math.round(((mrpPaise - ourPricePaise) / mrpPaise) * 100);
}

export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}
