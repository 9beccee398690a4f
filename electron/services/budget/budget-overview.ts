/**
 * The budget overview of a project: budget, actual, forecast, variance, burn-up, track × month and alerts, from the
 * plan and the active spend lines; the spend outside the project (unallocated, or outside its dates) summed in SQL.
 */
import { addDays } from 'date-fns';
import { NO_CURRENCY } from '../../../shared/domain/billing/spend-line';
import { nanosToDecimal } from '../../../shared/domain/billing/decimal-sums';
import { compareDataCosts } from '../../../shared/domain/budget/data-cost-lines';
import { computeOverview } from '../../../shared/domain/budget/overview';
import { formatDay, parseDay } from '../../../shared/domain/plan/weeks';
import type { ExchangeRate } from '../../../shared/domain/budget/types';
import type { OverviewView } from '../../../shared/ipc/contract/budget-planning';
import type { PlanView } from '../../../shared/ipc/contract/plan';
import * as q from '../../db/queries/budget-planning';
import type { PlanService } from '../plan/plan.service';
import type { ServiceDeps } from '../service-deps';

/** The project's dates as the spend lines are filtered: from its start to the day after its end (exclusive). */
export function projectWindow(plan: { project: { start: string; end: string } }): { from: string; toExclusive: string } {
  return { from: plan.project.start, toExclusive: formatDay(addDays(parseDay(plan.project.end), 1)) };
}

/** Line count and per-currency totals of a bucket of spend lines. */
export function bucketTotals(buckets: Array<{ currency: string; nanos: bigint; lines: number }>): {
  count: number;
  totals: Record<string, string>;
} {
  const bucket = { count: 0, totals: {} as Record<string, string> };
  for (const b of buckets) {
    bucket.count += b.lines;
    bucket.totals[b.currency || NO_CURRENCY] = nanosToDecimal(b.nanos);
  }
  return bucket;
}

/**
 * The overview of a project: a read, it writes nothing and notifies nothing (issue 25 item 6). `loaded` is a plan view
 * the caller already holds (a report's snapshot), else the project's plan is read once here.
 */
export function overviewReader(deps: ServiceDeps, planService: Pick<PlanService, 'currentView'>) {
  const { db } = deps;

  /** `rates`: the exchange rates when the caller read them for several overviews at once (the alert check). */
  return function overviewOf(projectId?: string, loaded?: PlanView, rates?: readonly ExchangeRate[]): OverviewView {
    const view = loaded ?? planService.currentView(projectId);
    const plan = view.plan;
    const { from, toExclusive } = projectWindow(plan);
    const input = {
      plan,
      planWeeks: view.analysis.totals.weeks,
      // Only the project's dates are read line by line; the other buckets are summed in SQL.
      lines: q.selectActiveSpendLines(db, { from, toExclusive }),
      rules: q.selectRules(db, plan.project.id),
      budgets: q.selectBudgets(db, plan.project.id),
      rates: rates ?? q.selectRates(db),
      today: deps.now().toISOString().slice(0, 10),
      dataCosts: view.analysis.totals.dataCosts,
    };
    const overview = computeOverview(input);
    const dataCosts = compareDataCosts({ ...input, planned: view.analysis.totals.dataCosts, dataAsOf: overview.dataAsOf });
    const buckets = q.selectBucketTotals(
      db,
      plan.tracks.map((t) => t.id),
      from,
      toExclusive,
    );
    return {
      ...overview,
      unallocated: { ...overview.unallocated, ...bucketTotals(buckets.unallocated) },
      outsideWindow: bucketTotals(buckets.outside),
      tracksMeta: plan.tracks.map((t) => ({ id: t.id, name: t.name, colour: t.colour })),
      dataCosts,
      planRanges: view.analysis.ranges ?? null,
    };
  };
}
