/**
 * Auto-plan use case: the current plan (or a scenario) → the model (shared/domain/plan/optimize) → the HiGHS solver
 * (a worker thread in the app, in-process in the CLI and tests) → a suggested schedule, described exactly as
 * `plan show --json` describes a plan, optionally kept as a scenario, and applicable to the plan as one undoable edit.
 */
import { UserError } from '../../../../shared/domain/errors';
import type { PlanCommand } from '../../../../shared/domain/plan/commands';
import { OBJECTIVE_NAMES, type OptimizeOptions } from '../../../../shared/domain/plan/optimize/schedule-model';
import type { ScheduleResult } from '../../../../shared/domain/plan/optimize/schedule-result';
import { measuredAgainstCurrent } from '../../../../shared/domain/plan/optimize/never-worse';
import { notFixableByScheduling } from '../../../../shared/domain/plan/optimize/not-fixable';
import { analyzePlan } from '../../../../shared/domain/plan/checks';
import { suggestionDiff } from '../../../../shared/domain/plan/optimize/suggestion-diff';
import { applyCommand } from '../../../../shared/domain/plan/commands';
import type { Solve } from '../../../worker/optimizer-client';
import { findRelaxations } from './relaxations';
import type { Relaxation } from '../../../../shared/domain/plan/optimize/schedule-relaxations';
import { createPriceBook, standaloneCost } from '../../../../shared/domain/plan/pricing';
import { summarizePlan } from '../../../../shared/domain/plan/scenarios';
import type { Allocation, Plan, PlanCatalog, Scenario } from '../../../../shared/domain/plan/types';
import type { PlanService } from '../plan.service';
import { runGpus, runWallHours, type WorkloadEstimator } from '../plan-estimates';

export interface OptimizeRequest {
  projectId?: string | undefined;
  scenarioId?: string | undefined;
  objective: OptimizeOptions['objective'];
  usdPerWeekEarlier?: number | undefined;
  runCount?: 'mid' | 'high' | undefined;
  /** `deadline`: the older name of `allowDates`. */
  window?: 'phase' | 'deadline' | undefined;
  /** Free the milestones' dates: work may move earlier than a phase's start (never past its end). Off by default. */
  allowDates?: boolean | undefined;
  /** Free the hardware: each milestone may move to any offering whose GPU fits its workload (estimated on that GPU). */
  allowHardware?: boolean | undefined;
  /** The older name of `allowHardware`. */
  allowOtherOfferings?: boolean | undefined;
  /** Free the order of a track's milestones (declared dependencies always hold). Off by default. */
  allowReorder?: boolean | undefined;
  pinnedAllocationIds?: string[] | undefined;
  /** Bookings of a pool take turns within its week's hours (default true); false: no more GPUs at once than it has. */
  allowTurns?: boolean | undefined;
  timeLimitSeconds?: number | undefined;
  saveAs?: string | undefined;
}

export interface OptimizeDeps {
  plan: PlanService;
  estimator: WorkloadEstimator | null;
  solve: Solve;
  now: () => Date;
  onProgress?: (p: { seconds: number; gap: number | null }) => void;
  /** Stops a running solve (the best schedule so far is kept); false when nothing runs. */
  stop?: () => boolean;
  /** Ends the solver worker (app quit). */
  dispose?: () => Promise<void>;
}

/** Offerings a phase may move to: every offering of a GPU that fits its workload, cheapest first, at most `limit`. */
export async function otherOfferings(
  plan: Plan,
  catalog: PlanCatalog,
  estimator: WorkloadEstimator,
  runCount: 'mid' | 'high',
  limit = 6,
): Promise<NonNullable<OptimizeOptions['alternatives']>> {
  const book = createPriceBook(plan, catalog);
  const gpuIds = [...new Set(catalog.offerings.filter((o) => !o.deleted).map((o) => o.gpuId))];
  const out: NonNullable<OptimizeOptions['alternatives']> = {};
  for (const m of plan.milestones) {
    for (const phase of m.phases) {
      if (!phase.workload) continue;
      const answer = await estimator(phase.workload, gpuIds);
      const runs = runCount === 'high' ? phase.runs.high : (phase.runs.low + phase.runs.high) / 2;
      const options: Array<{ offeringId: string; gpuHours: number; usd: number }> = [];
      for (const r of answer.results) {
        if (!r.fits || !r.training) continue;
        // GPU-hours: every GPU of a multi-GPU run, as the phase's own estimate counts them
        const gpus = runGpus(phase.workload, r);
        for (const o of catalog.offerings) {
          if (o.deleted || o.gpuId !== r.gpuId || o.id === phase.offeringId) continue;
          const price = book.price(o.id);
          const wallHours = runWallHours(r, o.id);
          if (!price || price.per !== 'hour' || wallHours === null || wallHours <= 0) continue;
          const gpuHours = wallHours * gpus * runs;
          options.push({ offeringId: o.id, gpuHours, usd: Number(standaloneCost(price, gpuHours)) });
        }
      }
      out[phase.id] = options
        .sort((a, b) => a.usd - b.usd)
        .slice(0, limit)
        .map(({ offeringId, gpuHours }) => ({ offeringId, gpuHours }));
    }
  }
  return out;
}

