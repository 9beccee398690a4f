/** The report's vector charts (Victory SVG, no animation): weekly allocation by track, burn-up, cost by month. */
import { VictoryAxis, VictoryBar, VictoryChart, VictoryLine, VictoryScatter, VictoryStack } from 'victory';
import type { ReportModel } from '../../../../shared/domain/report/report-model';
import { currencySign } from '../../../../shared/domain/money-format';
import { usd } from './format';

const axisStyle = {
  tickLabels: { fontSize: 9, fill: '#374151', fontFamily: 'inherit' },
  axisLabel: { fontSize: 9, padding: 38, fontFamily: 'inherit' },
  grid: { stroke: '#e5e7eb' },
};
const shortWeek = (w: string) => w.slice(2);

export function AllocationChart({ model }: { model: ReportModel }) {
  const cur = model.cover.currency;
  const { weeks, tracks } = model.timeline;
  const trackTotals = tracks.map(
    (t) => `${t.name} ${weeks.reduce((sum, w) => sum + (w.hoursByTrack[t.id] ?? 0), 0).toLocaleString('en-US')} h`,
  );
  const title = `GPU-hours booked per ISO week, ${weeks[0]?.week ?? ''} to ${weeks.at(-1)?.week ?? ''}, by track: ${trackTotals.join('; ')}.`;
  return (
    <figure className="rp-chart" aria-label="GPU-hours by track per week">
      <div className="rp-legend">
        {tracks.map((t) => (
          <span key={t.id}>
            <i style={{ background: t.colour }} />
            {t.name}
          </span>
        ))}
      </div>
      <VictoryChart title={title} width={700} height={230} domainPadding={{ x: 26 }} padding={{ top: 10, bottom: 34, left: 56, right: 12 }}>
        <VictoryAxis tickValues={weeks.map((w) => shortWeek(w.week))} style={axisStyle} />
        <VictoryAxis dependentAxis label="GPU-hours per week" style={axisStyle} />
        <VictoryStack>
          {tracks.map((t) => (
            <VictoryBar
              key={t.id}
              barWidth={30}
              style={{ data: { fill: t.colour } }}
              data={weeks.map((w) => ({ x: shortWeek(w.week), y: w.hoursByTrack[t.id] ?? 0 }))}
            />
          ))}
        </VictoryStack>
      </VictoryChart>
      <figcaption>GPU-hours booked per ISO week (Monday start), stacked by track. Source: the plan's allocations.</figcaption>
    </figure>
  );
}

