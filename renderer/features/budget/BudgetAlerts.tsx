/** The Budget overview's alerts: thresholds reached on actual and forecast, and the unallocated spend. */
import type { OverviewView } from '../../../shared/ipc/contract/budget-planning';
import { totalsText } from './format';

export function BudgetAlerts({ o }: { o: OverviewView }) {
  return (
    <div className="panel bu-alerts" aria-label="Alerts">
      <div className="panel-title">
        <strong>Alerts</strong>
        <span className="muted">thresholds on actual and forecast</span>
      </div>
      {o.alerts.length === 0 ? (
        <div className="muted">No threshold reached.</div>
      ) : (
        <ul>
          {o.alerts.map((a) => (
            <li key={a.id} className={`bu-alert ${a.level}`}>
              <span className={`badge ${a.level === 'critical' ? 'bad' : a.level === 'warning' ? 'warn' : 'info'}`}>
                {a.measure === 'conversion' ? 'currency' : `${a.measure} ≥ ${a.threshold}%`}
              </span>{' '}
              {a.message}
            </li>
          ))}
        </ul>
      )}
      <div className="bu-unallocated" data-testid="unallocated">
        <strong>Unallocated</strong>: {o.unallocated.count} line(s), {totalsText(o.unallocated.totals)}
        {o.unallocated.inWindowCount > 0 && (
          <>
            {' '}
            — {o.unallocated.inWindowCount} in the project’s dates ({totalsText(o.unallocated.inWindowTotals)})
          </>
        )}
        {o.outsideWindow.count > 0 && (
          <div className="muted">
            Allocated but outside {o.projectName.split(' (')[0]}’s dates: {o.outsideWindow.count} line(s),{' '}
            {totalsText(o.outsideWindow.totals)} — not in the actual.
          </div>
        )}
      </div>
    </div>
  );
}
