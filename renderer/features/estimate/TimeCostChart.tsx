/**
 * Training time against cost for every (offering, price kind), log-log, with the Pareto front drawn through.
 * Reserved prices cost their whole term's commitment ($30k–$100k): they are listed under the chart, not drawn,
 * so the runs' own costs keep the range.
 */
import { VictoryAxis, VictoryChart, VictoryLine, VictoryScatter } from 'victory';
import { offerLabel } from '../../../shared/domain/offer-label';
import type { RankedRow } from '../../../shared/estimate/estimate';
import { moneyFigure } from '../../../shared/domain/money-format';
import { chartPoints, logTicks } from './chart-scale';

const money = (v: number) => moneyFigure('USD', v, 'axis');
const hoursLabel = (h: number) =>
  h >= 48 ? `${Math.round(h / 24)} d` : h >= 1 ? `${h.toFixed(h >= 10 ? 0 : 1)} h` : `${Math.round(h * 60)} min`;

export function TimeCostChart({
  rows,
  selectedKey,
  onSelect,
}: {
  rows: RankedRow[];
  selectedKey: string | null;
  onSelect: (key: string) => void;
}) {
  const { drawn: points, reserved } = chartPoints(rows);
  if (points.length === 0)
    return (
      <div className="panel est-chart muted">No priced offering fits this workload — add a dataset and epochs, or change the workload.</div>
    );
  const front = points.filter((r) => r.pareto).sort((a, b) => a.hours - b.hours);
  const xs = points.map((p) => p.hours);
  const ys = points.map((p) => p.usd);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const domain = { x: [x0 / 1.4, x1 * 1.4] as [number, number], y: [y0 / 1.6, y1 * 1.6] as [number, number] };
  const fastest = points.reduce((a, b) => (b.hours < a.hours ? b : a));
  const cheapest = points.reduce((a, b) => (b.usd < a.usd ? b : a));
  const reservedRange =
    reserved.length > 0 ? ([Math.min(...reserved.map((r) => r.usd)), Math.max(...reserved.map((r) => r.usd))] as const) : null;
  const name = (r: RankedRow) => `${offerLabel(r.providerName, r.sku)} (${r.priceKind})`;
  const title =
    `${points.length} priced offerings that fit, by training time and cost: fastest ${name(fastest)} ${hoursLabel(fastest.hours)} for ${money(fastest.usd)}; ` +
    `cheapest ${name(cheapest)} ${money(cheapest.usd)} in ${hoursLabel(cheapest.hours)}; ${front.length} on the Pareto front.`;
  return (
    <div className="panel est-chart" aria-label="Training time against cost">
      <div className="panel-title">
        <strong>Time against cost</strong>
        <span className="muted">
          a dot per offering and price kind, log scales · <span className="est-dot front" /> Pareto front (nothing both faster and cheaper)
          · <span className="est-dot sel" /> selected
        </span>
      </div>
      <VictoryChart
        title={title}
        height={270}
        width={520}
        scale={{ x: 'log', y: 'log' }}
        domain={domain}
        padding={{ top: 10, bottom: 40, left: 64, right: 16 }}
      >
        <VictoryAxis
          label="training time (wall hours)"
          tickValues={logTicks(domain.x[0], domain.x[1])}
          tickFormat={(t: number) => hoursLabel(t)}
          style={{ axisLabel: { fontSize: 10, padding: 26 }, tickLabels: { fontSize: 9 }, grid: { stroke: '#eef0f3' } }}
        />
        <VictoryAxis
          dependentAxis
          label="cost of the run (USD)"
          tickValues={logTicks(domain.y[0], domain.y[1])}
          tickFormat={(t: number) => money(t)}
          style={{ axisLabel: { fontSize: 10, padding: 46 }, tickLabels: { fontSize: 9 }, grid: { stroke: '#eef0f3' } }}
        />
        {front.length > 1 && (
          <VictoryLine
            data={front.map((r) => ({ x: r.hours, y: r.usd }))}
            style={{ data: { stroke: '#2f6fdf', strokeWidth: 1.5, strokeDasharray: '4,3' } }}
          />
        )}
        <VictoryScatter
          data={points.map((r) => ({ x: r.hours, y: r.usd, key: r.key, pareto: r.pareto }))}
          size={({ datum }: { datum?: { key: string } }) => (datum?.key === selectedKey ? 7 : 4)}
          style={{
            data: {
              fill: ({ datum }: { datum?: { pareto: boolean; key: string } }) =>
                datum?.key === selectedKey ? '#c53030' : datum?.pareto ? '#2f6fdf' : '#aab3c0',
              cursor: 'pointer',
            } as never,
          }}
          events={[
            {
              target: 'data',
              eventHandlers: {
                onClick: () => [
                  {
                    target: 'data',
                    mutation: (props: { datum: { key: string } }) => {
                      onSelect(props.datum.key);
                      return null;
                    },
                  },
                ],
              },
            },
          ]}
        />
      </VictoryChart>
      {reservedRange && (
        <p className="muted est-chart-note" data-testid="chart-reserved-note">
          Not drawn: {reserved.length} reserved {reserved.length === 1 ? 'price' : 'prices'} costing the whole term&apos;s commitment,{' '}
          {money(reservedRange[0])}
          {reservedRange[1] > reservedRange[0] ? `–${money(reservedRange[1])}` : ''} (see the table).
        </p>
      )}
    </div>
  );
}
