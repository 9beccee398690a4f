/** The Plan screen's ranges card: the plan's all costs and finish as P10–P90 and how likely the budget holds (plan-ranges.ts). */
import type { PlanView } from '../../../shared/ipc/contract/plan';
import { budgetHoldsText, dateRangeText, moneyRangeText, rangeRulesText } from '../../../shared/domain/plan/range-text';

export function PlanRangesKpi({ view }: { view: PlanView }) {
  const r = view.analysis.ranges;
  if (!r) return null;
  const holds = r.budgetHolds;
  return (
    <div className="kpi" data-testid="plan-ranges" title={rangeRulesText(r)}>
      <div className="kpi-label">All costs P10–P90</div>
      <div className={`kpi-value${holds < 0.5 ? ' pt-bad-text' : ''}`}>{moneyRangeText(r.currency, r.total, false)}</div>
      <div className="kpi-sub">
        {budgetHoldsText(r)}
        {r.finish ? ` · finish ${dateRangeText(r.finish, false)}` : ''}
      </div>
    </div>
  );
}
