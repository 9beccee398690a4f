import Big from 'big.js';
/**
 * The two-page brief that opens the review (issue 19): page 1 the decision, the recommendation, key figures and the
 * Gantt of tracks × weeks; page 2 cost by month against the budget, the three biggest risks and the scenarios.
 */
import type { ReportModel } from '../../../../shared/domain/report/report-model';
import { PROJECT_MONTH_RULE } from '../../../../shared/domain/plan/weeks';
import { num, usd } from './format';
import { DataCostsSentence } from './DataCostsTable';
import { ganttCaption, ganttLayout, labelFits, milestonesByWeek, wrapName } from './gantt-layout';

const monthName = (m: string) =>
  new Date(`${m}-01T00:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

function Gantt({ model }: { model: ReportModel }) {
  const cur = model.cover.currency;
  const { weeks, tracks } = model.brief.gantt;
  const { labelW, colW, width, headings, byMonth } = ganttLayout(weeks);
  const nameFont = byMonth ? 9 : 10;
  const nameLineH = nameFont + 2;
  // Long track names wrap onto more lines (never cut with an ellipsis): ~0.6 em a character in the label column.
  const nameLines = (t: (typeof tracks)[number]) => wrapName(t.name, (labelW - 8) / (nameFont * 0.6));
  // a row is as tall as its contents: the bar, the milestones' diamonds below it when it has any, and its name's lines
  const rowH = (t: (typeof tracks)[number]) => Math.max(t.milestones.length > 0 ? 44 : 30, 10 + nameLines(t).length * nameLineH);
  const headH = 30;
  const rowY: number[] = [];
  let bottom = headH;
  for (const t of tracks) {
    rowY.push(bottom);
    bottom += rowH(t);
  }
  const height = bottom + 4;
  const x = (week: string) => labelW + weeks.findIndex((w) => w.week === week) * colW;
  const caption = ganttCaption(tracks);
  return (
    <figure className="rp-chart rp-gantt">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={`Timeline of tracks by ISO week. ${caption}`}>
        {headings.map((h, i) => (
          <g key={`${h.label}-${h.sub}-${i}`}>
            <rect x={h.x} y={0} width={h.width} height={height} fill={i % 2 ? '#f8fafc' : '#ffffff'} />
            <text x={h.x + (byMonth ? 3 : h.width / 2)} y={12} fontSize={9} textAnchor={byMonth ? 'start' : 'middle'} fill="#334155">
              {h.label}
            </text>
            <text x={h.x + (byMonth ? 3 : h.width / 2)} y={24} fontSize={8} textAnchor={byMonth ? 'start' : 'middle'} fill="#64748b">
              {h.sub}
            </text>
          </g>
        ))}
        {tracks.map((t, r) => {
          const y = rowY[r]!;
          return (
            <g key={t.id}>
              <line x1={0} x2={width} y1={y} y2={y} stroke="#cbd5e1" strokeWidth={0.6} />
              <text x={4} y={y + 18} fontSize={nameFont} fontWeight={700} fill="#111827">
                {nameLines(t).map((line, i) => (
                  <tspan key={i} x={4} y={y + (nameLines(t).length > 1 ? 12 : 18) + i * nameLineH}>
                    {line}
                  </tspan>
                ))}
              </text>
              {t.bars.map((b, i) => {
                const pad = byMonth ? 0.5 : 2;
                const bx = x(b.from) + pad;
                const bw = Math.max(2, x(b.to) + colW - pad - bx);
                const label = labelFits(b.label, bw) ? b.label : b.label.split(' ')[0]!;
                return (
                  <g key={i}>
                    <rect x={bx} y={y + 6} width={bw} height={17} rx={byMonth ? 1.5 : 3} fill={t.colour} opacity={0.9} />
                    {labelFits(label, bw) && (
                      <text x={bx + 4} y={y + 18} fontSize={8.5} fill="#ffffff" fontWeight={600}>
                        {label}
                      </text>
                    )}
                  </g>
                );
              })}
              {milestonesByWeek(t.milestones).map((m) => {
                const mx = x(m.week) + colW / 2;
                return (
                  <g key={m.week}>
                    <path d={`M ${mx} ${y + 28} l 5 6 l -5 6 l -5 -6 z`} fill="#111827" />
                    <text x={mx + 7} y={y + 39} fontSize={8.5} fill="#111827">
                      {m.codes}
                    </text>
                  </g>
                );
              })}
            </g>
          );
        })}
      </svg>
      <figcaption>
        Bars: weeks with GPU time booked{byMonth ? ' (weeks under their month)' : ''}, labelled with the hardware where they are wide
        enough; ◆ a milestone’s due week. {caption}.
      </figcaption>
    </figure>
  );
}

export function BriefPages({ model }: { model: ReportModel }) {
  const cur = model.cover.currency;
  const { brief, cover } = model;
  return (
    <>
      <section className="rp-brief rp-brief-1" aria-label="Brief, page 1">
        <p className="rp-kicker">GPU plan review · brief</p>
        <h1>{cover.projectName}</h1>
        <p className="rp-sub">
          Scenario: {cover.scenario} · project {cover.start} → {cover.end} · plan revision {cover.revision} · report date {cover.date}
        </p>
        <p className={`rp-status rp-status-${brief.status.tone}`} data-testid="brief-status">
          <strong>{brief.status.label}</strong>
        </p>
        <h2>The decision asked for</h2>
        <p>{brief.decision}</p>
        <h2>Recommendation</h2>
        <p>
          <strong>{brief.recommendation.headline}</strong>
        </p>
        {brief.recommendation.reasons.length > 0 && (
          <ul className="rp-reasons">
            {brief.recommendation.reasons.map((r, i) => (
              <li key={i}>{r}</li>
            ))}
          </ul>
        )}
        <div className="rp-kpis">
          {brief.keyFigures.map((k) => (
            <div key={k.label} className="rp-kpi">
              <span>{k.label}</span>
              <strong>{k.value}</strong>
              <small>{k.note}</small>
            </div>
          ))}
        </div>
        <h2>Timeline: tracks by week</h2>
        <Gantt model={model} />
      </section>
      <section className="rp-brief rp-brief-2" aria-label="Brief, page 2">
        <h2>Cost by month against the budget</h2>
        <table className="rp-table">
          <caption className="rp-sub">
            Planned cost of the bookings at catalog prices by month ({PROJECT_MONTH_RULE}); bars drawn to the budget’s scale; budget as set
            for each month
            {Object.values(brief.months).every((m) => m.budgetUsd === null) ? ' (no month budgets: the project total is shown)' : ''}.
          </caption>
          <thead>
            <tr>
              <th>Month</th>
              <th className="num">Planned</th>
              <th className="num">Budget</th>
              <th className="num">Cumulative planned</th>
              <th className="num">Cumulative budget</th>
              <th>Planned against budget</th>
            </tr>
          </thead>
          <tbody>
            {brief.months.map((m) => (
              <tr key={m.month}>
                <td>{monthName(m.month)}</td>
                <td className="num">{usd(m.plannedUsd, cur)}</td>
                <td className="num">{m.budgetUsd === null ? '—' : usd(m.budgetUsd, cur)}</td>
                <td className="num">{usd(m.cumulativePlannedUsd, cur)}</td>
                <td className="num">{m.cumulativeBudgetUsd === null ? '—' : usd(m.cumulativeBudgetUsd, cur)}</td>
                <td>
                  <span className="rp-mbar" aria-hidden="true">
                    <i className={m.over ? 'over' : ''} style={{ width: `${m.barPercent}%` }} />
                    {m.budgetMarkPercent !== null && <b style={{ left: `${m.budgetMarkPercent}%` }} />}
                  </span>
                  <span className={m.over ? 'bad' : 'good'}>{m.over ? ' over' : ' within'}</span>
                </td>
              </tr>
            ))}
            <tr className="rp-total">
              <td>
                <strong>Total</strong>
              </td>
              <td className="num">
                <strong>{usd(model.summary.plannedUsd, cur)}</strong>
              </td>
              <td className="num">
                <strong>{usd(model.summary.budgetUsd, cur)}</strong>
              </td>
              <td />
              <td />
              <td className={model.summary.budgetStatus === 'over' ? 'bad' : 'good'}>
                {model.summary.budgetStatus === 'over'
                  ? `over by ${usd(new Big(model.summary.remainingUsd).neg().toFixed(), cur)}`
                  : `${usd(model.summary.remainingUsd, cur)} left`}
              </td>
            </tr>
          </tbody>
        </table>
        <DataCostsSentence model={model} />
        <h2>The three biggest risks</h2>
        {brief.risks.length === 0 ? (
          <p>The plan’s checks found no problem.</p>
        ) : (
          <ol className="rp-risklist">
            {brief.risks.map((r, i) => (
              <li key={i}>{r}</li>
            ))}
          </ol>
        )}
        <h2>Scenarios compared</h2>
        <table className="rp-table">
          <thead>
            <tr>
              <th>Scenario</th>
              <th className="num">Planned cost</th>
              <th className="num">GPU-hours</th>
              <th className="num">Days booked</th>
              <th className="num">Errors</th>
              <th className="num">Warnings</th>
              <th>Budget</th>
            </tr>
          </thead>
          <tbody>
            {brief.scenarios.map((s) => (
              <tr key={s.name}>
                <td>{s.chosen ? <strong>{s.name} (this report)</strong> : s.name}</td>
                <td className="num">{usd(s.usd, cur)}</td>
                <td className="num">{num(s.gpuHours)}</td>
                <td className="num">{s.days ?? '—'}</td>
                <td className="num">{s.errors}</td>
                <td className="num">{s.warnings}</td>
                <td className={s.overBudget ? 'bad' : s.errors > 0 ? 'warn' : 'good'}>
                  {s.overBudget ? 'over' : s.errors > 0 ? 'within, with errors' : 'within'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="rp-source">
          <strong>Source:</strong> the plan’s bookings priced with the catalog’s dated prices; budget: {model.summary.budgetSource}; risks
          from the plan’s checks. The appendix that follows gives every figure’s basis.
        </p>
      </section>
    </>
  );
}