export function BurnUpChart({ model }: { model: ReportModel }) {
  const cur = model.cover.currency;
  const burn = model.budget.burnUp;
  const budget = Number(model.budget.budgetUsd);
  const actualPoints = model.budget.available
    ? burn.flatMap((w) => {
        const y = model.budget.actualCumulativeByWeek[w.week];
        return y === null || y === undefined ? [] : [{ x: shortWeek(w.week), y }];
      })
    : [];
  const forecastPoints = model.budget.available
    ? burn.flatMap((w) => {
        const y = model.budget.forecastCumulativeByWeek?.[w.week];
        return y === null || y === undefined ? [] : [{ x: shortWeek(w.week), y }];
      })
    : [];
  const max =
    Math.max(budget, ...burn.map((b) => b.plannedCumulativeUsd), ...actualPoints.map((p) => p.y), ...forecastPoints.map((p) => p.y)) * 1.1;
  const lastActual = actualPoints.at(-1);
  const title =
    `Burn-up by ISO week: planned cumulative cost ${usd(burn.at(-1)?.plannedCumulativeUsd ?? 0, cur)} by ${burn.at(-1)?.week ?? ''} against a budget of ${usd(budget, cur)}` +
    (lastActual ? `; actual ${usd(lastActual.y, cur)} to week ${lastActual.x}` : '') +
    (forecastPoints.length > 0 ? `; forecast at completion ${usd(forecastPoints.at(-1)!.y, cur)}.` : '.');
  return (
    <figure className="rp-chart" aria-label="Burn-up: planned cumulative cost against budget">
      <div className="rp-legend">
        <span>
          <i style={{ background: '#c53030' }} />
          planned cumulative cost
        </span>
        <span>
          <i style={{ background: '#6b7280' }} />
          budget spread over the project's days
        </span>
        <span>
          <i style={{ background: '#111827' }} />
          budget total {usd(budget, cur)}
        </span>
        {actualPoints.length > 0 && (
          <span>
            <i style={{ background: '#059669' }} />
            actual spend
          </span>
        )}
        {forecastPoints.length > 0 && (
          <span>
            <i style={{ background: '#8f5b0a' }} />
            forecast (the Budget screen's)
          </span>
        )}
      </div>
      <VictoryChart
        width={700}
        height={230}
        title={title}
        domain={{ y: [0, max] }}
        domainPadding={{ x: 20 }}
        padding={{ top: 10, bottom: 34, left: 64, right: 12 }}
      >
        <VictoryAxis tickValues={burn.map((w) => shortWeek(w.week))} style={axisStyle} />
        <VictoryAxis
          dependentAxis
          label={`${cur} (cumulative)`}
          tickFormat={(t: number) => `${currencySign(cur)}${Math.round(t).toLocaleString('en-US')}`}
          style={axisStyle}
        />
        <VictoryLine
          style={{ data: { stroke: '#111827', strokeWidth: 1, strokeDasharray: '2,3' } }}
          data={burn.map((w) => ({ x: shortWeek(w.week), y: budget }))}
        />
        <VictoryLine
          style={{ data: { stroke: '#6b7280', strokeWidth: 1.5, strokeDasharray: '6,4' } }}
          data={burn.map((w) => ({ x: shortWeek(w.week), y: w.budgetLineUsd }))}
        />
        <VictoryLine
          style={{ data: { stroke: '#c53030', strokeWidth: 2 } }}
          data={burn.map((w) => ({ x: shortWeek(w.week), y: w.plannedCumulativeUsd }))}
        />
        <VictoryScatter
          size={2.5}
          style={{ data: { fill: '#c53030' } }}
          data={burn.map((w) => ({ x: shortWeek(w.week), y: w.plannedCumulativeUsd }))}
        />
        {actualPoints.length > 0 && <VictoryLine style={{ data: { stroke: '#059669', strokeWidth: 2 } }} data={actualPoints} />}
        {forecastPoints.length > 1 && (
          <VictoryLine style={{ data: { stroke: '#8f5b0a', strokeWidth: 2, strokeDasharray: '4,3' } }} data={forecastPoints} />
        )}
      </VictoryChart>
      <figcaption>
        Cumulative planned cost per ISO week against the budget. Source: plan totals (cost rule below); budget: {model.summary.budgetSource}
      </figcaption>
    </figure>
  );
}

export function CostBars({ rows, label, currency }: { rows: Array<{ key: string; usd: string }>; label: string; currency: string }) {
  const title = `Planned ${label}: ${rows.map((r) => `${r.key} ${usd(r.usd, currency)}`).join('; ')}.`;
  return (
    <VictoryChart
      title={title}
      width={340}
      height={Math.max(90, rows.length * 26 + 40)}
      horizontal
      domainPadding={{ x: 14 }}
      padding={{ top: 6, bottom: 26, left: 110, right: 20 }}
    >
      <VictoryAxis style={{ tickLabels: { fontSize: 9, fontFamily: 'inherit' } }} />
      <VictoryAxis
        dependentAxis
        tickFormat={(t: number) => `${currencySign(currency)}${Math.round(t)}`}
        style={{ tickLabels: { fontSize: 8, fontFamily: 'inherit' }, grid: { stroke: '#e5e7eb' } }}
      />
      <VictoryBar barWidth={14} style={{ data: { fill: '#2563eb' } }} data={rows.map((r) => ({ x: r.key, y: Number(r.usd) }))} />
    </VictoryChart>
  );
}
