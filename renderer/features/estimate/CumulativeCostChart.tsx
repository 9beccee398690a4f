/** Cumulative cost month by month: the bought machine against each rental (victory), with a text alternative. */
import { VictoryAxis, VictoryChart, VictoryLegend, VictoryLine } from 'victory';
import type { CostSeries } from '../../../shared/estimate/buy-vs-rent';
import { moneyFigure } from '../../../shared/domain/money-format';

const COLORS = ['#c53030', '#2f6fdf', '#2f9e6f', '#b7791f', '#6b46c1', '#718096'];
const money = (v: number) => moneyFigure('USD', v, 'axis');
const full = (v: number) => moneyFigure('USD', v);

/** The caption: what each line costs at the end, and the month the machine becomes the cheaper (if it does). */
export function cumulativeCaption(series: readonly CostSeries[], runsPerMonth: number): string {
  const [local, ...rentals] = series;
  if (!local) return '';
  const last = local.points.length - 1;
  const from = local.points[0]!.date;
  const to = local.points[last]!.date;
  const parts = rentals.map((r) => {
    const crossing = local.points.find((p, i) => i > 0 && p.usd <= r.points[i]!.usd);
    return `${r.label} ${full(r.points[last]!.usd)}${crossing ? ` (the machine is cheaper from ${crossing.date})` : ' (the machine never catches up)'}`;
  });
  return `Cumulative cost ${from} to ${to} at ${runsPerMonth} runs a month: ${local.label} ${full(local.points[last]!.usd)} (bought ${from}, plus electricity); ${parts.join('; ')}.`;
}

export function CumulativeCostChart({ series, runsPerMonth }: { series: CostSeries[]; runsPerMonth: number }) {
  const months = (series[0]?.points.length ?? 1) - 1;
  const dates = series[0]?.points.map((p) => p.date) ?? [];
  const caption = cumulativeCaption(series, runsPerMonth);
  return (
    <figure className="est-cumulative" aria-label="Cumulative cost, buy against rent">
      <VictoryChart
        title="Machine bought against rentals, cost summed month by month"
        desc={caption}
        height={300}
        width={640}
        padding={{ top: 16, bottom: 92, left: 70, right: 20 }}
        domainPadding={{ y: 8 }}
      >
        <VictoryAxis
          label="month (YYYY-MM, end of month)"
          tickValues={Array.from({ length: Math.floor(months / 6) + 1 }, (_, i) => i * 6)}
          tickFormat={(t: number) => dates[t] ?? ''}
          style={{ axisLabel: { fontSize: 10, padding: 24 }, tickLabels: { fontSize: 9 }, grid: { stroke: '#eef0f3' } }}
        />
        <VictoryAxis
          dependentAxis
          label="cumulative cost (USD)"
          tickFormat={(t: number) => money(t)}
          style={{ axisLabel: { fontSize: 10, padding: 52 }, tickLabels: { fontSize: 9 }, grid: { stroke: '#eef0f3' } }}
        />
        {series.map((s, i) => (
          <VictoryLine
            key={s.key}
            data={s.points.map((p) => ({ x: p.month, y: p.usd }))}
            style={{ data: { stroke: COLORS[i % COLORS.length], strokeWidth: i === 0 ? 2.5 : 1.5 } }}
          />
        ))}
        <VictoryLegend
          x={20}
          y={238}
          orientation="horizontal"
          itemsPerRow={2}
          gutter={16}
          style={{ labels: { fontSize: 9 } }}
          data={series.map((s, i) => ({
            name: s.label.length > 46 ? `${s.label.slice(0, 45)}…` : s.label,
            symbol: { fill: COLORS[i % COLORS.length] },
          }))}
        />
      </VictoryChart>
      <figcaption className="muted small" data-testid="cumulative-caption">
        {caption}
      </figcaption>
    </figure>
  );
}
