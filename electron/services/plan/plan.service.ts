/** Plan use cases: load a project's plan with its checks and totals, edit it (validated, atomic, undoable), scenarios. */
import { UserError } from '../../../shared/domain/errors';
import { execute, redo, touchedIds, undo, type PlanCommand } from '../../../shared/domain/plan/commands';
import type { Plan, Scenario } from '../../../shared/domain/plan/types';
import type { PlanView } from '../../../shared/ipc/contract/plan';
import { bumpRevision, selectProjects } from '../../db/queries/plan';
import type { CatalogService } from '../catalog/catalog.service';
import type { ServiceDeps } from '../service-deps';
import { estimateRefresher } from './estimate-refresh';
import { writeChanges } from './plan-changes';
import { createPlanContext, type PlanCatalogSource } from './plan-context';
import { describePlan } from './plan-describe';
import { checkRevision, validatedCommand } from './plan-edit-guards';
import type { WorkloadEstimator } from './plan-estimates';
import { refuseForeignIds } from './plan-ownership';
import { createScenarioUseCases } from './plan-scenarios';
import { createProjectService } from './project.service';
import { runRatesOf } from './run-rates';

export type PlanService = ReturnType<typeof createPlanService>;

/** The catalog the plan prices against, and the estimation engine (absent: phases keep the author's figures). */
export interface PlanServiceDeps {
  catalog: PlanCatalogSource;
  estimator: WorkloadEstimator | null;
}

export function createPlanService(deps: ServiceDeps, { catalog: catalogService, estimator }: PlanServiceDeps) {
  const { db } = deps;
  const ctx = createPlanContext(deps, catalogService);
  const { histories, load, view, catalog } = ctx;
  const refreshEstimates = estimateRefresher(ctx, estimator);
  const {
    editScenario,
    undoScenario,
    redoScenario,
    duplicateScenario,
    scenarioView,
    renameScenario,
    promoteScenario,
    undoPromote,
    comparePlans,
    compareScenarios,
    deleteScenario,
    insertScenario,
  } = createScenarioUseCases(ctx);

  /** Validates, then writes the change and bumps the revision in one transaction; nothing is half-saved. */
  function commit(projectId: string, before: Plan, after: Plan, command: PlanCommand): number {
    return db
      .transaction(() => {
        writeChanges(db, before, after, command);
        return bumpRevision(db, projectId, deps.now().toISOString());
      })
      .immediate();
  }

  function edit(request: { projectId: string; revision: number; command: PlanCommand }): PlanView {
    const { plan, revision } = load(request.projectId);
    checkRevision(request.projectId, revision, request.revision);
    refuseForeignIds(db, plan.project.id, request.command);
    const cat = catalog();
    const applied = validatedCommand(plan, cat, request.command);
    const next = execute(plan, ctx.historyOf(request.projectId), request.command, 200, applied);
    const newRevision = commit(request.projectId, plan, next.plan, request.command);
    histories.set(request.projectId, next.history);
    return view(next.plan, newRevision, cat);
  }

  function step(direction: 'undo' | 'redo', request: { projectId: string; revision?: number | undefined }): PlanView {
    const { plan, revision } = load(request.projectId);
    checkRevision(request.projectId, revision, request.revision);
    const history = ctx.historyOf(request.projectId);
    const r = direction === 'undo' ? undo(plan, history) : redo(plan, history);
    if (!r) throw new UserError('NOTHING_TO_' + direction.toUpperCase(), `Nothing to ${direction}.`);
    const applied = direction === 'undo' ? r.entry.inverse : r.entry.command;
    const newRevision = commit(request.projectId, plan, r.plan, applied);
    histories.set(request.projectId, r.history);
    return view(r.plan, newRevision);
  }

  /** The `plan show --json` shape of any plan (the current one, a scenario's, a suggested schedule). */
  const describe = (plan: Plan, planScenarios: Scenario[] = []) => describePlan(plan, view(plan, 0), planScenarios);

  /** `gpu-planner plan show --json` (spec/cli.md), with a few extra fields. */
  function show(projectId?: string) {
    const { plan } = load(projectId);
    return describe(plan, ctx.scenarios(plan.project.id));
  }

  /** An edit, then (when the estimation engine is there and a milestone changed) its estimates recomputed. */
  async function editAndEstimate(request: { projectId: string; revision: number; command: PlanCommand }): Promise<PlanView> {
    const edited = edit(request);
    if (!touchedIds(request.command).has('milestone') || !estimator) return edited;
    return refreshEstimates(request.projectId);
  }

  /** A scenario edit, then (a milestone changed, the engine is there) the estimates of the plan and its scenarios recomputed. */
  async function editScenarioAndEstimate(request: {
    projectId: string;
    scenarioId: string;
    revision: number;
    command: PlanCommand;
  }): Promise<PlanView> {
    const edited = editScenario(request);
    if (!touchedIds(request.command).has('milestone') || !estimator) return edited;
    await refreshEstimates(request.projectId);
    return scenarioView(request.projectId, request.scenarioId);
  }

  return {
    editScenarioAndEstimate,
    editScenario,
    undoScenario,
    redoScenario,
    renameScenario,
    promoteScenario,
    undoPromote,
    comparePlans,
    listProjects: () => selectProjects(db),
    projects: createProjectService(deps, { refreshEstimates }),
    editAndEstimate,
    getPlan: async (projectId?: string, scenarioId?: string): Promise<PlanView> => {
      if (estimator) {
        const refreshed = await refreshEstimates(projectId);
        return scenarioId ? scenarioView(projectId, scenarioId) : refreshed;
      }
      if (scenarioId) return scenarioView(projectId, scenarioId);
      const l = load(projectId);
      return view(l.plan, l.revision);
    },
    edit,
    undo: (request: { projectId: string; revision?: number | undefined }) => step('undo', request),
    redo: (request: { projectId: string; revision?: number | undefined }) => step('redo', request),
    refreshEstimates,
    duplicateScenario,
    compareScenarios,
    scenarioView,
    deleteScenario,
    show,
    describe,
    load,
    catalog,
    /** Monthly and yearly run-rates of the project's setups (bundled examples that define them; else none). */
    runRates: (projectId?: string) => {
      const { plan } = load(projectId);
      return { projectId: plan.project.id, runRates: runRatesOf(deps.resourcesDir, plan, catalog()) };
    },
    scenarios: ctx.scenarios,
    insertScenario,
  };
}
