/** The Budget overview's status line: does the budget hold, with the forecast, the incomplete-data note and the watch list. */
import type { OverviewView } from '../../../shared/ipc/contract/budget-planning';
import { budgetHoldsText, dateRangeText, moneyRangeText, rangeRulesText } from '../../../shared/domain/plan/range-text';
import { money, totalsText } from './format';

function pct(value: string, of: string | null): string {
  if (of === null || Number(of) === 0) return '';
  return `${Math.round((Number(value) / Number(of)) * 1000) / 10}%`;
}

export function BudgetStatusBanner({ o }: { o: OverviewView }) {
  const b = o.budget.total;
  if (o.status === 'no-budget')
    return (
      <div className="banner warn" role="status">
        No budget set for {o.projectName}: add one under “Budgets &amp; rates”.
      </div>
    );
  const left = o.variance.atCompletion ?? '0';
  const holds = !left.startsWith('-');
  const incomplete = o.forecast.incomplete;
  const cls = o.status === 'over' ? 'error' : o.status === 'watch' || incomplete ? 'warn' : 'ok';
  const watch = o.alerts.filter((a) => a.scope !== 'project' && a.scope !== 'currency' && a.level !== 'info');
  return (
    <div className={`banner ${cls} bu-status`} role="status" data-status={o.status}>
      <strong>
        {incomplete
          ? holds
            ? 'The budget holds so far — forecast incomplete'
            : 'The budget does not hold — forecast incomplete'
          : holds
            ? 'The budget holds'
            : o.dataAsOf
              ? 'The budget does not hold'
              : 'The plan alone does not fit the budget'}
      </strong>
      {': '}forecast at completion {money(o.currency, o.forecast.value)} of {money(o.currency, b)} ({pct(o.forecast.value, b)}),{' '}
      {holds ? `${money(o.currency, left)} left` : `${money(o.currency, left.slice(1))} over`}; actual {money(o.currency, o.actual.value)}{' '}
      spent
      {o.dataAsOf ? ` up to ${o.dataAsOf}` : ' (no spend imported in the project’s dates yet)'}.
      {Object.keys(o.actual.notConverted).length > 0 && (
        <>
          {' '}
          Not converted (no rate): <strong>{totalsText(o.actual.notConverted)}</strong>.
        </>
      )}
      {incomplete && (
        <div className="bu-incomplete" data-testid="forecast-incomplete">
          {incomplete.message}
        </div>
      )}
      {o.planRanges && (
        <div className="bu-ranges" data-testid="budget-holds" title={rangeRulesText(o.planRanges)}>
          The plan&rsquo;s all costs are {moneyRangeText(o.currency, o.planRanges.total)}: {budgetHoldsText(o.planRanges)}
          {o.planRanges.finish && o.planRanges.finish.p90 !== o.planRanges.finish.planned
            ? `; finish ${dateRangeText(o.planRanges.finish)}, planned ${o.planRanges.finish.planned}`
            : ''}
          .{' '}
          <details className="bu-ranges-rules">
            <summary>How these ranges are made</summary>
            {rangeRulesText(o.planRanges)}
          </details>
        </div>
      )}
      {holds && watch.length > 0 && (
        <div className="bu-watch">Watch: {watch.map((a) => `${a.subject} ${a.measure} ${a.percent}% of its budget`).join(' · ')}</div>
      )}
    </div>
  );
}
