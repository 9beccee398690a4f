/** Plan use cases: load a project's plan with its checks and totals, edit it (validated, atomic, undoable), scenarios. */
import { UserError } from '../../../shared/domain/errors';
import { execute, redo, touchedIds, undo, type HistoryEntry, type PlanCommand } from '../../../shared/domain/plan/commands';
import type { SuggestionDiff } from '../../../shared/domain/plan/optimize/suggestion-diff';
import { deletePromotionAt, insertPromotion, selectLastPromotion } from '../../db/queries/plan-promotions';
import type { Plan, PlanCatalog, Scenario } from '../../../shared/domain/plan/types';
import type { PlanView } from '../../../shared/ipc/contract/plan';
import { bumpRevision, selectProjects } from '../../db/queries/plan';
import type { CatalogService } from '../catalog/catalog.service';
import type { ServiceDeps } from '../service-deps';
import { estimateRefresher, withCurrentEstimates, writeStaleEstimates } from './estimate-refresh';
import { writeChanges } from './plan-changes';
import { createPlanContext, type PlanCatalogSource } from './plan-context';
import { describePlan } from './plan-describe';
import { checkRevision, validatedCommand } from './plan-edit-guards';
import type { WorkloadEstimator } from './plan-estimates';
import { refuseForeignIds } from './plan-ownership';
import { createScenarioUseCases } from './plan-scenarios';
import { createProjectService } from './project.service';
import { withBudgetInNewCurrency } from './plan-currency-change';
import { runRatesOf } from './run-rates';
import type { RemovedTrackSpend } from './track-removal';

export type PlanService = ReturnType<typeof createPlanService>;

/** An edit of the current plan, made on `revision`. */
export interface EditRequest {
  projectId: string;
  revision: number;
  command: PlanCommand;
  removedTrackSpend?: RemovedTrackSpend | undefined;
  /** An accepted auto-plan suggestion: its diff is kept with the edit, in the same transaction (the PDF's "What moved"). */
  promotion?: { label: string; diff: SuggestionDiff } | undefined;
}

/** The catalog the plan prices against, and the estimation engine (absent: phases keep the author's figures). */
export interface PlanServiceDeps {
  catalog: PlanCatalogSource;
  estimator: WorkloadEstimator | null;
}

