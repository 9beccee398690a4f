/** Month zoom: each ISO week belongs to the month of its Thursday; bookings, pool loads and costs summed per month. */
import Big from 'big.js';
import { groupWeeksByMonth } from '../../../shared/domain/plan/weeks';
import type { PlanView } from '../../../shared/ipc/contract/plan';
import { fmtHours, fmtMoney, gpuShort } from './timeline-model';

export function MonthView({ view }: { view: PlanView }) {
  const { plan, analysis, weeks } = view;
  const cur = analysis.totals.currency;
  const months = groupWeeksByMonth(weeks);
  const byWeek = new Map(analysis.totals.weeks.map((w) => [w.week, w]));
  return (
    <div className="pt-scroll">
      <table className="data pt-months" aria-label="Plan by month">
        <thead>
          <tr>
            <th>Row</th>
            {months.map((m) => (
              <th key={m.month} className="num">
                {m.label}
                <div className="muted">
                  {m.weeks[0]!.slice(5)}–{m.weeks[m.weeks.length - 1]!.slice(5)} ({m.weeks.length} weeks)
                </div>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {plan.tracks.map((t) => (
            <tr key={t.id}>
              <td style={{ borderLeft: `4px solid ${t.colour}` }}>
                <strong>{t.name}</strong>
                <div className="muted">{t.owner}</div>
              </td>
              {months.map((m) => {
                const per = new Map<string, number>();
                for (const a of plan.allocations)
                  if (a.trackId === t.id && m.weeks.includes(a.week)) per.set(a.gpuId, (per.get(a.gpuId) ?? 0) + a.hours * a.gpuCount);
                return (
                  <td key={m.month} className="num">
                    {[...per].map(([g, h]) => `${gpuShort(g)} ${fmtHours(h)} h`).join(' · ') || '—'}
                  </td>
                );
              })}
            </tr>
          ))}
          {plan.pools.map((p) => {
            const load = analysis.pools.find((x) => x.poolId === p.id);
            return (
              <tr key={p.id}>
                <td>{p.name}</td>
                {months.map((m) => {
                  const ws = m.weeks.map((w) => load?.weeks[w]).filter((x) => x !== undefined);
                  const over = ws.some((w) => w.over);
                  const turns = ws.some((w) => w.turns);
                  return (
                    <td key={m.month} className={`num${over ? ' pt-bad-text' : turns ? ' pt-warn-text' : ''}`}>
                      {ws.length
                        ? `peak ${fmtHours(Math.max(...ws.map((w) => w.gpuHours)))} / ${ws[0]!.capacityHours} h a week${over ? ' · OVER' : turns ? ' · shared' : ''}`
                        : '—'}
                    </td>
                  );
                })}
              </tr>
            );
          })}
          <tr>
            <td>
              <strong>GPU-hours</strong>
            </td>
            {months.map((m) => (
              <td key={m.month} className="num">
                {fmtHours(m.weeks.reduce((s, w) => s + (byWeek.get(w)?.gpuHours ?? 0), 0))} h
              </td>
            ))}
          </tr>
          <tr>
            <td>
              <strong>Cost</strong>
            </td>
            {months.map((m) => (
              <td key={m.month} className="num">
                {fmtMoney(
                  m.weeks
                    .reduce((s, w) => s.plus(byWeek.get(w)?.usdExact ?? '0'), new Big(0))
                    .round(2, Big.roundHalfUp)
                    .toFixed(2),
                  cur,
                )}
              </td>
            ))}
          </tr>
          <tr>
            <td>
              <strong>Cumulative cost</strong>
              <div className="muted">budget {fmtMoney(analysis.totals.budget, cur)}</div>
            </td>
            {months.map((m) => {
              const c = byWeek.get(m.weeks[m.weeks.length - 1]!)?.cumulativeUsd ?? '0';
              return (
                <td key={m.month} className={`num${Number(c) > Number(plan.project.budget) ? ' pt-bad-text' : ''}`}>
                  {fmtMoney(c, cur)}
                </td>
              );
            })}
          </tr>
        </tbody>
      </table>
    </div>
  );
}
