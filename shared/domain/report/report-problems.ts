/** The open problems section: the plan's checks, errors first then by week, in words a person reads. */
import { problemKindWords } from './brief';
import type { ReportContext } from './report-context';

const severityRank = { error: 0, warning: 1, info: 2 } as const;

export function reportProblems({ analysis, words }: ReportContext) {
  return [...analysis.problems]
    .sort((a, b) => severityRank[a.severity] - severityRank[b.severity] || (a.week ?? '').localeCompare(b.week ?? ''))
    .map((p) => ({
      severity: p.severity,
      kind: p.kind,
      kindWords: problemKindWords(p.kind),
      week: p.week ?? null,
      message: words(p.message),
    }));
}
export type ReportProblem = ReturnType<typeof reportProblems>[number];
