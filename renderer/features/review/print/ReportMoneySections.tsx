/** The report's money sections: what the plan costs, and how it stands against its budgets. */
import type { ReportModel } from '../../../../shared/domain/report/report-model';
import { BurnUpChart, CostBars } from './ReportCharts';
import { DataCostsTable } from './DataCostsTable';
import { num, usd } from './format';
import { Section, Table } from './report-parts';

export function CostsSection({ model }: { model: ReportModel }) {
  const cur = model.cover.currency;
  return (
    <Section
      id="costs"
      model={model}
      source={
        <>
          plan allocations × catalog prices (cost rule in section Assumptions); providers from the catalog's offerings. Each row is rounded
          to the cent; these tables are the GPU cost, {usd(model.costs.total, cur)}; the storage and transfer below bring it to the plan's
          total, the figure the brief and every summary in this report use.
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
              head={[label, 'GPU-h', 'GPU cost']}
              numeric={[1, 2]}
              rows={[
                ...rows.map((r) => [r.key, num(r.gpuHours), usd(r.usd, cur)]),
                [
                  <strong key="t">Total</strong>,
                  num(rows.reduce((t, r) => t + r.gpuHours, 0)),
                  <strong key="u">{usd(model.costs.total, cur)}</strong>,
                ],
              ]}
            />
          </div>
        ))}
      </div>
      <div className="rp-grid2">
        <div>
          <h3>Cost by month</h3>
          <CostBars rows={model.costs.byMonth} label="cost by month" currency={cur} />
        </div>
        <div>
          <h3>Cost by provider</h3>
          <CostBars rows={model.costs.byProvider} label="cost by provider" currency={cur} />
        </div>
      </div>
      <DataCostsTable model={model} />
    </Section>
  );
}

export function BudgetSection({ model }: { model: ReportModel }) {
  const cur = model.cover.currency;
  const { summary } = model;
  return (
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
          {model.budget.message} Actual to date: <strong>{usd(model.budget.actualUsd, cur)}</strong>
          {model.budget.forecastUsd ? <>, forecast {usd(model.budget.forecastUsd, cur)}</> : null}.
        </p>
      )}
      {model.budget.forecastUsd && (
        <p>
          Forecast at completion: <strong>{usd(model.budget.forecastUsd, cur)}</strong> against the {usd(model.budget.budgetUsd, cur)}{' '}
          budget.
          {model.budget.forecastBasis ? (
            <span className="rp-sub" data-testid="report-forecast-method">
              {' '}
              Forecast: {model.budget.forecastBasis}
              {model.budget.forecastRule ? ` (${model.budget.forecastRule})` : ''}
            </span>
          ) : null}
        </p>
      )}
      <BurnUpChart model={model} />
      <Table
        head={['Week', 'Planned this week (all costs)', 'Planned cumulative', 'Budget share cumulative', 'Status']}
        numeric={[1, 2, 3]}
        rows={model.timeline.weeks.map((w) => [
          w.week,
          usd(w.allCostsUsd, cur),
          usd(w.allCostsCumulativeUsd, cur),
          usd(w.cumulativeBudgetUsd, cur),
          Number(w.allCostsCumulativeUsd) > Number(model.budget.budgetUsd) ? (
            <span className="bad">over total budget</span>
          ) : Number(w.allCostsCumulativeUsd) > Number(w.cumulativeBudgetUsd) ? (
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
  );
}
