/**
 * What an import's summary says beyond its totals (issue 19 item 19): how much of it falls in the active project's
 * dates and how much of that the rules assign to tracks, and its warnings, each said once with how many lines gave it
 * ("… — 19 lines (5, 6, …)").
 */
import { warningWhere } from '../../../shared/domain/billing/import-warnings';
import type { Response } from '../../../shared/ipc/contract';
import type { ImportReach } from '../../../shared/ipc/contract/budget-import';
import { totalsText } from './format';
import { plural } from '../../../shared/domain/count-words';

type ImportResult = Response<'budget:import-file'>;

export function ImportWarnings({ result }: { result: ImportResult }) {
  if (result.warnings.length === 0) return null;
  return (
    <div className="muted" data-testid="import-warnings">
      {plural(result.warnings.length, 'warning')}:
      <ul>
        {result.warnings.slice(0, 5).map((w) => (
          <li key={`${w.column}|${w.message}`} data-testid="import-warning">
            {w.column ? `${w.column}: ` : ''}
            {w.message} — {warningWhere(w)}
          </li>
        ))}
      </ul>
    </div>
  );
}

const lineCount = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'line' : 'lines'}`;

/** "USD 12.34 of this file falls in the project's dates (2025-12-11 → 2026-01-31); USD 10.00 of it is assigned to tracks." */
export function reachSentence(reach: ImportReach, subject = 'this file'): string {
  const { project, inProjectDates, assigned } = reach;
  const dates = `the project's dates (${project.start} → ${project.end})`;
  if (inProjectDates.lines === 0) return `None of ${subject} falls in ${dates}.`;
  const unassigned = inProjectDates.lines - assigned.lines;
  return (
    `${totalsText(inProjectDates.totals)} of ${subject} (${lineCount(inProjectDates.lines)}) falls in ${dates}; ` +
    `${assigned.lines === 0 ? 'none' : totalsText(assigned.totals)} of it is assigned to tracks` +
    (unassigned > 0 ? ` (${lineCount(unassigned)} ${unassigned === 1 ? 'matches' : 'match'} no rule).` : '.')
  );
}

export function ImportReachNote({ result }: { result: ImportResult }) {
  if (!result.reach) return null;
  return <div data-testid="import-reach">{reachSentence(result.reach)}</div>;
}
