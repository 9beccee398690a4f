/** Burn-up by ISO week: planned cumulative (from the plan), actual cumulative (spend lines), forecast, and the budget line. */
import { VictoryAxis, VictoryChart, VictoryLine, VictoryScatter } from 'victory';
import type { OverviewView } from '../../../shared/ipc/contract/budget-planning';
import { money } from './format';

const COLOURS = { planned: '#6b7585', data: '#0f766e', actual: '#2560c8', forecast: '#8f5b0a', budget: '#c53030' };

export function BurnUpChart({ overview }: { overview: OverviewView }) {
  const { weeks, currency } = overview;
  const budget = overview.budget.total !== null ? Number(overview.budget.total) : null;
  const x = (w: string) => w.slice(2);
  const values = weeks.flatMap((w) => [Number(w.plannedCumulative), Number(w.actualCumulative ?? 0), Number(w.forecastCumulative ?? 0)]);
  const max = Math.max(1, budget ?? 0, ...values) * 1.08;
  const actual = weeks.filter((w) => w.actualCumulative !== null).map((w) => ({ x: x(w.week), y: Number(w.actualCumulative) }));
  const forecast = weeks.filter((w) => w.forecastCumulative !== null).map((w) => ({ x: x(w.week), y: Number(w.forecastCumulative) }));
  const last = weeks.at(-1);
  const hasData = Number(last?.plannedDataCumulative ?? 0) > 0;
  const lastActual = weeks.filter((w) => w.actualCumulative !== null).at(-1);
  const title =
    `Burn-up by ISO week, ${weeks[0]?.week ?? ''} to ${last?.week ?? ''}: planned ${money(currency, last?.plannedCumulative)} in all` +
    (hasData ? ` (of it storage and transfer ${money(currency, last?.plannedDataCumulative)})` : '') +
    (lastActual ? `; actual ${money(currency, lastActual.actualCumulative)} to ${lastActual.week}` : '; no actual spend allocated yet') +
    (last?.forecastCumulative ? `; forecast ${money(currency, last.forecastCumulative)}` : '') +
    (budget !== null ? `; budget ${money(currency, overview.budget.total)}.` : '; no budget set.');
  return (
    <div className="panel bu-chart" aria-label="Burn-up: planned, actual and forecast cumulative cost by ISO week, with the budget">
      <div className="panel-title">
        <strong>Burn-up by ISO week</strong>
        <span className="muted">
          cumulative {currency}; planned = the plan's weekly allocations priced from the catalog plus its stated storage and transfer;
          actual = billed cost of spend lines allocated to the tracks; forecast = the Forecast at completion card's figure, week by week
        </span>
      </div>
      <p className="muted bu-forecast-method" data-testid="forecast-method">
        Forecast: {overview.forecast.basis}
      </p>
      <div className="bu-legend">
        <span>
          <i style={{ background: COLOURS.planned }} />
          Planned (GPU + storage + transfer)
        </span>
        {hasData && (
          <span>
            <i style={{ background: COLOURS.data }} />
            Planned storage & transfer
          </span>
        )}
        <span>
          <i style={{ background: COLOURS.actual }} />
          Actual
        </span>
        <span>
          <i className="dashed" style={{ borderColor: COLOURS.forecast }} />
          Forecast
        </span>
        {budget !== null && (
          <span>
            <i className="dashed" style={{ borderColor: COLOURS.budget }} />
            Budget {money(currency, overview.budget.total)}
          </span>
        )}
      </div>
      <VictoryChart
        title={title}
        height={260}
        width={Math.max(640, weeks.length * 72 + 120)}
        domain={{ y: [0, max] }}
        domainPadding={{ x: 16 }}
        padding={{ top: 14, bottom: 40, left: 70, right: 24 }}
      >
        <VictoryAxis tickValues={weeks.map((w) => x(w.week))} style={{ tickLabels: { fontSize: 10, fill: '#4b5565' } }} />
        <VictoryAxis
          dependentAxis
          tickFormat={(t: number) => money(currency, String(Math.round(t)))}
          style={{ tickLabels: { fontSize: 10 }, grid: { stroke: '#eef0f3' } }}
        />
        {budget !== null && (
          <VictoryLine
            style={{ data: { stroke: COLOURS.budget, strokeWidth: 1.5, strokeDasharray: '6,4' } }}
            data={weeks.map((w) => ({ x: x(w.week), y: budget }))}
          />
        )}
        <VictoryLine
          style={{ data: { stroke: COLOURS.planned, strokeWidth: 2 } }}
          data={weeks.map((w) => ({ x: x(w.week), y: Number(w.plannedCumulative) }))}
        />
        {hasData && (
          <VictoryLine
            style={{ data: { stroke: COLOURS.data, strokeWidth: 2 } }}
            data={weeks.map((w) => ({ x: x(w.week), y: Number(w.plannedDataCumulative) }))}
          />
        )}
        {forecast.length > 1 && (
          <VictoryLine style={{ data: { stroke: COLOURS.forecast, strokeWidth: 2, strokeDasharray: '4,3' } }} data={forecast} />
        )}
        {actual.length > 0 && <VictoryLine style={{ data: { stroke: COLOURS.actual, strokeWidth: 3 } }} data={actual} />}
        {actual.length > 0 && <VictoryScatter size={3} style={{ data: { fill: COLOURS.actual } }} data={actual} />}
      </VictoryChart>
    </div>
  );
}
