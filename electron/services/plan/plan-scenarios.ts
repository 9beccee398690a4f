/**
 * Scenario use cases: open, edit (own undo history, revision), duplicate, rename, promote to the current plan (and
 * undo that), and compare scenarios with the plan.
 */
import { UserError } from '../../../shared/domain/errors';
import { execute, redo, undo, type PlanCommand } from '../../../shared/domain/plan/commands';
import { comparePlans, type ComparedPlan } from '../../../shared/domain/plan/scenario-diff';
import { compareScenarios, deriveScenarioPlan, noVariation, scenarioInfo } from '../../../shared/domain/plan/scenarios';
import type { Plan, PlanCatalog, Scenario } from '../../../shared/domain/plan/types';
import type { PlanView } from '../../../shared/ipc/contract/plan';
import { selectRevision } from '../../db/queries/plan';
import { replacePlanRows } from '../../db/queries/project';
import * as scenarioRows from '../../db/queries/scenario';
import { scenarioKey, type PlanContext } from './plan-context';
import { checkRevision, validatedCommand } from './plan-edit-guards';
import { refuseForeignIds } from './plan-ownership';
import { handleRemovedTracks } from './track-removal';

/** A new scenario id, unique by the time and a random suffix. */
const newScenarioId = (at: string) => `scenario-${at.replace(/[^0-9]/g, '').slice(0, 17)}-${Math.random().toString(36).slice(2, 6)}`;

/**
 * `withEstimates(plan, catalog)`: the plan with the engine's current estimates, as a scenario is saved (a scenario
 * edit refreshes the estimates it made stale in the write itself; reads never do).
 */
