/**
 * The brief's Gantt laid out for a printed page (pure): a column per ISO week for short plans, the same weeks drawn
 * narrower under month headings for long ones (a year of weeks stays legible on A4), and a caption that says each
 * track's bookings in a sentence — repeated bookings of one machine summed up rather than listed one by one.
 */
import type { BriefTrack } from '../../../../shared/domain/report/brief';

/** Plans up to this many weeks get a column per week with its number and start date. */
export const WEEKLY_COLUMNS_UP_TO = 16;
const PAGE_WIDTH = 720;
const LABEL_WIDTH = 200;

export interface GanttHeading {
  x: number;
  width: number;
  label: string;
  sub: string;
}

export interface GanttLayout {
  labelW: number;
  colW: number;
  width: number;
  /** one heading per week (short plans) or per month (long plans) */
  headings: GanttHeading[];
  byMonth: boolean;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Column widths and headings for `weeks` (each with its Monday `start`, YYYY-MM-DD). */
export function ganttLayout(weeks: ReadonlyArray<{ week: string; start: string }>): GanttLayout {
  const n = Math.max(1, weeks.length);
  if (weeks.length <= WEEKLY_COLUMNS_UP_TO) {
    // the drawing spans the page at every plan length, so its text prints at one size whatever the weeks
    const colW = Math.max(38, (PAGE_WIDTH - 154) / n);
    return {
      labelW: 150,
      colW,
      width: 150 + colW * n + 4,
      byMonth: false,
      headings: weeks.map((w, i) => ({ x: 150 + i * colW, width: colW, label: w.week.slice(5), sub: w.start.slice(5) })),
    };
  }
  const colW = (PAGE_WIDTH - LABEL_WIDTH - 4) / n;
  const headings: GanttHeading[] = [];
  weeks.forEach((w, i) => {
    // a week belongs to the month its Thursday falls in, as ISO weeks belong to years
    const thursday = new Date(`${w.start}T00:00:00Z`);
    thursday.setUTCDate(thursday.getUTCDate() + 3);
    const month = thursday.getUTCMonth();
    const year = thursday.getUTCFullYear();
    const last = headings[headings.length - 1];
    const label = MONTHS[month]!;
    if (last && last.label === label && last.sub === String(year)) last.width += colW;
    else headings.push({ x: LABEL_WIDTH + i * colW, width: colW, label, sub: String(year) });
  });
  return { labelW: LABEL_WIDTH, colW, width: PAGE_WIDTH, byMonth: true, headings };
}

/** A track's bookings in words: each booking, or for a machine booked three times or more, how many and over which weeks. */
export function trackBookings(t: BriefTrack): string {
  if (t.bars.length === 0) return 'nothing booked';
  const byLabel = new Map<string, BriefTrack['bars']>();
  for (const b of t.bars) byLabel.set(b.label, [...(byLabel.get(b.label) ?? []), b]);
  return [...byLabel.entries()]
    .map(([label, bars]) => {
      const span = (b: BriefTrack['bars'][number]) => (b.from === b.to ? b.from : `${b.from} to ${b.to}`);
      if (bars.length < 3) return bars.map((b) => `${label} ${span(b)}`).join('; ');
      return `${label} ${bars.length} times, ${bars[0]!.from} to ${bars[bars.length - 1]!.to}`;
    })
    .join('; ');
}

/** The figure's caption: every track's bookings and milestones. */
export function ganttCaption(tracks: readonly BriefTrack[]): string {
  return tracks
    .map((t) => `${t.name}: ${trackBookings(t)}${t.milestones.length ? `; milestones ${t.milestones.map((m) => m.label).join(', ')}` : ''}`)
    .join('. ');
}

/** Whether a bar's label (8.5 px bold, about 5.8 px a character, 4 px padding each side) fits in `width`. */
export const labelFits = (label: string, width: number): boolean => label.length * 5.8 + 8 <= width;

/** A track's milestones grouped by due week: one diamond per week, its codes side by side ("DEMO · DEV"). */
export function milestonesByWeek(milestones: BriefTrack['milestones']): Array<{ week: string; codes: string }> {
  const byWeek = new Map<string, string[]>();
  for (const m of milestones) byWeek.set(m.week, [...(byWeek.get(m.week) ?? []), m.code]);
  return [...byWeek].map(([week, codes]) => ({ week, codes: codes.join(' · ') }));
}

/**
 * A track's name broken into lines of at most `maxChars` characters at spaces (a word longer than a line is cut at the
 * line's width, never shortened with an ellipsis): the whole name is always printed.
 */
export function wrapName(name: string, maxChars: number): string[] {
  const width = Math.max(4, Math.floor(maxChars));
  const lines: string[] = [];
  let line = '';
  for (const word of name.trim().split(/\s+/)) {
    for (let rest = word; rest;) {
      const room = line ? width - line.length - 1 : width;
      if (rest.length <= room) {
        line = line ? `${line} ${rest}` : rest;
        rest = '';
      } else if (line) {
        lines.push(line);
        line = '';
      } else {
        lines.push(rest.slice(0, width));
        rest = rest.slice(width);
      }
    }
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}
