/** The Budget overview: does the budget hold? Status line, KPI cards (hover: unit, date, source), burn-up, track × month, alerts. */
import type { OverviewView } from '../../../shared/ipc/contract/budget-planning';
import { BudgetAlerts } from './BudgetAlerts';
import { BudgetKpis } from './BudgetKpis';
import { BudgetStatusBanner } from './BudgetStatusBanner';
import { BurnUpChart } from './BurnUpChart';
import { DataCostsCompare } from './DataCostsCompare';
import { PROJECT_MONTH_RULE } from '../../../shared/domain/plan/weeks';
import { money, monthLabel, toCents, totalsText } from './format';

/** Variance colour under the one convention: positive (money left, under plan) good, negative bad. */
function tone(variance: string | null | undefined): string {
  if (variance === null || variance === undefined || Number(variance) === 0) return '';
  return variance.startsWith('-') ? 'bad' : 'good';
}

export function OverviewPanel({ o }: { o: OverviewView }) {
  const c = o.currency;
  const months = o.months.map((m) => m.month);
  return (
    <>
      <BudgetStatusBanner o={o} />
      <BudgetKpis o={o} />
      <div className="bu-grid">
        <BurnUpChart overview={o} />
        <BudgetAlerts o={o} />
      </div>
      <div className="panel">
        <div className="panel-title">
          <strong>By track and month</strong>
          <span className="muted">{c}; planned (GPU + the track’s storage and transfer) / actual; variance = budget − forecast</span>
        </div>
        <p className="muted bu-convention" data-testid="variance-convention">
          {o.variance.basis}
        </p>
        <p className="muted bu-convention" data-testid="month-rule">
          Months: {PROJECT_MONTH_RULE}.
        </p>
        <table className="data bu-table" aria-label="Budget by track and month">
          <thead>
            <tr>
              <th>Track</th>
              {months.map((m) => (
                <th key={m} className="num">
                  {monthLabel(m)}
                  <br />
                  <span className="muted">plan / actual</span>
                </th>
              ))}
              <th className="num">Planned</th>
              <th className="num">Actual</th>
              <th className="num">Forecast</th>
              <th className="num">Budget</th>
              <th className="num">Variance</th>
            </tr>
          </thead>
          <tbody>
            {o.tracks.map((t) => (
              <tr key={t.trackId}>
                <td>
                  <i className="bu-swatch" style={{ background: t.colour }} />
                  {t.name}
                  {Object.keys(t.notConverted).length > 0 && (
                    <span className="badge warn" title="Spend in a currency without a dated rate">
                      + {totalsText(t.notConverted)} not converted
                    </span>
                  )}
                </td>
                {months.map((m) => (
                  <td key={m} className="num">
                    {money(c, t.months[m]?.planned)} / <strong>{money(c, t.months[m]?.actual)}</strong>
                  </td>
                ))}
                <td className="num">{money(c, t.planned)}</td>
                <td className="num">
                  <strong>{money(c, t.actual)}</strong>
                </td>
                <td className="num">{money(c, t.forecast)}</td>
                <td className="num">{t.budget === null ? '—' : money(c, toCents(t.budget))}</td>
                <td className={`num ${tone(t.variance)}`}>{t.variance === null ? '—' : money(c, t.variance)}</td>
              </tr>
            ))}
            {o.projectWideData && (
              <tr data-testid="project-wide-data-row">
                <td title="Storage and data transfer stated for the whole project, not for one track (Plan screen: Storage & transfer)">
                  Storage & transfer (whole project)
                </td>
                {months.map((m) => (
                  <td key={m} className="num">
                    {money(c, o.projectWideData!.months[m])} / <span className="muted">—</span>
                  </td>
                ))}
                <td className="num">{money(c, o.projectWideData.planned)}</td>
                <td className="num muted">—</td>
                <td className="num" title="The forecast's part in no track: tracks + this row add up to the project's forecast">
                  {money(c, o.forecast.unassigned)}
                </td>
                <td colSpan={2} className="muted">
                  billed storage and network: see “Storage &amp; network — planned vs actual” below
                </td>
              </tr>
            )}
            <tr className="bu-unalloc-row">
              <td>Unallocated (in the project’s dates)</td>
              {months.map((m) => (
                <td key={m} className="num muted">
                  —
                </td>
              ))}
              <td className="num">—</td>
              <td className="num">{totalsText(o.unallocated.inWindowTotals)}</td>
              <td colSpan={3} className="muted">
                add a rule to assign these lines
              </td>
            </tr>
            <tr className="bu-total-row">
              <td>Project (month budget)</td>
              {o.months.map((m) => (
                <td key={m.month} className={`num ${m.budget !== null && Number(m.actual) > Number(m.budget) ? 'bad' : ''}`}>
                  {money(c, m.planned)} / <strong>{money(c, m.actual)}</strong>
                  {m.budget !== null && <div className="muted">budget {money(c, toCents(m.budget))}</div>}
                </td>
              ))}
              <td className="num">{money(c, o.planned.total)}</td>
              <td className="num">
                <strong>{money(c, o.actual.value)}</strong>
              </td>
              <td className="num">{money(c, o.forecast.value)}</td>
              <td className="num">{money(c, o.budget.total)}</td>
              <td className={`num ${tone(o.variance.atCompletion)}`}>
                {o.variance.atCompletion === null ? '—' : money(c, o.variance.atCompletion)}
              </td>
            </tr>
          </tbody>
        </table>
      </div>
      <DataCostsCompare o={o} />
      <details className="panel">
        <summary>
          <strong>By ISO week</strong>{' '}
          <span className="muted">planned, actual, variance (planned − actual: positive = under plan), GPU-hours</span>
        </summary>
        <table className="data bu-table" aria-label="Budget by week">
          <thead>
            <tr>
              <th>Week</th>
              <th>Monday</th>
              <th className="num">Planned</th>
              <th className="num">Actual</th>
              <th className="num">Variance</th>
              <th className="num">Cum. planned</th>
              <th className="num">Cum. actual</th>
              <th className="num">Forecast (cum.)</th>
              <th className="num">GPU-h plan / actual</th>
            </tr>
          </thead>
          <tbody>
            {o.weeks.map((w) => (
              <tr key={w.week}>
                <td>{w.week}</td>
                <td>{w.start}</td>
                <td className="num">{money(c, w.plannedUsd)}</td>
                <td className="num">{money(c, w.actual)}</td>
                <td className={`num ${tone(w.variance)}`}>
                  {money(c, w.variance)}
                  {w.plannedKept && (
                    <span className="muted" title="No spend assigned to a track this week: the forecast keeps the planned figure">
                      {' '}
                      · plan kept
                    </span>
                  )}
                </td>
                <td className="num">{money(c, w.plannedCumulative)}</td>
                <td className="num">{money(c, w.actualCumulative)}</td>
                <td className="num">{money(c, w.forecastCumulative)}</td>
                <td className="num">
                  {w.plannedGpuHours} / {w.actualGpuHours}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}
