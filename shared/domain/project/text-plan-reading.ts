/**
 * Reading a plan text (text-plan.ts): its lines, cleaned cells and tables, ranges ("5-8", "$1,200 to 1,500") and days
 * without a year ("Dec 21", read in the report's year or the next), and what the readers collect as they go.
 */
import type { Range } from '../plan/types';

/** One line of the text and its 1-based number. */
export interface Line {
  text: string;
  n: number;
}

export interface ParsedField {
  /** Stable key: `project.budget`, `track:track-vitaldb`, `milestone:m1`, `phase:m2-final`, `option:option-2-balanced`. */
  key: string;
  label: string;
  value: string;
  /** 1-based line of the text it was read from. */
  line: number;
}

/** The report's date, the year of days written without one. */
export interface ReportDay {
  year: number;
  month: number;
  day: number;
}

/** The text being read, and what its readers collect in reading order: the fields read and what they could not read. */
export interface TextReading {
  lines: Line[];
  report: ReportDay;
  fields: ParsedField[];
  warnings: string[];
}

export const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
export const clean = (s: string) =>
  s
    .replace(/\*\*/g, '')
    .replace(/[^\x20-\x7E\u2013\u2014\u2192]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
export const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const num = (s: string) => Number(s.replace(/,/g, ''));

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isNumberChar = (c: string | undefined) => isDigit(c) || c === ',' || c === '.';
const isSpace = (c: string | undefined) => c !== undefined && /\s/.test(c);

/**
 * "5-8", "$1,200 to 1,500", "~3" → {low, high}: the first "number - number" (dash, en dash or "to"; the second may
 * carry a "$"), else the first number. One pass (issue 26 item 10): the regular expression it replaces,
 * `(\d[\d,.]*)\s*(?:-|–|to)\s*\$?(\d[\d,.]*)`, backtracked through a long run of digits from each of them.
 */
export function range(text: string | undefined): Range | null {
  const t = text ?? '';
  let first: string | null = null;
  for (let i = 0; i < t.length; i++) {
    if (!isDigit(t[i])) continue;
    // A number is a digit and the digits, commas and dots after it; every start inside it ends at the same place.
    let end = i + 1;
    while (isNumberChar(t[end])) end++;
    first ??= t.slice(i, end);
    let j = end;
    while (isSpace(t[j])) j++;
    const separator = t[j] === '-' || t[j] === '\u2013' ? 1 : t.startsWith('to', j) ? 2 : 0;
    if (separator > 0) {
      j += separator;
      while (isSpace(t[j])) j++;
      if (t[j] === '$') j++;
      if (isDigit(t[j])) {
        let second = j + 1;
        while (isNumberChar(t[second])) second++;
        return { low: num(t.slice(i, end)), high: num(t.slice(j, second)) };
      }
    }
    i = end - 1;
  }
  if (first === null) return null;
  const low = num(first);
  return { low, high: low };
}

export function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** "Dec 21" → ISO day, in the report's year or the next (see the rules in text-plan.ts). */
function dayOf(month: string, day: number, report: ReportDay): string | null {
  const m = MONTHS.indexOf(month.slice(0, 3).toLowerCase());
  if (m < 0 || !(day >= 1 && day <= 31)) return null;
  let year = report.year;
  if ((m + 1) * 31 + day < report.month * 31 + report.day - 31) year += 1;
  return `${year}-${pad(m + 1)}-${pad(day)}`;
}

/** "Dec 21-23", "Dec 21 - Jan 31", "Dec 29 to Jan 3" → [start, end]. */
export function dayRange(text: string, report: ReportDay): [string, string] | null {
  const m = /([A-Z][a-z]{2})[a-z]*\.?\s+(\d{1,2})\s*(?:-|–|to)\s*(?:([A-Z][a-z]{2})[a-z]*\.?\s+)?(\d{1,2})/.exec(text);
  if (!m) return null;
  const start = dayOf(m[1]!, Number(m[2]), report);
  const end = dayOf(m[3] ?? m[1]!, Number(m[4]), report);
  return start && end ? [start, end] : null;
}

/** The first line from `from` up to `to` that matches, with its match and index. */
export function findLine(lines: Line[], re: RegExp, from = 0, to = lines.length): { m: RegExpExecArray; line: Line; i: number } | null {
  for (let i = from; i < to; i++) {
    const m = re.exec(lines[i]!.text);
    if (m) return { m, line: lines[i]!, i };
  }
  return null;
}

/** The "- …" bullet lines right after line `i`. */
export function bulletsAfter(lines: Line[], i: number): Line[] {
  const bullets: Line[] = [];
  for (let j = i + 1; j < lines.length && lines[j]!.text.trim().startsWith('-'); j++) bullets.push(lines[j]!);
  return bullets;
}

/** The rows of the first table whose header passes the test (the line after the header is its |---| rule). */
export function tableRows(lines: Line[], headerTest: (cells: string[]) => boolean): Array<{ cells: string[]; n: number }> {
  for (let i = 0; i < lines.length; i++) {
    const cells = splitRow(lines[i]!.text);
    if (!cells || !headerTest(cells)) continue;
    const rows: Array<{ cells: string[]; n: number }> = [];
    for (let j = i + 2; j < lines.length; j++) {
      const r = splitRow(lines[j]!.text);
      if (!r) break;
      rows.push({ cells: r, n: lines[j]!.n });
    }
    return rows;
  }
  return [];
}

function splitRow(text: string): string[] | null {
  const t = text.trim();
  if (!t.startsWith('|')) return null;
  return t
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => clean(c));
}
