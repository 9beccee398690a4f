/** The Budget overview's KPI cards: budget, actual, forecast, variance, GPU-hours (hover: unit, date, source). */
import type { OverviewView } from '../../../shared/ipc/contract/budget-planning';
import { money, totalsText } from './format';

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

export function BudgetKpis({ o }: { o: OverviewView }) {
  const c = o.currency;
  const varianceTone = o.variance.atCompletion === null ? undefined : o.variance.atCompletion.startsWith('-') ? 'bad' : 'good';
  const notConverted = Object.keys(o.actual.notConverted).length > 0;
  const forecastPct =
    o.budget.total !== null && Number(o.budget.total) > 0 ? (Number(o.forecast.value) / Number(o.budget.total)) * 100 : null;
  const warnAt = o.budget.thresholds.filter((t) => t < 100).at(-1) ?? 80;
  const forecastTone = forecastPct === null ? undefined : forecastPct > 100 ? 'bad' : forecastPct >= warnAt ? 'warn' : 'good';
  return (
    <div className="kpis">
      <Kpi
        testId="kpi-budget"
        label="Budget"
        value={money(c, o.budget.total)}
        sub={`${c} · project total · thresholds ${o.budget.thresholds.join('/')}%`}
        title={`Unit: ${c}. Source: ${o.budget.source}`}
      />
      <Kpi
        testId="kpi-planned"
        label="Planned cost"
        value={money(c, o.planned.total)}
        sub={`GPU ${money(c, o.planned.gpuUsd)} + storage ${money(c, o.planned.storageUsd)} + transfer ${money(c, o.planned.transferUsd)}`}
        title={`Unit: ${c}. Source: ${o.planned.basis}. Storage and transfer are their own lines, added to the GPU cost.`}
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
        sub={`${forecastPct !== null ? `${Math.round(forecastPct * 10) / 10}% of budget · ` : ''}${o.forecast.method === 'burn-rate' ? 'by the burn rate' : 'by the plan'} · plan ${money(c, o.forecast.fromPlan)}${o.forecast.fromBurnRate ? ` · burn rate ${money(c, o.forecast.fromBurnRate)}` : ''}`}
        title={`Unit: ${c}, as of ${o.dataAsOf ?? o.today}. ${o.forecast.rule} ${o.forecast.basis}`}
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
  );
}