export function createScenarioUseCases(ctx: PlanContext, withEstimates: (plan: Plan, cat: PlanCatalog) => Plan = (plan) => plan) {
  const { db, histories } = ctx;

  function loadScenario(projectId: string | undefined, scenarioId: string): { scenario: Scenario; revision: number } {
    const id = ctx.resolveProjectId(projectId);
    const scenario = ctx.scenarios(id).find((s) => s.id === scenarioId);
    const row = scenarioRows.selectScenarioRevision(db, scenarioId);
    if (!scenario || !row)
      throw new UserError('UNKNOWN_SCENARIO', `No scenario "${scenarioId}" in project ${id}.`, { field: 'scenarioId', value: scenarioId });
    return { scenario, revision: row.revision };
  }

  const saveScenarioPlan = (scenarioId: string, plan: Plan) =>
    db.transaction(() => scenarioRows.saveScenarioPlan(db, scenarioId, plan, ctx.now().toISOString())).immediate();

  /** An edit of a scenario's plan: the same validation, undo history of its own, saved with a revision bump. */
  function editScenario(request: { projectId: string; scenarioId: string; revision: number; command: PlanCommand }): PlanView {
    const { scenario, revision } = loadScenario(request.projectId, request.scenarioId);
    checkRevision(request.projectId, revision, request.revision);
    refuseForeignIds(db, scenario.projectId, request.command);
    const cat = ctx.catalog();
    const applied = validatedCommand(scenario.plan, cat, request.command);
    const key = scenarioKey(scenario.id);
    const next = execute(scenario.plan, ctx.historyOf(key), request.command, 200, applied);
    const plan = withEstimates(next.plan, cat);
    const newRevision = saveScenarioPlan(scenario.id, plan);
    histories.set(key, next.history);
    return ctx.view(plan, newRevision, cat, { ...scenario, plan });
  }

  function stepScenario(
    direction: 'undo' | 'redo',
    request: { projectId: string; scenarioId: string; revision?: number | undefined },
  ): PlanView {
    const { scenario, revision } = loadScenario(request.projectId, request.scenarioId);
    checkRevision(request.projectId, revision, request.revision);
    const key = scenarioKey(scenario.id);
    const history = ctx.historyOf(key);
    const r = direction === 'undo' ? undo(scenario.plan, history) : redo(scenario.plan, history);
    if (!r) throw new UserError('NOTHING_TO_' + direction.toUpperCase(), `Nothing to ${direction}.`);
    const cat = ctx.catalog();
    const plan = withEstimates(r.plan, cat);
    const newRevision = saveScenarioPlan(scenario.id, plan);
    histories.set(key, r.history);
    return ctx.view(plan, newRevision, cat, { ...scenario, plan });
  }

  function duplicateScenario(request: { projectId: string; name: string; description: string; fromScenarioId?: string | undefined }) {
    const base = ctx.load(request.projectId).plan;
    const from = request.fromScenarioId ? loadScenario(request.projectId, request.fromScenarioId).scenario : null;
    const plan = from ? from.plan : base;
    const createdAt = ctx.now().toISOString();
    const id = newScenarioId(createdAt);
    const scenario: Scenario = {
      id,
      projectId: plan.project.id,
      name: request.name,
      description: request.description,
      variation: from
        ? `A copy of the scenario "${from.name}" as it stood on ${createdAt.slice(0, 10)}`
        : 'A copy of the plan as it stood on ' + createdAt.slice(0, 10),
      author: null,
      plan: deriveScenarioPlan(plan, noVariation, `${id}:`),
      createdAt,
    };
    scenarioRows.insertScenario(db, scenario);
    return { scenario: scenarioInfo(scenario) };
  }

  /** A scenario's plan, checked and totalled like the current plan (the review PDF of a scenario reads it). */
  function scenarioView(projectId: string | undefined, scenarioId: string): PlanView {
    const { scenario, revision } = loadScenario(projectId, scenarioId);
    return ctx.view(scenario.plan, revision, ctx.catalog(), scenario);
  }

  function renameScenario(request: { projectId: string; scenarioId: string; name: string; description?: string | undefined }) {
    loadScenario(request.projectId, request.scenarioId);
    const name = request.name.trim();
    if (!name) throw new UserError('INVALID_SCENARIO', 'A scenario needs a name.', { field: 'name' });
    scenarioRows.renameScenario(db, request.scenarioId, name, request.description, ctx.now().toISOString());
    return { scenarioId: request.scenarioId, name };
  }

  /** What `undoPromote` needs to put things back, per project (this session only, like the edit history). */
  const promotions = new Map<string, { promoted: Scenario; promotedRevision: number; previousPlanScenarioId: string; label: string }>();

  /**
   * The scenario becomes the project's plan; the plan it replaces is kept as a scenario ("Plan before …").
   * One transaction; the edit histories of both are cleared (they describe plans that moved). Undo with `undoPromote`.
   */
  function promoteScenario(request: { projectId: string; scenarioId: string }) {
    const { plan: old } = ctx.load(request.projectId);
    const { scenario, revision } = loadScenario(request.projectId, request.scenarioId);
    const at = ctx.now().toISOString();
    const keepId = newScenarioId(at);
    const next: Plan = { ...scenario.plan, project: { ...scenario.plan.project, id: old.project.id, name: old.project.name } };
    const kept: Scenario = {
      id: keepId,
      projectId: old.project.id,
      name: `Plan before "${scenario.name}"`,
      description: `The current plan as it stood on ${at.slice(0, 10)}, when the scenario "${scenario.name}" was promoted.`,
      variation: 'The previous current plan',
      author: null,
      plan: old,
      createdAt: at,
    };
    const newRevision = db
      .transaction(() => {
        // A track the scenario does not have, which spend or rules point to, is never dropped silently (issue 26 item 3).
        handleRemovedTracks(db, old, next, undefined, `Promoting the scenario "${scenario.name}"`);
        replacePlanRows(db, next, at);
        scenarioRows.deleteScenario(db, scenario.id);
        scenarioRows.insertScenario(db, kept, at);
        return selectRevision(db, old.project.id)!;
      })
      .immediate();
    histories.delete(old.project.id);
    histories.delete(scenarioKey(scenario.id));
    promotions.set(old.project.id, {
      promoted: scenario,
      promotedRevision: revision,
      previousPlanScenarioId: keepId,
      label: scenario.name,
    });
    return { projectId: old.project.id, revision: newRevision, previousPlanScenarioId: keepId, undoLabel: `promote "${scenario.name}"` };
  }

  function undoPromote(request: { projectId: string }) {
    const id = ctx.resolveProjectId(request.projectId);
    const p = promotions.get(id);
    if (!p) throw new UserError('NOTHING_TO_UNDO', 'No promotion to undo in this session.', { field: 'projectId', value: id });
    const kept = ctx.scenarios(id).find((s) => s.id === p.previousPlanScenarioId);
    if (!kept)
      throw new UserError('NOTHING_TO_UNDO', 'The previous plan was deleted since; the promotion cannot be undone.', {
        field: 'scenarioId',
        value: p.previousPlanScenarioId,
      });
    const at = ctx.now().toISOString();
    db.transaction(() => {
      replacePlanRows(db, kept.plan, at);
      scenarioRows.deleteScenario(db, kept.id);
      scenarioRows.insertScenario(db, p.promoted, at, p.promotedRevision);
    }).immediate();
    histories.delete(id);
    promotions.delete(id);
    return { projectId: id, scenarioId: p.promoted.id };
  }

  /** Two or three plans side by side (null = the current plan), with the per-week difference from the first. */
  function comparePlansOf(request: { projectId?: string | undefined; ids: Array<string | null> }) {
    const { plan } = ctx.load(request.projectId);
    const all = ctx.scenarios(plan.project.id);
    const compared: ComparedPlan[] = request.ids.map((sid) => {
      if (sid === null) return { scenarioId: null, name: 'Current plan', plan };
      const s = all.find((x) => x.id === sid);
      if (!s) throw new UserError('UNKNOWN_SCENARIO', `No scenario "${sid}" in project ${plan.project.id}.`, { field: 'ids', value: sid });
      return { scenarioId: s.id, name: s.name, plan: s.plan, scenario: s };
    });
    return comparePlans(compared, ctx.catalog());
  }

  /** The plan beside its scenarios; `loaded` (a report's snapshot) spares loading the plan again. */
  function compare(projectId?: string, loaded?: { plan: Plan; catalog: PlanCatalog }) {
    const plan = loaded?.plan ?? ctx.load(projectId).plan;
    const list = ctx.scenarios(plan.project.id);
    return { scenarios: list.map(scenarioInfo), rows: compareScenarios(plan, list, loaded?.catalog ?? ctx.catalog()) };
  }

  return {
    editScenario,
    undoScenario: (request: { projectId: string; scenarioId: string; revision?: number | undefined }) => stepScenario('undo', request),
    redoScenario: (request: { projectId: string; scenarioId: string; revision?: number | undefined }) => stepScenario('redo', request),
    duplicateScenario,
    scenarioView,
    renameScenario,
    promoteScenario,
    undoPromote,
    comparePlans: comparePlansOf,
    compareScenarios: compare,
    deleteScenario: (id: string) => scenarioRows.deleteScenario(db, id) > 0,
    insertScenario: (scenario: Scenario) => scenarioRows.insertScenario(db, scenario),
  };
}
