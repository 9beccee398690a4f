/**
 * Storage and network: the plan's storage and transfer lines against the billed storage and network spend (issue 19
 * item 15), under the one variance convention (planned − actual: positive = under plan, good).
 */
import type { OverviewView } from '../../../shared/ipc/contract/budget-planning';
import { money } from './format';

const LABEL = { storage: 'Storage', transfer: 'Network transfer (egress)' } as const;

export function DataCostsCompare({ o }: { o: OverviewView }) {
  const c = o.currency;
  const d = o.dataCosts;
  return (
    <div className="panel">
      <div className="panel-title">
        <strong>Storage &amp; network — planned vs actual</strong>
        <span className="muted">own lines, apart from GPU compute</span>
      </div>
      <table className="data bu-table" aria-label="Storage and network planned vs actual">
        <thead>
          <tr>
            <th>Line</th>
            <th className="num">Planned</th>
            <th className="num">Planned to date</th>
            <th className="num">Actual (billed)</th>
            <th className="num">Variance to date</th>
            <th className="num">Forecast</th>
          </tr>
        </thead>
        <tbody>
          {d.rows.map((r) => (
            <tr key={r.category}>
              <td>
                {LABEL[r.category]} <span className="muted">({r.lineCount} billing lines)</span>
              </td>
              <td className="num">{money(c, r.planned)}</td>
              <td className="num">{money(c, r.plannedToDate)}</td>
              <td className="num">
                <strong>{money(c, r.actual)}</strong>
              </td>
              <td className={`num ${r.varianceToDate.startsWith('-') ? 'bad' : Number(r.varianceToDate) > 0 ? 'good' : ''}`}>
                {money(c, r.varianceToDate)}
              </td>
              <td className="num">{money(c, r.forecast)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {d.unassigned.lineCount > 0 && (
        <p className="muted">
          {d.unassigned.lineCount} storage or network line(s) in the project’s dates ({money(c, d.unassigned.usd)}) are assigned to no track
          and not counted above.
        </p>
      )}
      <p className="muted">{d.basis}</p>
    </div>
  );
}
