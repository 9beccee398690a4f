import Big from 'big.js';
/** The report's summary section: the plan's totals against the budget, the author's figures and the app's estimates. */
import type { ReportModel } from '../../../../shared/domain/report/report-model';
import { authorRange, hasAuthorFigures, num, range, usd, withoutColumns } from './format';
import { Section, Table, Sev } from './report-parts';

export function SummarySection({ model }: { model: ReportModel }) {
  const cur = model.cover.currency;
  const { cover, summary } = model;
  // A plan the lead made has no source document: no "author" figures, no "against the author's $0".
  const author = hasAuthorFigures(model);
  const scenarios = withoutColumns(
    ['Scenario', 'Cost', 'GPU-h', 'Days', 'Errors', 'Warnings', "Author's cost", "Author's risk"],
    model.assumptions.scenarios.map((s) => [
      s.scenarioId === cover.scenarioId ? <strong>▸ {s.name} (chosen)</strong> : s.name,
      usd(s.usd, cur),
      num(s.gpuHours),
      num(s.durationDays, 0),
      s.errors,
      s.warnings,
      authorRange(s.authorUsd, model.cover),
      s.authorRisk ?? '—',
    ]),
    author ? [] : [6, 7],
  );
  return (
    <Section
      id="summary"
      model={model}
      source={
        <>
          plan analysis (allocations × catalog prices, {summary.costRule}); app estimates from the estimation model (see Assumptions);{' '}
          {author ? "author's figures from the source plan; " : ''}budget: {summary.budgetSource}
        </>
      }
    >
      <div className="rp-kpis">
        <div className="rp-kpi">
          <span>Planned cost (bookings)</span>
          <strong>{usd(summary.plannedUsd, cur)}</strong>
          <small>{num(summary.plannedGpuHours)} GPU-hours</small>
        </div>
        <div className="rp-kpi">
          <span>Milestone compute, app</span>
          <strong>
            {Number(summary.appMilestoneUsd.high) === 0 && summary.appPhasesWithoutHourlyPrice > 0
              ? 'In subscription'
              : `${usd(summary.appMilestoneUsd.low, cur)}–${usd(summary.appMilestoneUsd.high, cur)}`}
          </strong>
          <small>
            {num(summary.appMilestoneHours.low)}–{num(summary.appMilestoneHours.high)} GPU-h: runs low–high × cost per run
            {summary.appPhasesWithoutHourlyPrice > 0
              ? `; ${summary.appPhasesWithoutHourlyPrice} phase${summary.appPhasesWithoutHourlyPrice === 1 ? '' : 's'} on a subscription (no hourly cost)`
              : ''}
          </small>
        </div>
        {author && (
          <div className="rp-kpi">
            <span>Milestone compute, author</span>
            <strong>{authorRange(summary.authorMilestoneUsd, model.cover)}</strong>
            <small>the source document author's estimate</small>
          </div>
        )}
        <div className="rp-kpi">
          <span>Budget status</span>
          <strong className={summary.status.tone} data-testid="summary-status">
            {summary.status.label}
          </strong>
          <small>
            {usd(summary.budgetUsd, cur)} budget, {usd(summary.remainingUsd, cur)} remaining
          </small>
        </div>
      </div>
      <p>
        {summary.firstWeek ? (
          <>
            The plan books <strong>{num(summary.plannedGpuHours)} GPU-hours</strong> over <strong>{summary.durationDays} days</strong>{' '}
            (booked weeks {summary.firstWeek} → {summary.lastWeek}) for an estimated <strong>{usd(summary.plannedUsd, cur)}</strong>
          </>
        ) : (
          <>
            Nothing is booked yet: the plan costs <strong>{usd(summary.plannedUsd, cur)}</strong>
          </>
        )}
        {summary.budgetStatus === 'over' ? (
          <>
            , <strong className="bad">{usd(new Big(summary.remainingUsd).neg().toFixed(), cur)} over</strong> the{' '}
            {usd(summary.budgetUsd, cur)} budget.
          </>
        ) : (
          <>, within the {usd(summary.budgetUsd, cur)} budget.</>
        )}{' '}
        {/* A plan without milestones has no training runs to compare the bookings with. */}
        {model.milestones.length > 0 && (
          <>
            {author
              ? 'The bookings include time beyond the training runs themselves (experimentation, prototyping and idle session time the author planned); '
              : 'The bookings may include time beyond the training runs themselves; '}
            the app's estimate of the milestone training runs alone is {num(summary.appMilestoneHours.low)}–
            {num(summary.appMilestoneHours.high)} GPU-hours and {usd(summary.appMilestoneUsd.low, cur)}–
            {usd(summary.appMilestoneUsd.high, cur)}
            {summary.appPhasesWithoutHourlyPrice > 0
              ? ` at hourly prices (${summary.appPhasesWithoutHourlyPrice} phase${summary.appPhasesWithoutHourlyPrice === 1 ? ' runs' : 's run'} on a subscription the bookings already pay for)`
              : ''}
            {author ? <>, against the source document author's {authorRange(summary.authorMilestoneUsd, model.cover)}.</> : '.'}
          </>
        )}
      </p>
      {model.ranges && (
        <p className="rp-ranges" data-testid="report-ranges">
          <strong>{model.ranges.sentence}</strong> <small>{model.ranges.rules}</small>
        </p>
      )}
      <h3>Top risks</h3>
      <ul className="rp-risks">
        {summary.topRisks.map((r, i) => (
          <li key={i}>
            <Sev s={r.severity} /> {r.message}
          </li>
        ))}
      </ul>
      <h3>Scenarios compared</h3>
      <Table head={scenarios.head} numeric={[1, 2, 3, 4, 5]} rows={scenarios.rows} />
    </Section>
  );
}
