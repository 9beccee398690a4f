/** The Budget overview: does the budget hold? Status line, KPI cards (hover: unit, date, source), burn-up, track × month, alerts. */
import type { OverviewView } from '../../../shared/ipc/contract/budget-planning';
import { BurnUpChart } from './BurnUpChart';
import { DataCostsCompare } from './DataCostsCompare';
import { money, monthLabel, toCents, totalsText } from './format';

function pct(value: string, of: string | null): string {
  if (of === null || Number(of) === 0) return '';
  return `${Math.round((Number(value) / Number(of)) * 1000) / 10}%`;
}

/** Variance colour under the one convention: positive (money left, under plan) good, negative bad. */
function tone(variance: string | null | undefined): string {
  if (variance === null || variance === undefined || Number(variance) === 0) return '';
  return variance.startsWith('-') ? 'bad' : 'good';
}

function StatusBanner({ o }: { o: OverviewView }) {
  const b = o.budget.total;
  if (o.status === 'no-budget')
    return (
      <div className="banner warn" role="status">
        No budget set for {o.projectName}: add one under “Budgets &amp; rates”.
      </div>
    );
  const left = o.variance.atCompletion ?? '0';
  const holds = !left.startsWith('-');
  const incomplete = o.forecast.incomplete;
  const cls = o.status === 'over' ? 'error' : o.status === 'watch' || incomplete ? 'warn' : 'ok';
  const watch = o.alerts.filter((a) => a.scope !== 'project' && a.scope !== 'currency' && a.level !== 'info');
  return (
    <div className={`banner ${cls} bu-status`} role="status" data-status={o.status}>
      <strong>
        {incomplete
          ? holds
            ? 'The budget holds so far — forecast incomplete'
            : 'The budget does not hold — forecast incomplete'
          : holds
            ? 'The budget holds'
            : o.dataAsOf
              ? 'The budget does not hold'
              : 'The plan alone does not fit the budget'}
      </strong>
      {': '}forecast at completion {money(o.currency, o.forecast.value)} of {money(o.currency, b)} ({pct(o.forecast.value, b)}),{' '}
      {holds ? `${money(o.currency, left)} left` : `${money(o.currency, left.slice(1))} over`}; actual {money(o.currency, o.actual.value)}{' '}
      spent
      {o.dataAsOf ? ` up to ${o.dataAsOf}` : ' (no spend imported in the project’s dates yet)'}.
      {Object.keys(o.actual.notConverted).length > 0 && (
        <>
          {' '}
          Not converted (no rate): <strong>{totalsText(o.actual.notConverted)}</strong>.
        </>
      )}
      {incomplete && (
        <div className="bu-incomplete" data-testid="forecast-incomplete">
          {incomplete.message}
        </div>
      )}
      {holds && watch.length > 0 && (
        <div className="bu-watch">Watch: {watch.map((a) => `${a.subject} ${a.measure} ${a.percent}% of its budget`).join(' · ')}</div>
      )}
    </div>
  );
}

function Kpi({
  label,
  value,
  sub,
  title,
  tone,
  testId,
}: {
  label: string;
  value: string;
  sub: string;
  title: string;
  tone?: string | undefined;
  testId: string;
}) {
  return (
    <div className={`kpi ${tone ?? ''}`} title={title} data-testid={testId}>
      <div className="kpi-label">{label}</div>
      <div className="kpi-value">{value}</div>
      <div className="kpi-sub">{sub}</div>
    </div>
  );
}

export function OverviewPanel({ o }: { o: OverviewView }) {
  const c = o.currency;
  const varianceTone = o.variance.atCompletion === null ? undefined : o.variance.atCompletion.startsWith('-') ? 'bad' : 'good';
  const notConverted = Object.keys(o.actual.notConverted).length > 0;
  const forecastPct =
    o.budget.total !== null && Number(o.budget.total) > 0 ? (Number(o.forecast.value) / Number(o.budget.total)) * 100 : null;
  const warnAt = o.budget.thresholds.filter((t) => t < 100).at(-1) ?? 80;
  const forecastTone = forecastPct === null ? undefined : forecastPct > 100 ? 'bad' : forecastPct >= warnAt ? 'warn' : 'good';
  const months = o.months.map((m) => m.month);
  return (
    <>
      <StatusBanner o={o} />
      <div className="kpis">
        <Kpi
          testId="kpi-budget"
          label="Budget"
          value={money(c, o.budget.total)}
          sub={`${c} · project total · thresholds ${o.budget.thresholds.join('/')}%`}
          title={`Unit: ${c}. Source: ${o.budget.source}`}
        />
        <Kpi
          testId="kpi-actual"
          label="Actual"
          value={money(c, o.actual.value)}
          tone={notConverted ? 'warn' : undefined}
          sub={`${o.actual.lineCount} line(s)${o.dataAsOf ? ` to ${o.dataAsOf}` : ''}${notConverted ? ` · + ${totalsText(o.actual.notConverted)} not converted` : ''}`}
          title={`Unit: ${c}${o.dataAsOf ? `, data up to ${o.dataAsOf}` : ''}. Source: ${o.actual.basis}.${o.actual.rates.length ? ` Rates: ${o.actual.rates.join('; ')}.` : ''}${notConverted ? ` Not converted (no dated rate): ${totalsText(o.actual.notConverted)}.` : ''} GPU lines: ${o.actual.gpuLineCount} (${money(c, o.actual.gpuUsd)}, ${o.actual.gpuHours} GPU-h).`}
        />
        <Kpi
          testId="kpi-forecast"
          label="Forecast at completion"
          value={money(c, o.forecast.value)}
          tone={forecastTone}
          sub={`${forecastPct !== null ? `${Math.round(forecastPct * 10) / 10}% of budget · ` : ''}plan ${money(c, o.forecast.fromPlan)}${o.forecast.fromBurnRate ? ` · burn rate ${money(c, o.forecast.fromBurnRate)}` : ''}`}
          title={`Unit: ${c}, as of ${o.dataAsOf ?? o.today}. Source: ${o.forecast.basis}.`}
        />
        <Kpi
          testId="kpi-variance"
          label="Variance at completion"
          value={o.variance.atCompletion === null ? '—' : money(c, o.variance.atCompletion)}
          tone={varianceTone}
          sub={`budget − forecast · to date: planned − actual ${money(c, o.variance.toDate)}`}
          title={`Unit: ${c}, as of ${o.dataAsOf ?? o.today}. ${o.variance.basis} Planned to date ${money(c, o.planned.toDate)} of ${money(c, o.planned.total)} (${o.planned.basis}).`}
        />
        <Kpi
          testId="kpi-gpu"
          label="GPU-hours actual / planned"
          value={`${o.actual.gpuHours} / ${o.planned.gpuHours}`}
          sub={`GPU-h · ${o.actual.gpuLineCount} GPU line(s)`}
          title="Unit: GPU-hours. Actual: usage hours of GPU lines (instance types and SKUs recognised) × GPUs per instance. Planned: the plan's weekly allocations."
        />
      </div>
      <div className="bu-grid">
        <BurnUpChart overview={o} />
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
      </div>
      <div className="panel">
        <div className="panel-title">
          <strong>By track and month</strong>
          <span className="muted">{c}; planned / actual; variance = budget − forecast</span>
        </div>
        <p className="muted bu-convention" data-testid="variance-convention">
          {o.variance.basis}
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
