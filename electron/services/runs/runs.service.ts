/**
 * The lead's own finished runs (issue 29 item 2): record one (typed, or read from a training tool's file), list them with
 * the corrections they make, edit or remove one, set a correction by hand or aside. Each write recomputes the project's
 * plan estimates in its transaction, so the plan takes the correction at once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { UserError } from '../../../shared/domain/errors';
import type { MilestonePhase, PlanCatalog } from '../../../shared/domain/plan/types';
import { modelFamilyOf, type RecordedRun, type RunCorrection, type RunSource } from '../../../shared/domain/runs/corrections';
import { parseRunFile, type RunFileFormat } from '../../../shared/domain/runs/run-files';
import { billedUsageByPhase, type BilledUsage } from '../../../shared/domain/runs/billed-usage';
import * as q from '../../db/queries/runs';
import type { EstimateService } from '../estimate/estimate.service';
import type { WorkloadEstimator } from '../plan/plan-estimates';
import type { PlanService } from '../plan/plan.service';
import type { ServiceDeps } from '../service-deps';
import { estimatedRunHours, offeringLabelIn, projectCorrections } from './run-corrections';

export type RunsService = ReturnType<typeof createRunsService>;

/** A recorded run as listed: with its offering's name and the estimator's hours for it now. */
export interface RunRow extends RecordedRun {
  offeringLabel: string;
  estimatedHours: number | null;
  ratio: number | null;
}

export interface RunsView {
  projectId: string;
  runs: RunRow[];
  corrections: RunCorrection[];
  /** Billed GPU-hours of each milestone phase against its estimate (billing lines allocated to its track, in its dates). */
  billed: BilledUsage[];
}

/** What a run trained: a saved workload (Estimate screen, `--saved`) or a milestone's phase (Plan screen). */
export interface RunTarget {
  projectId?: string | undefined;
  workloadId?: string | undefined;
  phaseId?: string | undefined;
  /** Default: the phase's offering. */
  offeringId?: string | undefined;
}

/** The longest run one record may state: a year of hours (anything longer is a unit mistake). */
export const MAX_RUN_HOURS = 8784;
/** The largest run file read (a W&B export of thousands of runs is well under it). */
export const MAX_RUN_FILE_BYTES = 20 * 1024 * 1024;

function checkFigures(hours: number, samplesPerSecond: number | null | undefined): void {
  if (!Number.isFinite(hours) || hours <= 0 || hours > MAX_RUN_HOURS)
    throw new UserError('INVALID_RUN', `The run's hours must be more than 0 and at most ${MAX_RUN_HOURS} (a year), not ${hours}.`, {
      field: 'hours',
      expected: 'wall-clock hours, e.g. 7.5',
    });
  if (samplesPerSecond !== undefined && samplesPerSecond !== null && (!Number.isFinite(samplesPerSecond) || samplesPerSecond <= 0))
    throw new UserError('INVALID_RUN', `Samples per second must be more than 0, not ${samplesPerSecond}.`, {
      field: 'samplesPerSecond',
      expected: 'a number more than 0, e.g. 812',
    });
}

