/**
 * Infeasible explained (issue 27 item 7): when no schedule meets everything, the smallest single change that makes one
 * exist, found by re-solving relaxed models (each a small mixed-integer program): each short milestone's end date a
 * week later at a time (up to 8), each of its pools raised by the fewest GPU-hours a week (bisection), bookings allowed
 * to take turns (under the strict rule), another offering (when the estimator can size one), and the budget raised by the
 * fewest cents (from the solver's overrun, checked and narrowed by bisection).
 */
import { analyzePlan } from '../../../../shared/domain/plan/checks';
import type { OptimizeOptions } from '../../../../shared/domain/plan/optimize/schedule-model';
import type { ScheduleResult } from '../../../../shared/domain/plan/optimize/schedule-result';
import {
  poolsOfMilestone,
  relaxationText,
  withBudgetRaised,
  withMilestoneEndMoved,
  withPoolRaised,
  type Relaxation,
} from '../../../../shared/domain/plan/optimize/schedule-relaxations';
import type { Plan, PlanCatalog } from '../../../../shared/domain/plan/types';

export interface RelaxationSearch {
  base: Plan;
  catalog: PlanCatalog;
  options: OptimizeOptions;
  result: ScheduleResult;
  /** Solves one relaxed plan with its options. */
  solve: (plan: Plan, options: OptimizeOptions) => Promise<ScheduleResult>;
  /** Other offerings each phase may use, when the estimator can size them; null when it cannot. */
  alternatives: (() => Promise<NonNullable<OptimizeOptions['alternatives']>>) | null;
}

const MAX_WEEKS = 8;
const MAX_MILESTONES = 3;

export async function findRelaxations({ base, catalog, options, result, solve, alternatives }: RelaxationSearch): Promise<Relaxation[]> {
  if (result.status !== 'infeasible') return [];
  const out: Relaxation[] = [];
  const feasible = async (plan: Plan, opts: OptimizeOptions = options) => {
    const r = await solve(plan, opts);
    return r.status === 'infeasible' ? null : r;
  };
  const shortIds = [
    ...new Set(
      analyzePlan(result.plan, catalog)
        .problems.filter((p) => p.kind === 'milestone-short-hours' && p.milestoneId)
        .map((p) => p.milestoneId!),
    ),
  ].slice(0, MAX_MILESTONES);
  const codeOf = (id: string) => base.milestones.find((m) => m.id === id)?.code ?? id;

  for (const id of shortIds) {
    for (let weeks = 1; weeks <= MAX_WEEKS; weeks++) {
      const moved = withMilestoneEndMoved(base, id, weeks);
      if (!moved) break;
      if (await feasible(moved.plan)) {
        out.push({
          kind: 'move-end-date',
          message: relaxationText.moveEnd(codeOf(id), weeks, moved.end),
          milestoneId: id,
          poolId: null,
          amount: weeks,
          unit: 'weeks',
        });
        break;
      }
    }
  }

  const gpuOf = (offeringId: string) => catalog.offerings.find((o) => o.id === offeringId)?.gpuId;
  const pools = [...new Map(shortIds.flatMap((id) => poolsOfMilestone(base, id, gpuOf)).map((p) => [p.id, p])).values()];
  const shortHours = result.binding
    .filter((b) => b.kind === 'milestone-window' && b.unit === 'gpu-hours')
    .reduce((s, b) => s + (b.amount ?? 0), 0);
  for (const pool of pools) {
    // The shortfall's hours first; a whole GPU more (168 h) where GPUs at once bind too (the strict rule).
    let hi = Math.max(1, Math.ceil(shortHours));
    let lo = 0;
    if (!(await feasible(withPoolRaised(base, pool.id, hi)))) {
      lo = hi;
      hi = Math.max(hi + 1, 168);
      if (!(await feasible(withPoolRaised(base, pool.id, hi)))) continue;
    }
    for (let step = 0; step < 7 && hi - lo > 1; step++) {
      const mid = Math.floor((lo + hi) / 2);
      if (await feasible(withPoolRaised(base, pool.id, mid))) hi = mid;
      else lo = mid;
    }
    out.push({
      kind: 'raise-pool-capacity',
      message: relaxationText.raisePool(pool.name, hi),
      milestoneId: null,
      poolId: pool.id,
      amount: hi,
      unit: 'gpu-hours-per-week',
    });
  }

  if (options.allowTurns === false && (await feasible(base, { ...options, allowTurns: true })))
    out.push({ kind: 'allow-turns', message: relaxationText.allowTurns(), milestoneId: null, poolId: null, amount: null, unit: null });

  if (!options.alternatives && alternatives && shortIds.length > 0) {
    const relaxed = await feasible(base, { ...options, alternatives: await alternatives() });
    if (relaxed) {
      for (const id of shortIds) {
        const before = base.milestones.find((m) => m.id === id);
        const after = relaxed.plan.milestones.find((m) => m.id === id);
        const moved = after?.phases.find((p, i) => p.offeringId !== before?.phases[i]?.offeringId);
        if (!moved?.offeringId) continue;
        const label = catalog.offerings.find((o) => o.id === moved.offeringId)?.label ?? moved.offeringId;
        out.push({
          kind: 'other-offering',
          message: relaxationText.otherOffering(codeOf(id), label),
          milestoneId: id,
          poolId: null,
          amount: null,
          unit: null,
        });
      }
    }
  }

  // The budget: re-solved with the budget raised, to the cent. The search starts from the larger of the solver's overrun
  // and the suggestion's overrun as the checks count it (all costs: storage and transfer too, the bookings as rounded);
  // it is kept only when a larger budget alone makes a schedule exist (not when a date or a pool binds too).
  const overBudget = result.binding.find((b) => b.kind === 'budget' && b.unit === 'usd' && (b.amount ?? 0) > 0);
  if (overBudget) {
    const raised = async (cents: number) => {
      const r = await feasible(withBudgetRaised(base, cents));
      return r !== null && !analyzePlan(r.plan, catalog).problems.some((p) => p.kind === 'cumulative-over-budget');
    };
    const checked = Number(analyzePlan(result.plan, catalog).totals.allCostsUsd) - Number(base.project.budget);
    let hi = Math.ceil(Math.max(overBudget.amount!, checked) * 100 - 1e-6);
    let lo = 0;
    let found = await raised(hi);
    // a little more, twice, for what the start misses (a month's fee, rounding); beyond that the budget alone will not do
    for (let n = 0; n < 2 && !found; n++) {
      lo = hi;
      hi = Math.ceil(hi * 1.1) + 100;
      found = await raised(hi);
    }
    if (found) {
      if (lo === 0 && !(await raised(hi - 1))) lo = hi - 1;
      for (let step = 0; step < 8 && hi - lo > 1; step++) {
        const mid = Math.floor((lo + hi) / 2);
        if (await raised(mid)) hi = mid;
        else lo = mid;
      }
      out.push({
        kind: 'raise-budget',
        message: relaxationText.raiseBudget(base.project.currency, hi / 100),
        milestoneId: null,
        poolId: null,
        amount: hi / 100,
        unit: 'usd',
      });
    }
  }
  return out;
}
