/**
 * A project's corrections from its recorded runs (issue 29 item 2): each run's workload (as it was recorded) estimated
 * now on its GPU and offering, its measured hours over that estimate, grouped per model family and offering
 * (shared/domain/runs/corrections.ts). Read only; the plan's estimates and the runs screen both come from here.
 */
import type { Database } from 'better-sqlite3';
import type { PlanCatalog } from '../../../shared/domain/plan/types';
import { buildCorrections, modelFamilyOf, type RecordedRun, type RunCorrection } from '../../../shared/domain/runs/corrections';
import { selectCorrectionSettings, selectRuns } from '../../db/queries/runs';
import { runWallHours, type WorkloadEstimator } from '../plan/plan-estimates';

/** The estimator's wall-clock hours of one run of `run`'s workload on its offering (null when it gives none). */
export function estimatedRunHours(
  estimator: WorkloadEstimator,
  run: Pick<RecordedRun, 'workload' | 'gpuId' | 'offeringId'>,
): number | null {
  try {
    const result = estimator(run.workload, [run.gpuId]).results.find((r) => r.gpuId === run.gpuId);
    return result ? runWallHours(result, run.offeringId) : null;
  } catch {
    return null;
  }
}

export function offeringLabelIn(cat: Pick<PlanCatalog, 'offerings'>, offeringId: string): string {
  return cat.offerings.find((o) => o.id === offeringId)?.label ?? offeringId;
}

export function projectCorrections(
  db: Database,
  projectId: string,
  cat: Pick<PlanCatalog, 'offerings'>,
  estimator: WorkloadEstimator | null,
  runs: RecordedRun[] = selectRuns(db, projectId),
): RunCorrection[] {
  const settings = selectCorrectionSettings(db, projectId);
  if (runs.length === 0 && settings.length === 0) return [];
  const labels = new Map(runs.map((r) => [r.modelFamily, modelFamilyOf(r.workload).label]));
  return buildCorrections(runs, settings, (run) => (estimator ? estimatedRunHours(estimator, run) : null), {
    offering: (id) => offeringLabelIn(cat, id),
    model: (family) => labels.get(family) ?? family,
  });
}
