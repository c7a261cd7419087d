/** '5 March 2025' (Indian English date order) for 'Last updated …'; null for a bad date. */
export function formatUpdatedDate(iso: string, locale = 'en-IN'): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(
    date,
  );
}
