/**
 * A claim's place and a document's verdicts in words, one way for the CLI and the "Source documents" screen:
 * "line 6", "lines 6 and 7", "lines 6, 7 and 11"; "3 doubtful, 1 unverified, 1 ok" (only the verdicts that occur).
 */
import type { Verdict } from './claim-check';

export function documentLines(lines: readonly number[]): string {
  if (lines.length === 0) return '';
  if (lines.length === 1) return `line ${lines[0]}`;
  return `lines ${lines.slice(0, -1).join(', ')} and ${lines[lines.length - 1]}`;
}

/** A verdict in words: the verdict itself, except `restates` ("restates the catalog's source"; plural for counts). */
export function verdictWords(verdict: Verdict | string, count = 1): string {
  if (verdict === 'restates') return `${count === 1 ? 'restates' : 'restate'} the catalog's source`;
  return verdict;
}

export function verdictCountsText(counts: Readonly<Partial<Record<Verdict, number>>>): string {
  return Object.entries(counts)
    .filter(([, n]) => (n ?? 0) > 0)
    .map(([v, n]) => `${n} ${verdictWords(v, n)}`)
    .join(', ');
}
