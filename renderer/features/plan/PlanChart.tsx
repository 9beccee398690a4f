/** GPU-hours by track per week (stacked bars) with the cumulative cost line against the budget (right axis). */
import { VictoryAxis, VictoryBar, VictoryChart, VictoryLine, VictoryStack } from 'victory';
import { allCostsCumulative } from '../../../shared/domain/plan/totals';
import { currencySign, money } from '../../../shared/domain/money-format';
import type { PlanView } from '../../../shared/ipc/contract/plan';

export function PlanChart({ view, todayWeek }: { view: PlanView; todayWeek: string }) {
  const { plan, analysis, weeks } = view;
  const totals = analysis.totals.weeks;
  const maxHours = Math.max(1, ...totals.map((t) => t.gpuHours));
  const budget = Number(plan.project.budget);
  // The cost line is all costs (GPU + storage + transfer), the figure the KPI, the Budget screen and the brief show.
  const cumulativeAll = allCostsCumulative(totals).map(Number);
  const maxCost = Math.max(1, budget, ...cumulativeAll);
  const scale = maxCost / (maxHours * 1.05); // dollars per hour-axis unit
  const x = (w: string) => w.slice(5);
  const peak = totals.reduce<(typeof totals)[number] | null>((a, b) => (a === null || b.gpuHours > a.gpuHours ? b : a), null);
  const title =
    `GPU-hours by track per ISO week, ${weeks[0] ?? ''} to ${weeks.at(-1) ?? ''}: ${analysis.totals.gpuHours.toLocaleString('en-US')} GPU-hours in all` +
    (peak ? `, at most ${peak.gpuHours.toLocaleString('en-US')} in ${peak.week}` : '') +
    `; planned cost (GPU, storage and transfer) ${money(analysis.totals.currency, analysis.totals.allCostsUsd)} against a budget of ${money(analysis.totals.currency, analysis.totals.budget)}.`;
  return (
    <div className="panel pt-chart" aria-label="GPU-hours by track per week, with cumulative cost">
      <div className="panel-title">
        <strong>GPU-hours by track per week</strong>
        <span className="muted">
          stacked bars, left axis (GPU-hours) · line: cumulative planned cost, right axis ({analysis.totals.currency}) · dashed: budget{' '}
          {plan.project.currency} {budget.toLocaleString('en-US')}
        </span>
      </div>
      <div className="pt-legend">
        {plan.tracks.map((t) => (
          <span key={t.id}>
            <i style={{ background: t.colour }} />
            {t.name} ({t.owner})
          </span>
        ))}
        <span>
          <i className="line" style={{ background: '#c53030' }} />
          cumulative cost
        </span>
        <span>
          <i className="line dashed" />
          budget
        </span>
      </div>
      <VictoryChart
        title={title}
        height={230}
        width={Math.max(640, weeks.length * 70 + 140)}
        domainPadding={{ x: 24 }}
        domain={{ y: [0, maxHours * 1.12] }}
        padding={{ top: 12, bottom: 36, left: 60, right: 70 }}
      >
        <VictoryAxis
          tickValues={weeks.map(x)}
          style={{
            tickLabels: {
              fontSize: 10,
              fill: (({ datum }: { datum?: unknown }) => (String(datum) === x(todayWeek) ? '#2560c8' : '#4b5565')) as unknown as string,
            },
          }}
        />
        <VictoryAxis
          dependentAxis
          label="GPU-hours"
          style={{ axisLabel: { fontSize: 10, padding: 42 }, tickLabels: { fontSize: 10 }, grid: { stroke: '#eef0f3' } }}
        />
        <VictoryAxis
          dependentAxis
          orientation="right"
          label={`${analysis.totals.currency} (cumulative)`}
          tickValues={niceTicks(maxCost).map((v) => v / scale)}
          tickFormat={(t: number) => `${currencySign(analysis.totals.currency)}${Math.round(t * scale).toLocaleString('en-US')}`}
          style={{ axisLabel: { fontSize: 10, padding: 52 }, tickLabels: { fontSize: 10, fill: '#c53030' } }}
        />
        <VictoryStack>
          {plan.tracks.map((t) => (
            <VictoryBar
              key={t.id}
              barWidth={28}
              style={{ data: { fill: t.colour } }}
              data={totals.map((w) => ({ x: x(w.week), y: w.byTrack[t.id]?.gpuHours ?? 0 }))}
            />
          ))}
        </VictoryStack>
        <VictoryLine
          style={{ data: { stroke: '#c53030', strokeWidth: 2 } }}
          data={totals.map((w, i) => ({ x: x(w.week), y: cumulativeAll[i]! / scale }))}
        />
        <VictoryLine
          style={{ data: { stroke: '#6b7585', strokeWidth: 1.5, strokeDasharray: '5,4' } }}
          data={totals.map((w) => ({ x: x(w.week), y: budget / scale }))}
        />
      </VictoryChart>
    </div>
  );
}

/** 3-5 round dollar ticks up to max. */
function niceTicks(max: number): number[] {
  const raw = max / 4;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * pow).find((x) => x >= raw) ?? raw;
  const out: number[] = [];
  for (let v = 0; v <= max + 1e-9; v += step) out.push(Math.round(v));
  return out;
}
