/** The Suggest panel's diff (issue 27 item 3): per milestone what accepting changes, and the plan's cost and finish. */
import type { OptimizeResult } from '../../../../shared/ipc/contract/plan-optimize';
import { dateSpan } from '../../../../shared/domain/plan/optimize/suggestion-diff';
import { fmtHours, fmtMoney } from '../timeline-model';

const CHANGE_WORDS: Record<OptimizeResult['diff']['milestones'][number]['changes'][number], string> = {
  dates: 'dates',
  offering: 'offering',
  gpu: 'GPU',
  'gpu-hours': 'GPU-hours',
  cost: 'cost',
};

/** What the suggestion changes, per milestone, and the plan's cost and finish beside the current ones. */
export function DiffTable({ diff, label }: { diff: OptimizeResult['diff']; label: (offeringId: string) => string }) {
  // A range is "first – last" (one day: one date); the arrow only ever means "before → after".
  const span = dateSpan;
  const cell = (changed: boolean, before: string, after: string) =>
    changed ? (
      <>
        <s className="muted">{before}</s> <span aria-label="becomes">→</span> <strong>{after}</strong>
      </>
    ) : (
      <span className="muted">{after}</span>
    );
  return (
    <table className="data pt-suggest-diff" aria-label="What the suggestion changes">
      <caption className="muted">
        What accepting it changes ({diff.currency}): {diff.addedGpuHours} GPU-hours newly booked, {diff.removedGpuHours} no longer booked
      </caption>
      <thead>
        <tr>
          <th>Milestone</th>
          <th>Changes</th>
          <th>Dates</th>
          <th>Offering</th>
          <th className="num">GPU-hours</th>
          <th className="num">Cost</th>
        </tr>
      </thead>
      <tbody>
        {diff.milestones.length === 0 && (
          <tr>
            <td colSpan={6} className="muted">
              No milestone changes: dates, hardware, hours and costs stay as planned.
            </td>
          </tr>
        )}
        {diff.milestones.map((m) => (
          <tr key={m.milestoneId}>
            <th scope="row">
              {m.code} {m.name}
            </th>
            <td>{m.changes.map((c) => CHANGE_WORDS[c]).join(', ')}</td>
            <td className="pt-diff-dates">{cell(m.changes.includes('dates'), span(m.before), span(m.after))}</td>
            <td>
              {cell(
                m.changes.includes('offering') || m.changes.includes('gpu'),
                m.before.offeringIds.map(label).join(', ') || '—',
                m.after.offeringIds.map(label).join(', ') || '—',
              )}
            </td>
            <td className="num">{cell(m.before.gpuHours !== m.after.gpuHours, fmtHours(m.before.gpuHours), fmtHours(m.after.gpuHours))}</td>
            <td className="num">
              {cell(m.before.cost !== m.after.cost, fmtMoney(m.before.cost, diff.currency), fmtMoney(m.after.cost, diff.currency))}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">The plan</th>
          <td>cost and finish</td>
          <td className="pt-diff-dates">
            finish {cell(diff.before.finish !== diff.after.finish, diff.before.finish ?? '—', diff.after.finish ?? '—')}
            <br />
            <span className="muted">milestone work until </span>
            {cell(diff.before.finishWeek !== diff.after.finishWeek, diff.before.finishWeek ?? '—', diff.after.finishWeek ?? '—')}
          </td>
          <td />
          <td className="num">
            {cell(diff.before.gpuHours !== diff.after.gpuHours, fmtHours(diff.before.gpuHours), fmtHours(diff.after.gpuHours))}
          </td>
          <td className="num">
            {cell(
              diff.before.cost !== diff.after.cost,
              fmtMoney(diff.before.cost, diff.currency),
              fmtMoney(diff.after.cost, diff.currency),
            )}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
