/**
 * Keeps the phases' app estimates current: each phase estimated again with the engine, and the ones that changed saved
 * in the plan and in its scenarios (each a varied copy of the plan), so the scenarios compare on the same estimates.
 * Called by the writes that change an estimate's inputs (a plan or scenario edit, a price, a setting, a new project),
 * inside their transaction; never by a read (issue 25 item 6).
 */
import type { AppEstimate, MilestonePhase, Plan, PlanCatalog } from '../../../shared/domain/plan/types';
import type { RunCorrection } from '../../../shared/domain/runs/corrections';
import { bumpRevision } from '../../db/queries/plan';
import { updatePhaseEstimate } from '../../db/queries/plan-rows';
import { updateScenarioPlan } from '../../db/queries/scenario';
import type { PlanContext } from './plan-context';
import { estimatePhase, type WorkloadEstimator } from './plan-estimates';

type StaleEstimate = { phase: MilestonePhase; estimate: AppEstimate | null };

/** A JSON.stringify replacer that writes every object's keys in sorted order. */
function sortedKeys(_key: string, value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The phases of `plan` whose app estimate differs from the engine's answer now (price or workload changed). */
function staleEstimates(
  plan: Plan,
  cat: PlanCatalog,
  estimator: WorkloadEstimator,
  now: () => Date,
  corrections: readonly RunCorrection[],
): StaleEstimate[] {
  // Keys sorted: an estimate read back from the database (its schema's key order) equals the same estimate computed now.
  const strip = (e: AppEstimate | null) => (e ? JSON.stringify({ ...e, computedAt: '' }, sortedKeys) : null);
  const stale: StaleEstimate[] = [];
  for (const m of plan.milestones) {
    for (const phase of m.phases) {
      let estimate: AppEstimate | null = null;
      try {
        estimate = estimatePhase(plan, cat, phase, estimator, now(), corrections);
      } catch {
        estimate = null;
      }
      if (strip(estimate) !== strip(phase.appEstimate)) stale.push({ phase, estimate });
    }
  }
  return stale;
}

/**
 * `plan` with the engine's current estimates (a copy; the phases whose estimate is current are shared), and the stale
 * ones; `corrections` are the project's from its recorded runs.
 */
export function withCurrentEstimates(
  plan: Plan,
  cat: PlanCatalog,
  estimator: WorkloadEstimator | null,
  now: () => Date,
  corrections: readonly RunCorrection[] = [],
): { plan: Plan; stale: StaleEstimate[] } {
  if (!estimator) return { plan, stale: [] };
  const stale = staleEstimates(plan, cat, estimator, now, corrections);
  if (stale.length === 0) return { plan, stale };
  const fresh = new Map(stale.map((s) => [s.phase, s.estimate]));
  const milestones = plan.milestones.map((m) =>
    m.phases.some((p) => fresh.has(p))
      ? { ...m, phases: m.phases.map((p) => (fresh.has(p) ? { ...p, appEstimate: fresh.get(p)! } : p)) }
      : m,
  );
  return { plan: { ...plan, milestones }, stale };
}

/**
 * Saves the estimates of `plan` (as stored) and of the project's scenarios that differ from the engine's answer now,
 * in the caller's transaction. Returns whether the plan's own estimates changed (the caller bumps its revision).
 */
export function writeStaleEstimates(
  ctx: PlanContext,
  estimator: WorkloadEstimator | null,
  plan: Plan,
  cat: PlanCatalog,
  options: { scenarios: boolean },
): boolean {
  if (!estimator) return false;
  const { db } = ctx;
  const corrections = ctx.corrections(plan.project.id, cat, estimator);
  const { stale } = withCurrentEstimates(plan, cat, estimator, ctx.now, corrections);
  for (const { phase, estimate } of stale) updatePhaseEstimate(db, phase.id, estimate ? JSON.stringify(estimate) : null);
  if (options.scenarios) {
    for (const scenario of ctx.scenarios(plan.project.id)) {
      const current = withCurrentEstimates(scenario.plan, cat, estimator, ctx.now, corrections);
      if (current.stale.length > 0) updateScenarioPlan(db, scenario.id, current.plan);
    }
  }
  return stale.length > 0;
}

/** Recomputes the estimates of one project (or every project) and saves the ones that changed, in one transaction. */
export function estimateRefresher(ctx: PlanContext, estimator: WorkloadEstimator | null) {
  const { db } = ctx;
  function refreshProject(projectId: string, cat: PlanCatalog): void {
    const { plan } = ctx.load(projectId);
    if (writeStaleEstimates(ctx, estimator, plan, cat, { scenarios: true })) bumpRevision(db, plan.project.id, ctx.now().toISOString());
  }
  return {
    /** One project's estimates (the default project's when none is named). */
    refreshEstimates(projectId?: string): void {
      const id = ctx.resolveProjectId(projectId);
      if (estimator) db.transaction(() => refreshProject(id, ctx.catalog()))();
    },
    /** Every project's, e.g. after a price or a setting changed (in the caller's transaction when there is one). */
    refreshAllEstimates(): void {
      if (!estimator) return;
      const ids = (db.prepare('SELECT id FROM projects ORDER BY id').all() as Array<{ id: string }>).map((p) => p.id);
      if (ids.length === 0) return;
      const cat = ctx.catalog();
      db.transaction(() => {
        for (const id of ids) refreshProject(id, cat);
      })();
    },
  };
}
