/**
 * Keeps the phases' app estimates current: each phase estimated again with the engine, and the ones that changed saved
 * in the plan and in its scenarios (each a varied copy of the plan), so the scenarios compare on the same estimates.
 */
import type { AppEstimate, MilestonePhase, Plan, PlanCatalog, Scenario } from '../../../shared/domain/plan/types';
import type { PlanView } from '../../../shared/ipc/contract/plan';
import { bumpRevision } from '../../db/queries/plan';
import { updatePhaseEstimate } from '../../db/queries/plan-rows';
import { updateScenarioPlan } from '../../db/queries/scenario';
import type { PlanContext } from './plan-context';
import { estimatePhase, type WorkloadEstimator } from './plan-estimates';

type StaleEstimate = { phase: MilestonePhase; estimate: AppEstimate | null };

/** The phases of `plan` whose app estimate differs from the engine's answer now (price or workload changed). */
async function staleEstimates(plan: Plan, cat: PlanCatalog, estimator: WorkloadEstimator, now: () => Date): Promise<StaleEstimate[]> {
  const strip = (e: AppEstimate | null) => (e ? JSON.stringify({ ...e, computedAt: '' }) : null);
  const stale: StaleEstimate[] = [];
  for (const m of plan.milestones) {
    for (const phase of m.phases) {
      let estimate: AppEstimate | null = null;
      try {
        estimate = await estimatePhase(plan, cat, phase, estimator, now());
      } catch {
        estimate = null;
      }
      if (strip(estimate) !== strip(phase.appEstimate)) stale.push({ phase, estimate });
    }
  }
  return stale;
}

/** Recomputes each phase's estimate with the engine (when present), saves the ones that changed, and returns the plan view. */
export function estimateRefresher(ctx: PlanContext, estimator: WorkloadEstimator | null) {
  const { db } = ctx;
  return async function refreshEstimates(projectId?: string): Promise<PlanView> {
    const { plan } = ctx.load(projectId);
    const cat = ctx.catalog();
    if (estimator) {
      const stale = await staleEstimates(plan, cat, estimator, ctx.now);
      const scenarioUpdates: Scenario[] = [];
      for (const scenario of ctx.scenarios(plan.project.id)) {
        const changed = await staleEstimates(scenario.plan, cat, estimator, ctx.now);
        for (const { phase, estimate } of changed) phase.appEstimate = estimate;
        if (changed.length > 0) scenarioUpdates.push(scenario);
      }
      if (stale.length > 0 || scenarioUpdates.length > 0) {
        db.transaction(() => {
          for (const { phase, estimate } of stale) updatePhaseEstimate(db, phase.id, estimate ? JSON.stringify(estimate) : null);
          for (const scenario of scenarioUpdates) updateScenarioPlan(db, scenario.id, scenario.plan);
          if (stale.length > 0) bumpRevision(db, plan.project.id, ctx.now().toISOString());
        })();
      }
    }
    const reloaded = ctx.load(plan.project.id);
    return ctx.view(reloaded.plan, reloaded.revision, cat);
  };
}