const bookingKey = (a: Allocation) => `${a.trackId}|${a.offeringId}|${a.gpuId}|${a.gpuCount}|${a.hours}|${a.phaseId}`;

/** Weeks whose bookings differ between two plans. */
export function changedWeeks(before: Plan, after: Plan): string[] {
  const keys = (plan: Plan) => {
    const byWeek = new Map<string, string[]>();
    for (const a of plan.allocations) byWeek.set(a.week, [...(byWeek.get(a.week) ?? []), bookingKey(a)]);
    return new Map([...byWeek].map(([w, k]) => [w, k.sort().join(';')]));
  };
  const b = keys(before);
  const a = keys(after);
  return [...new Set([...b.keys(), ...a.keys()])].filter((w) => b.get(w) !== a.get(w)).sort();
}

/**
 * The edit that makes the plan book what the suggestion books, in the weeks given (default: every week, and the
 * milestones' dates and hardware too): bookings only in the plan are removed, the suggestion's are written.
 */
export function acceptCommand(plan: Plan, suggestion: Plan, weeks?: string[]): Extract<PlanCommand, { type: 'batch' }> {
  const chosen = new Set(weeks ?? changedWeeks(plan, suggestion));
  const theirs = new Map(suggestion.allocations.filter((a) => chosen.has(a.week)).map((a) => [bookingKey(a) + a.week, a]));
  const ours = new Map(plan.allocations.filter((a) => chosen.has(a.week)).map((a) => [bookingKey(a) + a.week, a]));
  const commands: PlanCommand[] = [];
  for (const [key, a] of ours) if (!theirs.has(key)) commands.push({ type: 'remove', entity: 'allocation', id: a.id });
  const ids = new Set(plan.allocations.map((a) => a.id));
  for (const [key, a] of theirs) {
    if (ours.has(key)) continue;
    const id = ids.has(a.id) && !commands.some((c) => c.type === 'remove' && c.id === a.id) ? `${a.id}-${a.week}` : a.id;
    commands.push({ type: 'upsert', entity: 'allocation', value: { ...a, id } });
  }
  if (!weeks) {
    for (const m of suggestion.milestones) {
      const mine = plan.milestones.find((x) => x.id === m.id);
      if (
        mine &&
        JSON.stringify(mine.phases.map((p) => [p.start, p.end, p.offeringId])) !==
          JSON.stringify(m.phases.map((p) => [p.start, p.end, p.offeringId]))
      ) {
        commands.push({ type: 'upsert', entity: 'milestone', value: m });
      }
    }
  }
  return {
    type: 'batch',
    label: weeks ? `Accept the suggested schedule for ${weeks.join(', ')}` : 'Accept the suggested schedule',
    commands,
  };
}

