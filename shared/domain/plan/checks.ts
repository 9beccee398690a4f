/**
 * Plan checks, recomputed on every edit (pure and fast): each problem says what is wrong, where (a cell of the
 * timeline to jump to), and how bad.
 *
 * - pool-over-capacity: a pool's booked GPU-hours in a week exceed capacity × 168 h (error); or more GPUs are booked
 *   at once than the pool has, which only works if the bookings take turns (warning); vCPU pools compare the
 *   offerings' vCPUs with the quota (error) (pool-checks.ts).
 * - milestone-short-hours: a milestone phase's allocated GPU-hours (its track, its GPU type, weeks from its start to
 *   its end, shared in end-date order with the track's other phases) are fewer than its estimated hours
 *   (the app's estimate, else the author's midpoint: mid runs × mid hours per run).
 * - milestone-no-hardware: a phase without an offering or GPU type (both in milestone-coverage.ts).
 * - milestone-dependency-order: a milestone starts before a milestone it depends on ends (milestone-dependencies.ts).
 * - week-over-budget-share: a week costs more than its share of the budget (warning); the cumulative cost passes the
 *   total budget (error, once, at the first week it happens) (budget-checks.ts).
 * - offering-missing / price-changed: an allocation or phase names an offering that is no longer in the catalog (error),
 *   or whose current price differs from the price the plan was made with (warning) (offering-checks.ts).
 * - allocation-outside-track: an allocation in a week wholly outside its track's dates (warning) (budget-checks.ts).
 * - exchange-rate-missing / exchange-rate-stale: a week's costs without a rate into the project's currency (error), or
 *   converted at a rate over a month older than the week (info) (currency-checks.ts).
 * - subscription-over-allowance: a month's bookings on a subscription need more units than it includes and it sells no
 *   top-up (error; with top-ups the packs are bought and costed instead) (subscription-pricing.ts).
 * - run-over-session / run-over-job-timeout / spot-without-checkpoint / dataset-over-disk / dataset-over-memory: one run
 *   of a phase against its offering's limits and host (run-rule-checks.ts).
 */
import { budgetProblems, trackDateProblems } from './budget-checks';
import { currencyProblems } from './currency-checks';
import { milestoneCoverage } from './milestone-coverage';
import { dependencyOrderProblems } from './milestone-dependencies';
import { offeringProblems } from './offering-checks';
import { poolLoads } from './pool-checks';
import { createPriceBook } from './pricing';
import { runGpuProblems } from './run-gpu-checks';
import { runRuleProblems } from './run-rule-checks';
import { subscriptionProblems } from './subscription-pricing';
import { computeTotals, type PlanTotals } from './totals';
import type { PhaseCoverage, PoolLoad, Problem, Severity } from './problem';
import type { Plan, PlanCatalog } from './types';

export type { CellRef, PhaseCoverage, PoolLoad, Problem, ProblemKind, RunGpuKind, Severity } from './problem';

export interface PlanAnalysis {
  problems: Problem[];
  totals: PlanTotals;
  pools: PoolLoad[];
  phases: PhaseCoverage[];
}

const SEVERITY_ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** Every check and the weekly totals, in one pass over the plan. */
export function analyzePlan(plan: Plan, catalog: PlanCatalog): PlanAnalysis {
  const book = createPriceBook(plan, catalog);
  const totals = computeTotals(plan, catalog, book);
  const pools = poolLoads(plan, book);
  const milestones = milestoneCoverage(plan, book);
  const problems = [
    ...pools.problems,
    ...subscriptionProblems(totals.subscriptions, plan.allocations),
    ...milestones.problems,
    ...dependencyOrderProblems(plan),
    ...offeringProblems(plan, book),
    ...budgetProblems(plan, totals),
    ...currencyProblems(totals),
    ...trackDateProblems(plan),
    ...runRuleProblems(plan, book),
    ...runGpuProblems(plan, book),
  ];
  const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  problems.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || cmp(a.week ?? '', b.week ?? '') || cmp(a.id, b.id));
  return { problems, totals, pools: pools.loads, phases: milestones.coverage };
}

export function checkPlan(plan: Plan, catalog: PlanCatalog): Problem[] {
  return analyzePlan(plan, catalog).problems;
}
