// Made on first use, not when the module loads: a formatter costs a phone milliseconds to build
// (the first one loads the locale's data), and the app's first screen may show no price at all.
let wholeRupees: Intl.NumberFormat | undefined;
let rupeesAndPaise: Intl.NumberFormat | undefined;

/** '₹1,23,456' from paise, with Indian digit grouping (docs/product.md §2); '₹224.50' when there are paise. */
export function formatRupees(paise: number): string {
  const format =
    paise % 100 === 0
      ? (wholeRupees ??= new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 }))
      : (rupeesAndPaise ??= new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
  return `₹${format.format(paise / 100)}`;
}

/** Rounded discount percent ((MRP − price) / MRP), or null when it does not apply (docs/product.md §9). */
export function discountPercent(mrpPaise: number | null, ourPricePaise: number | null): number | null {
  if (mrpPaise === null || ourPricePaise === null || mrpPaise <= 0 || ourPricePaise >= mrpPaise) return null;
  return Math.round(((mrpPaise - ourPricePaise) / mrpPaise) * 100);
}

export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/**
 * Paise from what a person types in rupees ('199', '0.25', '₹1,499.50'), read as text so no float
 * ever rounds it; null when it is not an amount with at most two decimals.
 */
export function parseRupees(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/^₹\s*/, '').replace(/,/g, ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Paise as the plain rupee figure a form field shows ('199', '0.25'). */
export function paiseToRupeesText(paise: number): string {
  const rupees = Math.trunc(paise / 100);
  const rest = Math.abs(paise % 100);
  return rest === 0 ? String(rupees) : `${rupees}.${String(rest).padStart(2, '0')}`;
}
