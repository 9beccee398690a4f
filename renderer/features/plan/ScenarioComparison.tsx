/**
 * Two or three plans side by side: the summary (cost, finish, GPU-hours, calendar days, problems) against the first
 * ticked, then week by week what each plan books and what moved.
 */
import { useState } from 'react';
import type { PlanComparisonView } from '../../../shared/ipc/contract/plan-scenarios';
import { dayShiftText, hoursDeltaText, signedText, usdDeltaText } from './figure-text';
import { usePlanStore } from './store';
import { fmtHours, fmtMoney } from './timeline-model';
import { plural } from '../../../shared/domain/count-words';

export function ComparisonTable({ comparison }: { comparison: PlanComparisonView }) {
  const currency = usePlanStore((s) => s.view?.analysis.totals.currency ?? 'USD');
  const [onlyChanged, setOnlyChanged] = useState(true);
  const { summaries, finish, weeks } = comparison;
  const ref = summaries[0]!;
  const rows = onlyChanged
    ? weeks.filter((w) => w.plans.some((p, i) => i > 0 && (p.changes.length > 0 || Math.abs(p.deltaGpuHours) > 0.005)))
    : weeks;
  const metric = (label: string, title: string, cell: (i: number) => React.ReactNode) => (
    <tr>
      <th scope="row" title={title}>
        {label}
      </th>
      {summaries.map((_, i) => (
        <td key={i} className="num">
          {cell(i)}
        </td>
      ))}
    </tr>
  );
  return (
    <div className="sw-compare" aria-label="Comparison">
      <table className="data sw-summary">
        <thead>
          <tr>
            <th>Side by side</th>
            {summaries.map((s, i) => (
              <th key={i} className="num">
                {s.name}
                {i === 0 ? <div className="muted">reference</div> : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {metric(
            `Cost (app, ${currency})`,
            `Sum of the weekly planned cost at catalog prices (or the prices the plan was made with), in ${currency}`,
            (i) => (
              <>
                {fmtMoney(summaries[i]!.usd, currency)}
                {i > 0 && <div className="muted">{usdDeltaText(summaries[i]!.usd, ref.usd, currency)}</div>}
              </>
            ),
          )}
          {metric('Finish', 'Sunday of the last booked week', (i) => (
            <>
              {finish[i] ?? '—'}
              {i > 0 && finish[i] && finish[0] ? <div className="muted">{dayShiftText(finish[0], finish[i]!)}</div> : null}
            </>
          ))}
          {metric('GPU-hours', 'Hours of booked GPUs × GPU count, all weeks', (i) => (
            <>
              {fmtHours(summaries[i]!.gpuHours)} h
              {i > 0 && <div className="muted">{hoursDeltaText(summaries[i]!.gpuHours, ref.gpuHours)}</div>}
            </>
          ))}
          {metric('Calendar days', 'First booked Monday to last booked Sunday', (i) => summaries[i]!.durationDays ?? '—')}
          {metric('Problems', 'Errors and warnings the checks find', (i) => (
            <>
              {plural(summaries[i]!.errors, 'error')} · {plural(summaries[i]!.warnings, 'warning')}
            </>
          ))}
        </tbody>
      </table>
      <div className="toolbar">
        <strong>Week by week</strong>
        <span className="muted">
          {comparison.changedWeeks} week{comparison.changedWeeks === 1 ? '' : 's'} differ from “{ref.name}”
        </span>
        <label className="pj-check">
          <input type="checkbox" checked={onlyChanged} onChange={(e) => setOnlyChanged(e.target.checked)} /> only weeks that differ
        </label>
      </div>
      <table className="data sw-weeks">
        <thead>
          <tr>
            <th>ISO week</th>
            {summaries.map((s, i) => (
              <th key={i}>
                {s.name}
                <div className="muted">GPU-h · cost{i > 0 ? ' · what moved' : ''}</div>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((w) => (
            <tr key={w.week}>
              <td className="nowrap">
                {w.week}
                <div className="muted">{w.start}</div>
              </td>
              {w.plans.map((p, i) => (
                <td key={i} className={i > 0 && p.changes.length > 0 ? 'sw-changed' : ''}>
                  <span className="num">
                    {fmtHours(p.gpuHours)} h · {fmtMoney(p.usd, currency)}
                  </span>
                  {i > 0 && Math.abs(p.deltaGpuHours) > 0.005 && (
                    <span className="muted"> ({signedText(p.deltaGpuHours, `${fmtHours(Math.abs(p.deltaGpuHours))} h`)})</span>
                  )}
                  {p.changes.length > 0 && (
                    <ul className="sw-moves">
                      {p.changes.map((c, j) => (
                        <li key={j}>
                          {c.trackName}: {c.what} {fmtHours(c.before)} → {fmtHours(c.after)} GPU-h
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              ))}
            </tr>
          ))}
          {rows.length === 0 && (
            <tr>
              <td colSpan={summaries.length + 1} className="muted">
                No week differs.
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
