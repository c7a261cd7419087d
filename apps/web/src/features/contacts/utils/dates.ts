/**
 * Year given to a birthday or anniversary known only by its day and month (a phone's contact card
 * often has no year). A leap year, so 29 February fits.
 */
export const NO_YEAR_PLACEHOLDER = 1904;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function monthFromName(name: string): number | null {
  const index = MONTHS.indexOf(name.slice(0, 3).toLowerCase());
  return index === -1 ? null : index + 1;
}

function iso(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * A date from an imported file as YYYY-MM-DD, or null when it cannot be read. Accepts ISO dates
 * (with or without dashes or a time), vCard's year-less '--MM-DD', Indian day-first dates
 * (14/05/1990, 14-05-1990, 14.05.1990) and month names (14 May 1990, May 14, 1990).
 */
export function normalizeImportDate(raw: string | null | undefined): string | null {
  const value = (raw ?? '').trim();
  if (!value) return null;
  let m = /^(\d{4})-?(\d{2})-?(\d{2})(?:T.*)?$/.exec(value);
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^--(\d{2})-?(\d{2})$/.exec(value);
  if (m) return iso(NO_YEAR_PLACEHOLDER, Number(m[1]), Number(m[2]));
  m = /^(\d{4})[/.](\d{1,2})[/.](\d{1,2})$/.exec(value);
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  if (m) return iso(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{1,2})[\s-]+([a-z]{3,})\.?[\s-]*,?[\s-]*(\d{4})?$/i.exec(value);
  if (m) {
    const month = monthFromName(m[2] ?? '');
    return month ? iso(m[3] ? Number(m[3]) : NO_YEAR_PLACEHOLDER, month, Number(m[1])) : null;
  }
  m = /^([a-z]{3,})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s*(\d{4})?$/i.exec(value);
  if (m) {
    const month = monthFromName(m[1] ?? '');
    return month ? iso(m[3] ? Number(m[3]) : NO_YEAR_PLACEHOLDER, month, Number(m[2])) : null;
  }
  return null;
}
