/** Dates as the timeline shows them (`12 Jan`, `12–18 Jan`, `January 2026`), in UTC like every plan date. */
const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** `2026-01-12` → `12 Jan`. */
export function fmtDay(day: string): string {
  return DAY.format(new Date(`${day}T00:00:00Z`));
}

/** `2026-01` → `January 2026`. */
export function monthName(month: string): string {
  return MONTH.format(new Date(`${month}-15T00:00:00Z`));
}

/** A span of days, the month said once when both ends share it: `12–18 Jan`, `29 Dec–4 Jan`. */
export function fmtSpan(start: string, end: string): string {
  const a = fmtDay(start);
  const b = fmtDay(end);
  return a.split(' ')[1] === b.split(' ')[1] ? `${a.split(' ')[0]}–${b}` : `${a}–${b}`;
}
