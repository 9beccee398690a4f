/**
 * Never worse than now (issue 27 item 1): a least-cost suggestion is measured against the current plan with the
 * plan's own checks and costing (checks.ts). A current plan without errors that costs no more than the suggestion is
 * the answer: nothing to change. A suggestion that costs more says which errors of the current plan it fixes and what
 * fixing them costs; one that costs more and fixes none is dropped for the current plan.
 */
import Big from 'big.js';
import { shownCents } from '../../apportion';
import { money } from '../../money-format';
import { analyzePlan } from '../checks';
import type { Plan, PlanCatalog } from '../types';
import type { BindingConstraint, ScheduleResult } from './schedule-result';

export function measuredAgainstCurrent(current: Plan, catalog: PlanCatalog, result: ScheduleResult): ScheduleResult {
  if (result.objective !== 'cost') return result;
  const now = analyzePlan(current, catalog);
  const next = analyzePlan(result.plan, catalog);
  const nowCost = new Big(now.totals.allCostsUsd);
  const nextCost = new Big(next.totals.allCostsUsd);
  if (nextCost.lte(nowCost)) return result;
  const m = (v: Big) => money(current.project.currency, shownCents(v));
  const errorsAfter = new Set(next.problems.filter((p) => p.severity === 'error').map((p) => p.message));
  const errorsNow = now.problems.filter((p) => p.severity === 'error');
  const fixed = errorsNow.filter((p) => !errorsAfter.has(p.message));
  if (fixed.length > 0) {
    const why: BindingConstraint = {
      kind: 'current-plan',
      message: `The suggestion costs ${m(nextCost)}, ${m(nextCost.minus(nowCost))} more than the current plan's ${m(nowCost)}, because it fixes ${fixed.length === 1 ? 'an error' : `${fixed.length} errors`} of the current plan: ${fixed.map((p) => p.message).join(' ')}`,
      amount: Number(nextCost.minus(nowCost).toFixed(2)),
      unit: 'usd',
      weeks: [...new Set(fixed.flatMap((p) => (p.week ? [p.week] : [])))].sort(),
    };
    return { ...result, binding: [why, ...result.binding] };
  }
  const kept: BindingConstraint = {
    kind: 'current-plan',
    message:
      errorsNow.length === 0
        ? `The current plan already meets every milestone within its pools and budget for ${m(nowCost)}; the cheapest new schedule found costs ${m(nextCost)}. Nothing to change.`
        : `No schedule found fixes the current plan's errors, and the cheapest costs ${m(nextCost)} against the current ${m(nowCost)}: the current plan is kept. What no schedule fixes: ${errorsNow.map((p) => p.message).join(' ')}`,
    amount: null,
    unit: null,
    weeks: [],
  };
  const workWeeks = current.allocations.filter((a) => a.phaseId !== null).map((a) => a.week);
  return {
    ...result,
    status: 'feasible',
    plan: current,
    cost: Number(nowCost.toFixed(2)),
    finishWeek: workWeeks.sort().at(-1) ?? result.finishWeek,
    binding: [kept],
    replacedAllocationIds: [],
    addedAllocations: [],
  };
}