export function createOptimizeService(deps: OptimizeDeps) {
  async function suggest(
    request: OptimizeRequest,
  ): Promise<{ result: ScheduleResult; base: Plan; catalog: PlanCatalog; relaxations: Relaxation[] }> {
    const view = await deps.plan.getPlan(request.projectId);
    let base = view.plan;
    if (request.scenarioId) {
      const scenario = deps.plan.scenarios(base.project.id).find((s) => s.id === request.scenarioId);
      if (!scenario)
        throw new UserError('UNKNOWN_SCENARIO', `No scenario "${request.scenarioId}" in project ${base.project.id}.`, {
          field: 'scenarioId',
          value: request.scenarioId,
        });
      base = scenario.plan;
    }
    const catalog = view.catalog;
    const runCount = request.runCount ?? 'mid';
    const options: OptimizeOptions = {
      objective: request.objective,
      runCount,
      window: request.window ?? 'phase',
      allowDates: request.allowDates === true || request.window === 'deadline',
      allowReorder: request.allowReorder === true,
      ...(request.usdPerWeekEarlier !== undefined ? { usdPerWeekEarlier: request.usdPerWeekEarlier } : {}),
      ...(request.pinnedAllocationIds ? { pinnedAllocationIds: request.pinnedAllocationIds } : {}),
      ...(request.allowTurns === false ? { allowTurns: false } : {}),
    };
    // Hardware stays as the plan has it unless the lead frees it: no alternatives reach the model otherwise.
    if (request.allowHardware || request.allowOtherOfferings) {
      if (!deps.estimator)
        throw new UserError('NO_ESTIMATOR', 'Other offerings need the estimator, which is not available here.', {
          field: 'allowHardware',
        });
      options.alternatives = await otherOfferings(base, catalog, deps.estimator, runCount);
    }
    const solved = await deps.solve(
      { plan: base, catalog, options, timeLimitSeconds: request.timeLimitSeconds ?? 30, mipRelGap: 1e-4, now: deps.now().toISOString() },
      deps.onProgress,
    );
    // Never worse than now: measured against the current plan with the plan's own checks and costs.
    const result = measuredAgainstCurrent(base, catalog, solved);
    // Infeasible explained: the smallest single change that makes a schedule exist, each found by a relaxed re-solve.
    const now = deps.now().toISOString();
    const estimator = deps.estimator;
    const relaxations: Relaxation[] = await findRelaxations({
      base,
      catalog,
      options,
      result,
      solve: (plan, opts) => deps.solve({ plan, catalog, options: opts, timeLimitSeconds: 10, mipRelGap: 1e-3, now }),
      alternatives: estimator ? () => otherOfferings(base, catalog, estimator, runCount) : null,
    });
    return { result, base, catalog, relaxations };
  }

  /** `gpu-planner plan optimize --json`: the suggested schedule as `plan show` describes a plan, with status and what binds. */
  async function optimize(request: OptimizeRequest) {
    const { result, base, catalog, relaxations } = await suggest(request);
    const described = deps.plan.describe(result.plan);
    let scenarioId: string | null = null;
    if (request.saveAs) {
      const createdAt = deps.now().toISOString();
      scenarioId = `scenario-auto-${createdAt.replace(/[^0-9]/g, '').slice(0, 17)}-${Math.random().toString(36).slice(2, 6)}`;
      const scenario: Scenario = {
        id: scenarioId,
        projectId: base.project.id,
        name: request.saveAs,
        description: `Auto-plan (${OBJECTIVE_NAMES[request.objective]}), ${result.status}: ${result.binding.map((b) => b.message).join(' ') || 'nothing binds.'}`,
        variation: `Milestone bookings replaced by the optimizer's schedule (${result.addedAllocations.length} bookings); other bookings kept.`,
        author: null,
        plan: result.plan,
        createdAt,
      };
      deps.plan.insertScenario(scenario);
    }
    const comparison = [
      summarizePlan(base, catalog, { scenarioId: request.scenarioId ?? null, name: request.scenarioId ? 'Scenario' : 'Current plan' }),
      summarizePlan(result.plan, catalog, { scenarioId, name: request.saveAs ?? 'Suggested schedule' }),
    ];
    return {
      status: result.status,
      objective: { kind: request.objective, usd: result.cost.toFixed(2), finishWeek: result.finishWeek },
      weeks: described.weeks,
      conflicts: described.conflicts.map((c) => ({ kind: c.kind, week: c.week, message: c.message, severity: c.severity })),
      totals: described.totals,
      comparison,
      changedWeeks: changedWeeks(base, result.plan),
      diff: suggestionDiff(base, result.plan, catalog),
      binding: result.binding,
      /** Problems of the suggestion no schedule can fix (a run longer than a session …), each with what would fix it. */
      notFixableByScheduling: notFixableByScheduling(analyzePlan(result.plan, catalog).problems),
      /** When infeasible: the smallest single changes that make a schedule exist, each checked by a re-solve. */
      relaxations,
      scenarioId,
      solver: { seconds: Math.round(result.solverSeconds * 1000) / 1000, gap: result.gap },
      replacedAllocationIds: result.replacedAllocationIds,
      addedAllocations: result.addedAllocations,
    };
  }

  /** Applies a suggestion kept as a scenario to the plan (every week, or the weeks chosen): one edit, one undo. */
  function acceptSuggestion(request: { projectId: string; revision: number; scenarioId: string; weeks?: string[] | undefined }) {
    const view = deps.plan.load(request.projectId);
    const scenario = deps.plan.scenarios(view.plan.project.id).find((s) => s.id === request.scenarioId);
    if (!scenario)
      throw new UserError('UNKNOWN_SCENARIO', `No suggestion "${request.scenarioId}" in project ${view.plan.project.id}.`, {
        field: 'scenarioId',
        value: request.scenarioId,
      });
    const command = acceptCommand(view.plan, scenario.plan, request.weeks);
    if (command.commands.length === 0)
      throw new UserError(
        'NOTHING_TO_ACCEPT',
        request.weeks
          ? `The suggestion books ${request.weeks.join(', ')} as the plan already does.`
          : 'The plan already books what the suggestion books.',
        { field: 'weeks' },
      );
    // Exactly what the diff says moves, as one undoable edit; the diff is kept with it (the PDF's "What moved").
    const after = applyCommand(view.plan, command).plan;
    return deps.plan.edit({
      projectId: request.projectId,
      revision: request.revision,
      command,
      promotion: {
        label: `${scenario.name}${request.weeks ? ` (${request.weeks.join(', ')})` : ''}`,
        diff: suggestionDiff(view.plan, after, deps.plan.catalog()),
      },
    });
  }

  return {
    optimize,
    suggest,
    acceptSuggestion,
    stop: () => deps.stop?.() ?? false,
    dispose: async () => {
      await deps.dispose?.();
    },
  };
}
export type OptimizeService = ReturnType<typeof createOptimizeService>;
