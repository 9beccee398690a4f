/**
 * docs/seed-coverage.md as data: its rows (seed, line ranges, refs, note), the seed lines that state a figure, and the
 * checks a walker runs against the bundled data. Pure: the caller reads the files and resolves refs.
 */

export interface CoverageRow {
  seed: string;
  lines: number[];
  refs: string[];
  note: string;
  /** the markdown line of the row (1-based), for messages. */
  at: number;
}

export const REF_KINDS = [
  'offering',
  'gpu',
  'provider',
  'discrepancy',
  'preset',
  'workload',
  'claim',
  'project',
  'check',
  'storage',
  'limit',
  'credit-preset',
  'reliability',
  'runrate',
  'workload-field',
  'module',
] as const;
export type RefKind = (typeof REF_KINDS)[number];

/** Kinds whose id may carry `#<id inside the file>`; `runrate` needs it. */
const ANCHORED: readonly RefKind[] = ['project', 'runrate'];

export interface ParsedRef {
  raw: string;
  kind: RefKind | 'out-of-scope';
  id: string;
  /** `project:<file>#<id>` / `runrate:<file>#<id>`: the id inside the file. */
  anchor: string | null;
}

const ROW = /^\|\s*(\d{3})\s*\|\s*([\d,\s-]+?)\s*\|\s*(.*?)\s*\|\s*(.*?)\s*\|\s*$/;

function expandLines(spec: string): number[] {
  return spec.split(',').flatMap((part) => {
    const [a, b] = part.trim().split('-').map(Number);
    if (!a) return [];
    const end = b ?? a;
    return Array.from({ length: Math.max(0, end - a + 1) }, (_, i) => a + i);
  });
}

/** The table rows of the coverage document (header and separator rows are skipped). */
export function parseCoverage(markdown: string): CoverageRow[] {
  return markdown.split('\n').flatMap((line, i) => {
    const m = ROW.exec(line);
    if (!m) return [];
    const refs = m[3]!.replace(/`/g, ' ').split(/\s+/).filter(Boolean);
    return [{ seed: m[1]!, lines: expandLines(m[2]!), refs, note: m[4]!, at: i + 1 }];
  });
}

export function parseRef(raw: string): ParsedRef | null {
  if (raw === 'out-of-scope') return { raw, kind: 'out-of-scope', id: '', anchor: null };
  const colon = raw.indexOf(':');
  if (colon < 0) return null;
  const kind = raw.slice(0, colon) as RefKind;
  if (!REF_KINDS.includes(kind)) return null;
  const rest = raw.slice(colon + 1);
  const hash = ANCHORED.includes(kind) ? rest.indexOf('#') : -1;
  const id = hash >= 0 ? rest.slice(0, hash) : rest;
  const anchor = hash >= 0 ? rest.slice(hash + 1) : null;
  if (!id || anchor === '' || (kind === 'runrate' && anchor === null)) return null;
  return { raw, kind, id, anchor };
}

/**
 * A rule or recommendation the seeds state without a digit (so the figure walk cannot find it), marked in the
 * document's list `- NNN:LINE "text"`: the walk checks that the seed's line still says it and that a row lists it.
 */
export interface MarkedLine {
  seed: string;
  line: number;
  text: string;
  /** the markdown line of the mark (1-based), for messages. */
  at: number;
}

const MARK = /^- (\d{3}):(\d+) "(.+)"\s*$/;

export function parseMarkedLines(markdown: string): MarkedLine[] {
  return markdown.split('\n').flatMap((line, i) => {
    const m = MARK.exec(line);
    return m ? [{ seed: m[1]!, line: Number(m[2]), text: m[3]!, at: i + 1 }] : [];
  });
}

/** A line as a reader sees it: no markdown emphasis or code marks, one space, lower case. */
const plain = (s: string): string => s.replace(/[*`]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();

/** Seed lines (1-based) that state a figure: a digit or a dollar sign. */
export function figureLines(seedText: string): number[] {
  return seedText.split('\n').flatMap((line, i) => (/[0-9$]/.test(line) ? [i + 1] : []));
}

export interface CoverageData {
  seeds: Record<string, string>;
  /** whether the ref's target exists in the bundled data or the source tree (kind, id, and the anchor where given). */
  exists: (ref: ParsedRef) => boolean;
}

/** "built on another branch" is a state of the work, not a reason: once it lands the row points at it. */
const STALE_REASON = /another branch|pending/i;

/**
 * Every problem of the coverage table against the seeds and the bundled data (empty: all covered and resolved): the
 * lines with a figure, and the marked rules and recommendations without one.
 */
export function coverageProblems(rows: CoverageRow[], data: CoverageData, marked: MarkedLine[] = []): string[] {
  const problems: string[] = [];
  for (const row of rows) {
    if (!(row.seed in data.seeds)) problems.push(`row ${row.at}: no seed ${row.seed}`);
    if (row.refs.length === 0) problems.push(`row ${row.at}: no refs`);
    const deferred = STALE_REASON.exec(row.note);
    if (deferred) problems.push(`row ${row.at}: the note defers to work elsewhere ("${deferred[0]}"): point at what landed`);
    for (const raw of row.refs) {
      const ref = parseRef(raw);
      if (!ref) problems.push(`row ${row.at}: "${raw}" is not a ref (kinds: ${REF_KINDS.join(', ')}, out-of-scope)`);
      else if (ref.kind === 'out-of-scope') {
        if (row.note.trim().length < 10) problems.push(`row ${row.at}: out-of-scope needs its reason in the note`);
      } else if (!data.exists(ref)) problems.push(`row ${row.at}: dangling ${raw}`);
      else if (ref.kind === 'claim' && /^seed-\d{3}\//.test(ref.id) && !ref.id.startsWith(`seed-${row.seed}/`))
        problems.push(`row ${row.at}: ${raw} is a claim of another document than seed ${row.seed}`);
    }
  }
  for (const mark of marked) {
    const text = data.seeds[mark.seed]?.split('\n')[mark.line - 1];
    if (text === undefined) problems.push(`mark ${mark.at}: no line ${mark.line} in seed ${mark.seed}`);
    else if (!plain(text).includes(plain(mark.text)))
      problems.push(`mark ${mark.at}: seed ${mark.seed} line ${mark.line} does not say "${mark.text}"`);
    else if (!rows.some((r) => r.seed === mark.seed && r.lines.includes(mark.line)))
      problems.push(`seed ${mark.seed}: the rule or recommendation on line ${mark.line} ("${mark.text}") is not listed`);
  }
  for (const [seed, text] of Object.entries(data.seeds)) {
    const covered = new Set(rows.filter((r) => r.seed === seed).flatMap((r) => r.lines));
    const missing = figureLines(text).filter((n) => !covered.has(n));
    if (missing.length) problems.push(`seed ${seed}: lines with a figure not listed: ${missing.join(', ')}`);
  }
  return problems;
}