export function createRunsService(
  deps: ServiceDeps,
  { plan, estimate, estimator }: { plan: PlanService; estimate: Pick<EstimateService, 'getWorkload'>; estimator: WorkloadEstimator | null },
) {
  const { db } = deps;

  function view(projectId: string, cat: PlanCatalog = plan.catalog()): RunsView {
    const runs = q.selectRuns(db, projectId);
    const corrections = projectCorrections(db, projectId, cat, estimator, runs);
    return {
      projectId,
      runs: runs.map((run) => {
        const estimatedHours = estimator ? estimatedRunHours(estimator, run) : null;
        return {
          ...run,
          offeringLabel: offeringLabelIn(cat, run.offeringId),
          estimatedHours,
          ratio: estimatedHours && estimatedHours > 0 ? run.hours / estimatedHours : null,
        };
      }),
      corrections,
      billed: billedUsageOf(projectId),
    };
  }

  /** The billed GPU-hours of the project's milestone phases (reads only). */
  function billedUsageOf(projectId: string): BilledUsage[] {
    const { plan: p } = plan.load(projectId);
    return billedUsageByPhase(
      p.milestones,
      q.selectTrackUsageLines(
        db,
        p.tracks.map((t) => t.id),
      ),
    );
  }

  /** The project, workload (a copy), offering and GPU a run is recorded against; a clear error for each thing missing. */
  function resolveTarget(target: RunTarget, cat: PlanCatalog) {
    const { plan: p } = plan.load(target.projectId);
    let workload: { id: string; name: string; json: Record<string, unknown>; milestoneId: string | null; phase: MilestonePhase | null };
    if (target.workloadId) {
      const saved = estimate.getWorkload(target.workloadId);
      if (!saved)
        throw new UserError('NOT_FOUND', `No saved workload "${target.workloadId}" (the Estimate screen's saved workloads).`, {
          field: 'workloadId',
          value: target.workloadId,
        });
      workload = { id: saved.id, name: saved.name, json: saved.workload, milestoneId: null, phase: null };
    } else if (target.phaseId) {
      const m = p.milestones.find((x) => x.phases.some((ph) => ph.id === target.phaseId));
      const phase = m?.phases.find((ph) => ph.id === target.phaseId);
      if (!m || !phase)
        throw new UserError('NOT_FOUND', `No milestone phase "${target.phaseId}" in ${p.project.name}.`, { field: 'phaseId' });
      if (!phase.workload)
        throw new UserError('NO_WORKLOAD', `${m.code} ${phase.name} has no workload: give it one first, so the run can be compared.`, {
          field: 'phaseId',
        });
      workload = {
        id: `phase:${phase.id}`,
        name: `${m.code} ${m.name}${m.phases.length > 1 ? ` — ${phase.name}` : ''}`,
        json: phase.workload,
        milestoneId: m.id,
        phase,
      };
    } else
      throw new UserError('INVALID_RUN', 'Say which workload the run trained (a saved workload or a milestone).', { field: 'workloadId' });
    const offeringId = target.offeringId ?? workload.phase?.offeringId ?? null;
    if (!offeringId) throw new UserError('INVALID_RUN', 'Say which offering the run ran on.', { field: 'offeringId' });
    const offering = cat.offerings.find((o) => o.id === offeringId);
    if (!offering)
      throw new UserError('NOT_FOUND', `No offering "${offeringId}" in the catalog (gpu-planner catalog offerings).`, {
        field: 'offeringId',
        value: offeringId,
      });
    return { projectId: p.project.id, workload, offering };
  }

  /** Inserts runs and recomputes the project's estimates, in one transaction. */
  function insertAll(target: RunTarget, figures: Array<{ hours: number; samplesPerSecond: number | null }>, source: RunSource) {
    const cat = plan.catalog();
    const { projectId, workload, offering } = resolveTarget(target, cat);
    for (const f of figures) checkFigures(f.hours, f.samplesPerSecond);
    const recordedAt = deps.now().toISOString();
    const ids = db.transaction(() => {
      const inserted = figures.map((f) =>
        q.insertRun(db, {
          projectId,
          workloadId: workload.id,
          workloadName: workload.name,
          workload: workload.json,
          modelFamily: modelFamilyOf(workload.json).id,
          offeringId: offering.id,
          gpuId: offering.gpuId,
          hours: f.hours,
          samplesPerSecond: f.samplesPerSecond,
          source,
          milestoneId: workload.milestoneId,
          recordedAt,
        }),
      );
      plan.refreshProjectEstimates(projectId);
      return inserted;
    })();
    return { runIds: ids, ...view(projectId, cat) };
  }

  function record(request: RunTarget & { hours: number; samplesPerSecond?: number | null | undefined }) {
    return insertAll(request, [{ hours: request.hours, samplesPerSecond: request.samplesPerSecond ?? null }], { kind: 'manual' });
  }

  /** Runs read from a file's text (`name` for its messages and its source). */
  function importText(request: RunTarget & { fileName: string; text: string }) {
    const parsed = parseRunFile(request.fileName, request.text);
    const source: RunSource = { kind: 'file', file: path.basename(request.fileName), format: parsed.format };
    const saved = insertAll(request, parsed.runs, source);
    return { ...saved, format: parsed.format as RunFileFormat, fileName: source.file, skipped: parsed.skipped };
  }

  /** A run file's text, with the checks every file gets (it exists, is a regular file, not too large, not binary). */
  function readRunFileText(file: string): string {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      throw new UserError('FILE_NOT_FOUND', `${file}: no such file.`, { file });
    }
    if (!stat.isFile()) throw new UserError('NOT_A_FILE', `${file}: not a regular file.`, { file });
    if (stat.size > MAX_RUN_FILE_BYTES)
      throw new UserError('FILE_TOO_LARGE', `${file}: ${stat.size} bytes, more than the ${MAX_RUN_FILE_BYTES} a run file may have.`, {
        file,
      });
    const bytes = fs.readFileSync(file);
    if (bytes.includes(0)) throw new UserError('RUN_FILE_INVALID', `${path.basename(file)}: a binary file, not JSON or CSV.`, { file });
    return bytes.toString('utf8');
  }

  function importFile(request: RunTarget & { file: string }) {
    return importText({ ...request, fileName: request.file, text: readRunFileText(request.file) });
  }

  /** What a run file holds, read as `importFile` reads it; nothing recorded (the app shows it before recording). */
  function previewFile(file: string) {
    const parsed = parseRunFile(file, readRunFileText(file));
    return { fileName: path.basename(file), format: parsed.format, runs: parsed.runs, skipped: parsed.skipped };
  }

  function existing(id: number): RecordedRun {
    const run = q.selectRun(db, id);
    if (!run) throw new UserError('NOT_FOUND', `No recorded run ${id} (gpu-planner run list).`, { field: 'id', value: String(id) });
    return run;
  }

  function update(request: { id: number; hours: number; samplesPerSecond?: number | null | undefined }): RunsView {
    const run = existing(request.id);
    checkFigures(request.hours, request.samplesPerSecond);
    db.transaction(() => {
      q.updateRunFigures(db, run.id, request.hours, request.samplesPerSecond ?? null);
      plan.refreshProjectEstimates(run.projectId);
    })();
    return view(run.projectId);
  }

  function remove(id: number): RunsView {
    const run = existing(id);
    db.transaction(() => {
      q.deleteRun(db, id);
      plan.refreshProjectEstimates(run.projectId);
    })();
    return view(run.projectId);
  }

  /** A correction set by hand (`ratio`), set aside (`ignored`), or back to what the runs measure (`reset`). */
  function setCorrection(request: {
    projectId?: string | undefined;
    modelFamily: string;
    offeringId: string;
    ratio?: number | null | undefined;
    ignored?: boolean | undefined;
    reset?: boolean | undefined;
  }): RunsView {
    const projectId = plan.load(request.projectId).plan.project.id;
    const ratio = request.ratio ?? null;
    if (ratio !== null && (!Number.isFinite(ratio) || ratio <= 0 || ratio > 1000))
      throw new UserError('INVALID_CORRECTION', `A correction must be more than 0 and at most 1000, not ${ratio}.`, {
        field: 'ratio',
        expected: 'a factor such as 1.8',
      });
    const known = view(projectId).corrections.some((c) => c.modelFamily === request.modelFamily && c.offeringId === request.offeringId);
    if (!known && request.reset)
      throw new UserError('NOT_FOUND', `No correction for ${request.modelFamily} on ${request.offeringId} (gpu-planner run list).`, {
        field: 'modelFamily',
      });
    if (!known && !plan.catalog().offerings.some((o) => o.id === request.offeringId))
      throw new UserError('NOT_FOUND', `No offering "${request.offeringId}" in the catalog.`, { field: 'offeringId' });
    db.transaction(() => {
      if (request.reset) q.deleteCorrectionSetting(db, projectId, request.modelFamily, request.offeringId);
      else
        q.upsertCorrectionSetting(
          db,
          projectId,
          { modelFamily: request.modelFamily, offeringId: request.offeringId, ratio, ignored: request.ignored ?? false },
          deps.now().toISOString(),
        );
      plan.refreshProjectEstimates(projectId);
    })();
    return view(projectId);
  }

  return {
    list: (projectId?: string): RunsView => view(plan.load(projectId).plan.project.id),
    record,
    importText,
    importFile,
    previewFile,
    update,
    remove,
    setCorrection,
  };
}