export function createPlanService(deps: ServiceDeps, { catalog: catalogService, estimator }: PlanServiceDeps) {
  const { db } = deps;
  const ctx = createPlanContext(deps, catalogService);
  const { histories, load, view, catalog } = ctx;
  const refresher = estimateRefresher(ctx, estimator);
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
  } = createScenarioUseCases(
    ctx,
    (plan, cat) => withCurrentEstimates(plan, cat, estimator, ctx.now, ctx.corrections(plan.project.id, cat, estimator)).plan,
  );

  /**
   * Validates, then writes the change, the estimates it made stale (a milestone's workload, GPU, offering or runs) and the
   * revision bump in one transaction; nothing is half-saved.
   */
  function commit(
    projectId: string,
    before: Plan,
    after: Plan,
    command: PlanCommand,
    cat = catalog(),
    removedTrackSpend?: RemovedTrackSpend | undefined,
    promotion?: EditRequest['promotion'],
    undoneRevision?: number,
  ): number {
    return db
      .transaction(() => {
        writeChanges(db, before, after, command, { catalog: cat, now: deps.now(), removedTrackSpend });
        // Only a milestone's phases hold what an estimate depends on in the plan (workload, GPU, offering, runs).
        if (touchedIds(command).has('milestone')) writeStaleEstimates(ctx, estimator, after, cat, { scenarios: false });
        const revision = bumpRevision(db, projectId, deps.now().toISOString());
        if (promotion) insertPromotion(db, projectId, { ...promotion, promotedAt: deps.now().toISOString(), revision });
        // undoing an accepted suggestion undoes what it moved, too
        if (undoneRevision !== undefined) deletePromotionAt(db, projectId, undoneRevision);
        return revision;
      })
      .immediate();
  }

  /** The plan as a commit saved it: read again when the commit refreshed estimates, else the plan it wrote. */
  const saved = (after: Plan, command: PlanCommand, revision: number, cat?: PlanCatalog) =>
    view(touchedIds(command).has('milestone') ? load(after.project.id).plan : after, revision, cat);

  /** The plan view of a project or of one of its scenarios, as stored: a read, it writes nothing. */
  function currentView(projectId?: string, scenarioId?: string): PlanView {
    if (scenarioId) return scenarioView(projectId, scenarioId);
    const l = load(projectId);
    return view(l.plan, l.revision);
  }

  /** `removedTrackSpend`: where the spend and rules of a track the command removes go (asked when it holds any). */
  function edit(request: EditRequest): PlanView {
    const { plan, revision } = load(request.projectId);
    checkRevision(request.projectId, revision, request.revision);
    refuseForeignIds(db, plan.project.id, request.command);
    const cat = catalog();
    const command = withBudgetInNewCurrency(plan, request.command, cat, deps.now());
    const applied = validatedCommand(plan, cat, command);
    const next = execute(plan, ctx.historyOf(request.projectId), command, 200, applied);
    const newRevision = commit(request.projectId, plan, next.plan, command, cat, request.removedTrackSpend, request.promotion);
    const entry = next.history.past.at(-1);
    if (request.promotion && entry) promotionOf.set(entry, request.promotion);
    histories.set(request.projectId, next.history);
    return saved(next.plan, command, newRevision, cat);
  }

  /** What an accepted suggestion moved, by its history entry: undo forgets it in the database, redo records it again. */
  const promotionOf = new WeakMap<HistoryEntry, NonNullable<EditRequest['promotion']>>();

  function step(direction: 'undo' | 'redo', request: { projectId: string; revision?: number | undefined }): PlanView {
    const { plan, revision } = load(request.projectId);
    checkRevision(request.projectId, revision, request.revision);
    const history = ctx.historyOf(request.projectId);
    const r = direction === 'undo' ? undo(plan, history) : redo(plan, history);
    if (!r) throw new UserError('NOTHING_TO_' + direction.toUpperCase(), `Nothing to ${direction}.`);
    const applied = direction === 'undo' ? r.entry.inverse : r.entry.command;
    const newRevision = commit(
      request.projectId,
      plan,
      r.plan,
      applied,
      undefined,
      undefined,
      // redoing an accepted suggestion records what it moved again
      direction === 'redo' ? promotionOf.get(r.entry) : undefined,
      direction === 'undo' ? revision : undefined,
    );
    histories.set(request.projectId, r.history);
    return saved(r.plan, applied, newRevision);
  }

  /** The `plan show --json` shape of any plan (the current one, a scenario's, a suggested schedule). */
  const describe = (plan: Plan, planScenarios: Scenario[] = []) => describePlan(plan, view(plan, 0), planScenarios);

  /** `gpu-planner plan show --json` (docs/cli.md), with a few extra fields. */
  function show(projectId?: string, loaded?: PlanView) {
    if (loaded) return describePlan(loaded.plan, loaded, ctx.scenarios(loaded.plan.project.id));
    const { plan } = load(projectId);
    return describe(plan, ctx.scenarios(plan.project.id));
  }

  /** An edit; the estimates it made stale are refreshed in its own transaction (see commit). */
  async function editAndEstimate(request: EditRequest): Promise<PlanView> {
    return edit(request);
  }

  /** A scenario edit; the scenario's estimates are refreshed as it is saved (plan-scenarios.ts). */
  async function editScenarioAndEstimate(request: {
    projectId: string;
    scenarioId: string;
    revision: number;
    command: PlanCommand;
  }): Promise<PlanView> {
    return editScenario(request);
  }

  /** The explicit refresh (a command): one project's estimates recomputed and the changed ones saved. */
  async function refreshEstimates(projectId?: string): Promise<PlanView> {
    refresher.refreshEstimates(projectId);
    return currentView(projectId);
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
    projects: createProjectService(deps, { refreshEstimates: refresher.refreshEstimates }),
    editAndEstimate,
    /** A read: the plan as stored (its estimates are kept current by the writes that change their inputs). */
    getPlan: async (projectId?: string, scenarioId?: string): Promise<PlanView> => currentView(projectId, scenarioId),
    currentView,
    edit,
    undo: (request: { projectId: string; revision?: number | undefined }) => step('undo', request),
    redo: (request: { projectId: string; revision?: number | undefined }) => step('redo', request),
    refreshEstimates,
    /** One project's estimates recomputed and the changed ones saved, in the caller's transaction (a recorded run). */
    refreshProjectEstimates: refresher.refreshEstimates,
    /** Every project's estimates, after a write that changes them all (a price, a setting), or a new database. */
    refreshAllEstimates: refresher.refreshAllEstimates,
    duplicateScenario,
    compareScenarios,
    scenarioView,
    deleteScenario,
    show,
    describe,
    load,
    catalog,
    /** The last accepted auto-plan suggestion's diff (the review PDF's "What moved"), or null. */
    lastPromotion: (projectId: string) => selectLastPromotion(db, projectId),
    /** Monthly and yearly run-rates of the project's setups (bundled examples that define them; else none). */
    runRates: (projectId?: string, loaded?: PlanView) => {
      const { plan } = loaded ?? load(projectId);
      return { projectId: plan.project.id, runRates: runRatesOf(deps.resourcesDir, plan, loaded?.catalog ?? catalog()) };
    },
    scenarios: ctx.scenarios,
    insertScenario,
  };
}
