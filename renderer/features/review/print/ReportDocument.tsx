/**
 * The review report as one printable document: the same component for the PDF (PrintView) and the Review
 * screen's live preview. Props only; every section ends with where its figures come from.
 */
import type { ReactNode } from 'react';
import { REPORT_SECTIONS, type ReportModel, type ReportSectionId } from '../../../../shared/domain/report/report-model';
import { AllocationChart, BurnUpChart, CostBars } from './ReportCharts';
import { BriefPages } from './BriefPages';
import { DataCostsTable } from './DataCostsTable';
import { num, range, usd } from './format';

const letter = (n: number) => String.fromCharCode(64 + n);

function Section({ id, model, children, source }: { id: ReportSectionId; model: ReportModel; children: ReactNode; source: ReactNode }) {
  if (!model.sections.includes(id)) return null;
  const n = model.sections.indexOf(id) + 1;
  const title = REPORT_SECTIONS.find((s) => s.id === id)!.title;
  // Sections flow one after the other (no forced page per section: no page with two spilled rows).
  return (
    <section className="rp-section" id={`rp-${id}`} data-section={id}>
      <h2>
        {letter(n)}. {title}
      </h2>
      {children}
      <p className="rp-source">
        <strong>Source:</strong> {source}
      </p>
    </section>
  );
}

