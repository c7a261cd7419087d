/** '14 Jan 2026': dates of the consent record and of an opt-out. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' }).format(date);
}

/** Counts with Indian digit grouping: 10,000 and 1,00,000. */
export function formatCount(n: number): string {
  return new Intl.NumberFormat('en-IN').format(n);
}