const dollars = (v: string | null) =>
  v === null ? '—' : `$${Number(v).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The project's setups per run, month and year (seed 003's example), the author's figure beside the app's. */
function RunRatesTable({ runRates }: { runRates: ReportModel['assumptions']['runRates'] }) {
  return (
    <>
      <h3>Run-rates of the setups</h3>
      <Table
        className="rp-compact"
        head={[
          'Setup',
          'Compute (bookings × catalog price)',
          'Storage /month',
          'App: run or month',
          'App: year',
          'Reserved as committed /month',
          'Author',
        ]}
        numeric={[2, 3, 4, 5]}
        widths={['15%', '27%', '9%', '12%', '10%', '11%', '16%']}
        rows={runRates.map((r) => [
          r.name,
          r.lines.map((l) => `${l.offeringId} ${l.priceKind} ${l.boxHours} h × $${l.price?.usd ?? '?'} = ${dollars(l.usd)}`).join('; '),
          dollars(r.storageUsdPerMonth),
          r.period === 'run' ? `${dollars(r.usdPerRun)} per run` : `${dollars(r.usdPerMonth)}/month`,
          r.period === 'run' ? '—' : dollars(r.usdPerYear),
          r.period === 'run' ? '—' : dollars(r.usdPerMonthAsCommitted),
          `${r.author.low === r.author.high ? dollars(r.author.low) : `${dollars(r.author.low)}–${dollars(r.author.high)}`} per ${r.author.per}: ${r.author.text}`,
        ])}
      />
    </>
  );
}

function Table({
  head,
  rows,
  numeric = [],
  nowrap = [],
  widths,
  className,
}: {
  head: string[];
  rows: ReactNode[][];
  numeric?: number[];
  nowrap?: number[];
  widths?: string[];
  className?: string;
}) {
  const cls = (i: number) => [numeric.includes(i) ? 'num' : '', nowrap.includes(i) ? 'nowrap' : ''].filter(Boolean).join(' ') || undefined;
  return (
    <table className={`rp-table ${className ?? ''}`}>
      {widths && (
        <colgroup>
          {widths.map((w, i) => (
            <col key={i} style={{ width: w }} />
          ))}
        </colgroup>
      )}
      <thead>
        <tr>
          {head.map((h, i) => (
            <th key={i} className={cls(i)}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i}>
            {r.map((c, j) => (
              <td key={j} className={cls(j)}>
                {c}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const Sev = ({ s }: { s: string }) => <span className={`rp-sev rp-sev-${s}`}>{s}</span>;

/** `2025-12-21 → 12-23` within a year, else both dates in full. */
function dates(start: string, end: string): string {
  return start.slice(0, 4) === end.slice(0, 4) ? `${start} → ${end.slice(5)}` : `${start} → ${end}`;
}

export function ReportDocument({ model }: { model: ReportModel }) {
  const { cover, summary } = model;
  return (
    <article className="rp-doc">
      <BriefPages model={model} />
      {model.sections.length > 0 && (
        <section className="rp-appendix-head" aria-label="Appendix contents">
          <h2>Appendix</h2>
          <p className="rp-sub">
            GPU plan review of {cover.projectName}, scenario {cover.scenario}, report date {cover.date} · GPU Planner {cover.appVersion}
          </p>
          <ol className="rp-toc-list" type="A">
            {model.sections.map((id) => (
              <li key={id}>{REPORT_SECTIONS.find((x) => x.id === id)!.title}</li>
            ))}
          </ol>
        </section>
      )}

      <Section
        id="summary"
        model={model}
        source={
          <>
            plan analysis (allocations × catalog prices, {summary.costRule}); app estimates from the estimation model (see Assumptions);
            author's figures from the source plan; budget: {summary.budgetSource}
          </>
        }
      >
        <div className="rp-kpis">
          <div className="rp-kpi">
            <span>Planned cost (bookings)</span>
            <strong>{usd(summary.plannedUsd)}</strong>
            <small>{num(summary.plannedGpuHours)} GPU-hours</small>
          </div>
          <div className="rp-kpi">
            <span>Milestone compute, app</span>
            <strong>
              {Number(summary.appMilestoneUsd.high) === 0 && summary.appPhasesWithoutHourlyPrice > 0
                ? 'In subscription'
                : `${usd(summary.appMilestoneUsd.low)}–${usd(summary.appMilestoneUsd.high)}`}
            </strong>
            <small>
              {num(summary.appMilestoneHours.low)}–{num(summary.appMilestoneHours.high)} GPU-h: runs low–high × cost per run
              {summary.appPhasesWithoutHourlyPrice > 0
                ? `; ${summary.appPhasesWithoutHourlyPrice} phase${summary.appPhasesWithoutHourlyPrice === 1 ? '' : 's'} on a subscription (no hourly cost)`
                : ''}
            </small>
          </div>
          <div className="rp-kpi">
            <span>Milestone compute, author</span>
            <strong>{range(summary.authorMilestoneUsd, '$')}</strong>
            <small>the plan author's estimate</small>
          </div>
          <div className="rp-kpi">
            <span>Budget status</span>
            <strong className={summary.status.tone} data-testid="summary-status">
              {summary.status.label}
            </strong>
            <small>
              {usd(summary.budgetUsd)} budget, {usd(summary.remainingUsd)} remaining
            </small>
          </div>
        </div>
        <p>
          The plan books <strong>{num(summary.plannedGpuHours)} GPU-hours</strong> over <strong>{summary.durationDays} days</strong> (booked
          weeks {summary.firstWeek} → {summary.lastWeek}) for an estimated <strong>{usd(summary.plannedUsd)}</strong>
          {summary.budgetStatus === 'over' ? (
            <>
              , <strong className="bad">{usd(-Number(summary.remainingUsd))} over</strong> the {usd(summary.budgetUsd)} budget.
            </>
          ) : (
            <>, within the {usd(summary.budgetUsd)} budget.</>
          )}{' '}
          The bookings include time beyond the training runs themselves (experimentation, prototyping and idle session time the author
          planned); the app's estimate of the milestone training runs alone is {num(summary.appMilestoneHours.low)}–
          {num(summary.appMilestoneHours.high)} GPU-hours and {usd(summary.appMilestoneUsd.low)}–{usd(summary.appMilestoneUsd.high)}
          {summary.appPhasesWithoutHourlyPrice > 0
            ? ` at hourly prices (${summary.appPhasesWithoutHourlyPrice} phase${summary.appPhasesWithoutHourlyPrice === 1 ? ' runs' : 's run'} on a subscription the bookings already pay for)`
            : ''}
          , against the author's {range(summary.authorMilestoneUsd, '$')}.
        </p>
        <h3>Top risks</h3>
        <ul className="rp-risks">
          {summary.topRisks.map((r, i) => (
            <li key={i}>
              <Sev s={r.severity} /> {r.message}
            </li>
          ))}
        </ul>
        <h3>Scenarios compared</h3>
        <Table
          head={['Scenario', 'Cost', 'GPU-h', 'Days', 'Errors', 'Warnings', "Author's cost", "Author's risk"]}
          numeric={[1, 2, 3, 4, 5]}
          rows={model.assumptions.scenarios.map((s) => [
            s.scenarioId === cover.scenarioId ? <strong>▸ {s.name} (chosen)</strong> : s.name,
            usd(s.usd),
            num(s.gpuHours),
            num(s.durationDays, 0),
            s.errors,
            s.warnings,
            range(s.authorUsd, '$'),
            s.authorRisk ?? '—',
          ])}
        />
      </Section>

      <Section id="tracks" model={model} source="the plan's tracks; hours and cost from their allocations">
        <Table
          head={['Track', 'Owner', 'Focus', 'Dates', 'GPU-hours', 'Cost']}
          numeric={[4, 5]}
          nowrap={[1, 3]}
          rows={model.tracks.map((t) => [
            <>
              <i className="rp-dot" style={{ background: t.colour }} />
              {t.name}
            </>,
            t.owner,
            t.focus,
            dates(t.start, t.end),
            num(t.gpuHours),
            usd(t.usd),
          ])}
        />
      </Section>

      <Section
        id="milestones"
        model={model}
        source="the plan's milestones and phases; app = estimation model × catalog price (basis per row); booked = every GPU-hour of the track's hardware in the phase's weeks; author = the source plan's own figures"
      >
        <Table
          className="rp-milestones"
          head={['Milestone', 'Dates', 'Hardware', 'Runs', 'App h', 'App cost', 'Booked GPU-h', 'Author h', 'Author cost']}
          numeric={[3, 4, 5, 6, 7, 8]}
          nowrap={[1]}
          rows={model.milestones.map((m) => [
            <>
              <strong>{m.code}</strong> {m.milestone}
              {m.phase !== m.milestone ? <> · {m.phase}</> : null}
              <div className="rp-sub">
                {m.trackName} ({m.owner})
              </div>
            </>,
            dates(m.start, m.end),
            m.hardware,
            range(m.runs),
            num(m.appHours, 2),
            usd(m.appUsd),
            num(m.bookedHours),
            range(m.authorHours, 'h'),
            range(m.authorUsd, '$'),
          ])}
        />
        <h3>Basis of the app's estimates</h3>
        <ul className="rp-notes">
          {model.milestones.map((m) => (
            <li key={m.phaseId}>
              <strong>
                {m.code} · {m.phase}:
              </strong>{' '}
              {m.appBasis}
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="timeline"
        model={model}
        source="the plan's weekly allocations; cost per allocation by the cost rule in section Assumptions"
      >
        <AllocationChart model={model} />
        <Table
          className="rp-compact"
          head={['Week', 'Track', 'GPU', 'Offering', 'Hours', 'Cost', 'Note']}
          numeric={[4, 5]}
          nowrap={[0, 2]}
          rows={model.allocations.map((a) => [
            a.week,
            a.track,
            `${a.gpuCount > 1 ? `${a.gpuCount}× ` : ''}${a.gpuId}`,
            <span className="rp-src">{a.offeringId ?? '—'}</span>,
            num(a.hours),
            usd(a.usd),
            a.note ?? '',
          ])}
        />
      </Section>

      <Section
        id="hardware"
        model={model}
        source="estimation model across the catalog (per run: the phase's workload; cheapest priced offering per GPU; prices with their dates in section Catalog prices used)"
      >
        {model.recommendations.map((r) => (
          <div key={r.phaseId} className="rp-reco">
            <h3>{r.title}</h3>
            <p className="rp-sub">
              Workload: {r.workload ?? 'none'} · planned: {r.planned}
            </p>
            {r.error ? (
              <p className="bad">{r.error}</p>
            ) : (
              <Table
                head={['GPU', 'Offering', 'Price', 'h/run', '$/run', 'Memory need/has GiB', 'Fits', 'Bound']}
                numeric={[3, 4]}
                nowrap={[5]}
                rows={r.alternatives.map((a) => [
                  <>
                    {a.planned ? <strong>{a.gpuName} (planned)</strong> : a.gpuName}
                    {r.recommended?.offeringId === a.offeringId ? <span className="rp-badge">cheapest rental that fits</span> : null}
                  </>,
                  a.offering,
                  `${a.priceKind}, ${a.priceAsOf}`,
                  num(a.hoursPerRun, 2),
                  usd(a.usdPerRun),
                  `${num(a.requiredGiB)} / ${num(a.gpuMemoryGiB, 0)}`,
                  a.fits ? 'yes' : 'no',
                  a.bound,
                ])}
              />
            )}
            <ul className="rp-why">
              {r.why.map((w, i) => (
                <li key={i}>{w}</li>
              ))}
            </ul>
          </div>
        ))}
      </Section>

      <Section
        id="costs"
        model={model}
        source={
          <>
            plan allocations × catalog prices (cost rule in section Assumptions); providers from the catalog's offerings. Each row is
            rounded to the cent; the total is the plan's total, {usd(model.costs.total)}, the same figure everywhere in this report.
          </>
        }
      >
        <div className="rp-grid3">
          {(
            [
              ['Track', model.costs.byTrack],
              ['Month', model.costs.byMonth],
              ['Provider', model.costs.byProvider],
            ] as const
          ).map(([label, rows]) => (
            <div key={label}>
              <h3>By {label.toLowerCase()}</h3>
              <Table
                head={[label, 'GPU-h', 'Cost']}
                numeric={[1, 2]}
                rows={[
                  ...rows.map((r) => [r.key, num(r.gpuHours), usd(r.usd)]),
                  [
                    <strong key="t">Total</strong>,
                    num(rows.reduce((t, r) => t + r.gpuHours, 0)),
                    <strong key="u">{usd(model.costs.total)}</strong>,
                  ],
                ]}
              />
            </div>
          ))}
        </div>
        <div className="rp-grid2">
          <div>
            <h3>Cost by month</h3>
            <CostBars rows={model.costs.byMonth} label="cost by month" />
          </div>
          <div>
            <h3>Cost by provider</h3>
            <CostBars rows={model.costs.byProvider} label="cost by provider" />
          </div>
        </div>
        <DataCostsTable model={model} />
      </Section>

      <Section
        id="budget"
        model={model}
        source={
          <>
            budget: {summary.budgetSource} Actual spend: {model.budget.source}.
          </>
        }
      >
        {!model.budget.available && <p className="rp-banner">{model.budget.message}</p>}
        {model.budget.available && (
          <p>
            {model.budget.message} Actual to date: <strong>{usd(model.budget.actualUsd)}</strong>
            {model.budget.forecastUsd ? <>, forecast {usd(model.budget.forecastUsd)}</> : null}.
          </p>
        )}
        {model.budget.forecastUsd && (
          <p>
            Forecast at completion: <strong>{usd(model.budget.forecastUsd)}</strong> against the {usd(model.budget.budgetUsd)} budget
            {model.budget.forecastBasis ? <span className="rp-sub"> ({model.budget.forecastBasis})</span> : null}.
          </p>
        )}
        <BurnUpChart model={model} />
        <Table
          head={['Week', 'Planned this week', 'Planned cumulative', 'Budget share cumulative', 'Status']}
          numeric={[1, 2, 3]}
          rows={model.timeline.weeks.map((w) => [
            w.week,
            usd(w.usd),
            usd(w.cumulativeUsd),
            usd(w.cumulativeBudgetUsd),
            Number(w.cumulativeUsd) > Number(model.budget.budgetUsd) ? (
              <span className="bad">over total budget</span>
            ) : Number(w.cumulativeUsd) > Number(w.cumulativeBudgetUsd) ? (
              <span className="warn">ahead of budget pace</span>
            ) : (
              'on pace'
            ),
          ])}
        />
        <h3>Alerts</h3>
        {model.budget.alerts.length > 0 ? (
          <ul>
            {model.budget.alerts.map((a, i) => (
              <li key={i}>{a}</li>
            ))}
          </ul>
        ) : (
          <p className="muted">
            {model.budget.available ? 'No budget alerts.' : 'No alerts: no billing data imported yet.'} Plan-side budget checks are listed
            under Open problems.
          </p>
        )}
      </Section>

      <Section
        id="assumptions"
        model={model}
        source={<>{model.assumptions.calibration.source}; the estimation model's constants; the plan's notes</>}
      >
        <h3>Plan assumptions</h3>
        <ul className="rp-notes">
          {model.assumptions.planNotes.map((n, i) => (
            <li key={i}>{n}</li>
          ))}
          <li>
            <strong>Cost rule:</strong> {model.assumptions.costRule}
          </li>
        </ul>
        <h3>Estimation model constants</h3>
        <Table
          className="rp-compact"
          head={['Group', 'Assumption', 'Value']}
          numeric={[2]}
          rows={model.assumptions.constants.map((c) => [c.group, c.name, String(c.value)])}
        />
        <h3>Calibration</h3>
        <p>{model.assumptions.calibration.summary}</p>
        <Table
          className="rp-compact"
          head={['Measured workload (H100 SXM)', 'Measured samples/s', 'Model samples/s', 'Model ÷ measured']}
          numeric={[1, 2, 3]}
          rows={model.assumptions.calibration.rows.map((r) => [r.workload, num(r.measured), num(r.model), `×${r.ratio.toFixed(2)}`])}
        />
        {model.assumptions.runRates.length > 0 && <RunRatesTable runRates={model.assumptions.runRates} />}
        {model.assumptions.claims.length > 0 && (
          <>
            <h3>Claims in the source plan, checked</h3>
            <Table
              head={['Claim', 'Where', 'Verdict', "Author's figure", "App's figure (computed at export)", 'Why']}
              rows={model.assumptions.claims.map((c) => [`“${c.quote}”`, c.where, c.verdict, c.authorFigure, c.appFigure, c.explanation])}
            />
          </>
        )}
      </Section>

      <Section id="prices" model={model} source="the catalog: every price row with the date it was valid and its source document">
        <Table
          className="rp-compact"
          head={['Provider', 'Offering', 'GPU', 'Kind', 'USD', 'Per', 'As of', 'Source', 'Used for']}
          numeric={[4]}
          nowrap={[2, 6]}
          widths={['9%', '12%', '13%', '8%', '7%', '5%', '9%', '25%', '12%']}
          rows={model.prices.map((p) => [
            p.provider,
            p.sku,
            p.gpuId,
            p.kind,
            p.usd,
            p.per,
            p.asOf,
            <span className="rp-src">{p.source}</span>,
            p.usedFor,
          ])}
        />
      </Section>

      <Section id="problems" model={model} source="the plan's checks (budget, pools and concurrency, track dates, milestone coverage)">
        {model.problems.length === 0 ? (
          <p>No open problems.</p>
        ) : (
          <Table
            head={['Severity', 'Kind', 'Week', 'Problem']}
            nowrap={[1, 2]}
            rows={model.problems.map((p) => [<Sev s={p.severity} />, p.kindWords, p.week ?? '—', p.message])}
          />
        )}
      </Section>

      <Section
        id="next-steps"
        model={model}
        source="derived from the open problems, the milestones, the prices' dates and the estimator's alternatives"
      >
        <ul className="rp-checklist">
          {model.nextSteps.map((s, i) => (
            <li key={i}>
              <span className="rp-box" aria-hidden="true" />
              {s.text} <span className="rp-sub">({s.source})</span>
            </li>
          ))}
        </ul>
      </Section>
    </article>
  );
}
