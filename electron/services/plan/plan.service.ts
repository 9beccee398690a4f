/** Plan use cases: load a project's plan with its checks and totals, edit it (validated, atomic, undoable), scenarios. */
import type { Database } from 'better-sqlite3';
import { UserError } from '../../../shared/domain/errors';
import { analyzePlan } from '../../../shared/domain/plan/checks';
import { runRatesOf } from './run-rates';
import { emptyHistory, execute, redo, touchedIds, undo, type History, type PlanCommand } from '../../../shared/domain/plan/commands';
import { compareScenarios, deriveScenarioPlan, noVariation } from '../../../shared/domain/plan/scenarios';
import { planWeeks } from '../../../shared/domain/plan/totals';
import type { AppEstimate, MilestonePhase, OfferingFacts, Plan, PlanCatalog, Scenario } from '../../../shared/domain/plan/types';
import { validateCommand } from '../../../shared/domain/plan/validation';
import type { PlanView } from '../../../shared/ipc/contract/plan';
import * as q from '../../db/queries/plan';
import * as pq from '../../db/queries/project';
import { comparePlans, type ComparedPlan } from '../../../shared/domain/plan/scenario-diff';
import { createProjectService } from './project.service';
import type { ServiceDeps } from '../service-deps';
import type { CatalogService } from '../catalog/catalog.service';
import { estimatePhase, type WorkloadEstimator } from './plan-estimates';
import { refuseForeignIds } from './plan-ownership';

export type PlanService = ReturnType<typeof createPlanService>;

/** Writes what a command changed, in the caller's transaction. */
function writeChanges(db: Database, before: Plan, after: Plan, command: PlanCommand): void {
  const touched = touchedIds(command);
  const projectId = after.project.id;
  const ids = (kind: Parameters<typeof touched.get>[0]) => [...(touched.get(kind) ?? [])];
  if (touched.has('project')) q.updateProject(db, after.project);
  if (touched.has('dataCost')) q.updateDataCosts(db, after);
  // Allocations first out (a moved run of cells would collide with itself on the unique cell index), back in last.
  for (const id of ids('allocation')) q.deleteAllocation(db, id);
  for (const id of ids('track')) {
    const t = after.tracks.find((x) => x.id === id);
    if (t) q.upsertTrack(db, t);
  }
  for (const id of ids('pool')) {
    const p = after.pools.find((x) => x.id === id);
    if (p) q.upsertPool(db, p);
    else q.deletePool(db, id);
  }
  for (const id of ids('milestone')) {
    const m = after.milestones.find((x) => x.id === id);
    if (m) q.upsertMilestone(db, projectId, m);
    else q.deleteMilestone(db, id);
  }
  for (const id of ids('allocation')) {
    const a = after.allocations.find((x) => x.id === id);
    if (a) q.upsertAllocation(db, projectId, a);
  }
  for (const id of ids('track'))
    if (!after.tracks.some((x) => x.id === id) && before.tracks.some((x) => x.id === id)) q.deleteTrack(db, id);
}

/** The catalog the plan prices against, and the estimation engine (absent: phases keep the author's figures). */
export interface PlanServiceDeps {
  catalog: Pick<CatalogService, 'listOfferings' | 'listGpus' | 'listDataRates'>;
  estimator: WorkloadEstimator | null;
}

export function createPlanService(deps: ServiceDeps, { catalog: catalogService, estimator }: PlanServiceDeps) {
  const { db } = deps;
  const histories = new Map<string, History>();
  const historyOf = (projectId: string) => histories.get(projectId) ?? emptyHistory();

  function catalog(): PlanCatalog {
    const gpuNames = new Map(catalogService.listGpus().map((g) => [g.id, g.name]));
    const offerings: OfferingFacts[] = catalogService.listOfferings().map((o) => ({
      id: o.id,
      gpuId: o.gpuId,
      ...(gpuNames.has(o.gpuId) ? { gpuName: gpuNames.get(o.gpuId)! } : {}),
      gpuCount: o.gpuCount,
      vcpus: o.vcpus,
      label: o.sku.toLowerCase().startsWith((o.providerName.split(' ').pop() ?? '').toLowerCase()) ? o.sku : `${o.providerName} ${o.sku}`,
      deleted: false,
      prices: o.prices.map((p) => ({ kind: p.kind, usd: p.usd, per: p.per, asOf: p.asOf, source: p.source })),
    }));
    const dataRates = catalogService.listDataRates().map(({ edited: _edited, ...rate }) => rate);
    return { offerings, dataRates };
  }

  function resolveProjectId(projectId?: string): string {
    const id = projectId ?? q.selectDefaultProjectId(db);
    if (!id) throw new UserError('NOT_FOUND', 'There is no project yet.', { field: 'projectId' });
    return id;
  }

  function load(projectId?: string): { plan: Plan; revision: number } {
    const id = resolveProjectId(projectId);
    const loaded = q.selectPlan(db, id);
    if (!loaded) throw new UserError('NOT_FOUND', `No project "${id}".`, { field: 'projectId', value: id });
    return loaded;
  }

  function view(plan: Plan, revision: number, cat: PlanCatalog = catalog(), scenario: Scenario | null = null): PlanView {
    const t0 = performance.now();
    const analysis = analyzePlan(plan, cat);
    const analysisMs = performance.now() - t0;
    const history = historyOf(scenario ? scenarioKey(scenario.id) : plan.project.id);
    return {
      plan,
      revision,
      weeks: planWeeks(plan),
      analysis,
      catalog: cat,
      history: { undoLabel: history.past.at(-1)?.label ?? null, redoLabel: history.future.at(-1)?.label ?? null },
      analysisMs: Math.round(analysisMs * 1000) / 1000,
      scenario: scenario
        ? {
            id: scenario.id,
            name: scenario.name,
            description: scenario.description,
            variation: scenario.variation,
            author: scenario.author,
            createdAt: scenario.createdAt,
          }
        : null,
    };
  }

  const scenarioKey = (scenarioId: string) => `scenario:${scenarioId}`;

  function loadScenario(projectId: string | undefined, scenarioId: string): { scenario: Scenario; revision: number } {
    const id = resolveProjectId(projectId);
    const scenario = scenarios(id).find((s) => s.id === scenarioId);
    const row = pq.selectScenarioRevision(db, scenarioId);
    if (!scenario || !row)
      throw new UserError('UNKNOWN_SCENARIO', `No scenario "${scenarioId}" in project ${id}.`, { field: 'scenarioId', value: scenarioId });
    return { scenario, revision: row.revision };
  }

  function validated(plan: Plan, cat: PlanCatalog, command: PlanCommand) {
    const { errors, applied } = validateCommand(plan, cat, command);
    if (errors.length > 0) {
      const first = errors[0]!;
      throw new UserError('INVALID_EDIT', `${first.entity} ${first.field}: ${first.message}`, {
        field: first.field,
        ...(first.value !== undefined ? { value: first.value } : {}),
        problems: errors.map((e) => ({
          field: `${e.entity}.${e.field}`,
          message: e.message,
          ...(e.value !== undefined ? { value: e.value } : {}),
        })),
      });
    }
    return applied;
  }

  /** An edit of a scenario's plan: the same validation, undo history of its own, saved with a revision bump. */
  function editScenario(request: { projectId: string; scenarioId: string; revision: number; command: PlanCommand }): PlanView {
    const { scenario, revision } = loadScenario(request.projectId, request.scenarioId);
    checkRevision(request.projectId, revision, request.revision);
    refuseForeignIds(db, scenario.projectId, request.command);
    const cat = catalog();
    const applied = validated(scenario.plan, cat, request.command);
    const key = scenarioKey(scenario.id);
    const next = execute(scenario.plan, historyOf(key), request.command, 200, applied);
    const newRevision = db.transaction(() => pq.saveScenarioPlan(db, scenario.id, next.plan, deps.now().toISOString())).immediate();
    histories.set(key, next.history);
    return view(next.plan, newRevision, cat, { ...scenario, plan: next.plan });
  }

  function stepScenario(
    direction: 'undo' | 'redo',
    request: { projectId: string; scenarioId: string; revision?: number | undefined },
  ): PlanView {
    const { scenario, revision } = loadScenario(request.projectId, request.scenarioId);
    checkRevision(request.projectId, revision, request.revision);
    const key = scenarioKey(scenario.id);
    const history = historyOf(key);
    const r = direction === 'undo' ? undo(scenario.plan, history) : redo(scenario.plan, history);
    if (!r) throw new UserError('NOTHING_TO_' + direction.toUpperCase(), `Nothing to ${direction}.`);
    const newRevision = db.transaction(() => pq.saveScenarioPlan(db, scenario.id, r.plan, deps.now().toISOString())).immediate();
    histories.set(key, r.history);
    return view(r.plan, newRevision, catalog(), { ...scenario, plan: r.plan });
  }

  function checkRevision(projectId: string, current: number, expected: number | undefined): void {
    if (expected !== undefined && expected !== current) {
      throw new UserError(
        'STALE_EDIT',
        `The plan changed since this edit was made (revision ${expected}, now ${current}); nothing was saved — reload and try again.`,
        { field: 'revision', expected: String(current), value: String(expected), projectId },
      );
    }
  }

  /** Validates, then writes the change and bumps the revision in one transaction; nothing is half-saved. */
  function commit(projectId: string, before: Plan, after: Plan, command: PlanCommand): number {
    return db
      .transaction(() => {
        writeChanges(db, before, after, command);
        return q.bumpRevision(db, projectId, deps.now().toISOString());
      })
      .immediate();
  }

  function edit(request: { projectId: string; revision: number; command: PlanCommand }): PlanView {
    const { plan, revision } = load(request.projectId);
    checkRevision(request.projectId, revision, request.revision);
    refuseForeignIds(db, plan.project.id, request.command);
    const cat = catalog();
    const applied = validated(plan, cat, request.command);
    const next = execute(plan, historyOf(request.projectId), request.command, 200, applied);
    const newRevision = commit(request.projectId, plan, next.plan, request.command);
    histories.set(request.projectId, next.history);
    return view(next.plan, newRevision, cat);
  }

  function step(direction: 'undo' | 'redo', request: { projectId: string; revision?: number | undefined }): PlanView {
    const { plan, revision } = load(request.projectId);
    checkRevision(request.projectId, revision, request.revision);
    const history = historyOf(request.projectId);
    const r = direction === 'undo' ? undo(plan, history) : redo(plan, history);
    if (!r) throw new UserError('NOTHING_TO_' + direction.toUpperCase(), `Nothing to ${direction}.`);
    const applied = direction === 'undo' ? r.entry.inverse : r.entry.command;
    const newRevision = commit(request.projectId, plan, r.plan, applied);
    histories.set(request.projectId, r.history);
    return view(r.plan, newRevision);
  }

  /** The phases of `plan` whose app estimate differs from the engine's answer now (price or workload changed). */
  async function staleEstimates(
    plan: Plan,
    cat: PlanCatalog,
    estimator: WorkloadEstimator,
  ): Promise<Array<{ phase: MilestonePhase; estimate: AppEstimate | null }>> {
    const strip = (e: AppEstimate | null) => (e ? JSON.stringify({ ...e, computedAt: '' }) : null);
    const stale: Array<{ phase: MilestonePhase; estimate: AppEstimate | null }> = [];
    for (const m of plan.milestones) {
      for (const phase of m.phases) {
        let estimate: AppEstimate | null = null;
        try {
          estimate = await estimatePhase(plan, cat, phase, estimator, deps.now());
        } catch {
          estimate = null;
        }
        if (strip(estimate) !== strip(phase.appEstimate)) stale.push({ phase, estimate });
      }
    }
    return stale;
  }

  /**
   * Recomputes each phase's estimate with the engine (when present) and saves the ones that changed — in the plan and
   * in its scenarios (each a varied copy of the plan), so the scenarios compare on the same, current estimates.
   */
  async function refreshEstimates(projectId?: string): Promise<PlanView> {
    const { plan } = load(projectId);
    const cat = catalog();
    if (estimator) {
      const stale = await staleEstimates(plan, cat, estimator);
      const scenarioUpdates: Scenario[] = [];
      for (const scenario of scenarios(plan.project.id)) {
        const changed = await staleEstimates(scenario.plan, cat, estimator);
        for (const { phase, estimate } of changed) phase.appEstimate = estimate;
        if (changed.length > 0) scenarioUpdates.push(scenario);
      }
      if (stale.length > 0 || scenarioUpdates.length > 0) {
        db.transaction(() => {
          for (const { phase, estimate } of stale) q.updatePhaseEstimate(db, phase.id, estimate ? JSON.stringify(estimate) : null);
          for (const scenario of scenarioUpdates) q.updateScenarioPlan(db, scenario.id, scenario.plan);
          if (stale.length > 0) q.bumpRevision(db, plan.project.id, deps.now().toISOString());
        })();
      }
    }
    const reloaded = load(plan.project.id);
    return view(reloaded.plan, reloaded.revision, cat);
  }

  function scenarios(projectId: string): Scenario[] {
    return q.selectScenarios(db, projectId);
  }

  function duplicateScenario(request: { projectId: string; name: string; description: string; fromScenarioId?: string | undefined }) {
    const base = load(request.projectId).plan;
    const from = request.fromScenarioId ? loadScenario(request.projectId, request.fromScenarioId).scenario : null;
    const plan = from ? from.plan : base;
    const createdAt = deps.now().toISOString();
    const id = `scenario-${createdAt.replace(/[^0-9]/g, '').slice(0, 17)}-${Math.random().toString(36).slice(2, 6)}`;
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
    q.insertScenario(db, scenario);
    return {
      scenario: { id, name: scenario.name, description: scenario.description, variation: scenario.variation, author: null, createdAt },
    };
  }

  /** A scenario's plan, checked and totalled like the current plan (the review PDF of a scenario reads it). */
  function scenarioView(projectId: string | undefined, scenarioId: string): PlanView {
    const { scenario, revision } = loadScenario(projectId, scenarioId);
    return view(scenario.plan, revision, catalog(), scenario);
  }

  function renameScenario(request: { projectId: string; scenarioId: string; name: string; description?: string | undefined }) {
    loadScenario(request.projectId, request.scenarioId);
    const name = request.name.trim();
    if (!name) throw new UserError('INVALID_SCENARIO', 'A scenario needs a name.', { field: 'name' });
    pq.renameScenario(db, request.scenarioId, name, request.description, deps.now().toISOString());
    return { scenarioId: request.scenarioId, name };
  }

  /** What `undoPromote` needs to put things back, per project (this session only, like the edit history). */
  const promotions = new Map<string, { promoted: Scenario; promotedRevision: number; previousPlanScenarioId: string; label: string }>();

  /**
   * The scenario becomes the project's plan; the plan it replaces is kept as a scenario ("Plan before …").
   * One transaction; the edit histories of both are cleared (they describe plans that moved). Undo with `undoPromote`.
   */
  function promoteScenario(request: { projectId: string; scenarioId: string }) {
    const { plan: old } = load(request.projectId);
    const { scenario, revision } = loadScenario(request.projectId, request.scenarioId);
    const at = deps.now().toISOString();
    const keepId = `scenario-${at.replace(/[^0-9]/g, '').slice(0, 17)}-${Math.random().toString(36).slice(2, 6)}`;
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
        pq.replacePlanRows(db, next, at);
        q.deleteScenario(db, scenario.id);
        pq.insertScenarioRow(db, kept, at);
        return q.selectRevision(db, old.project.id)!;
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
    const id = resolveProjectId(request.projectId);
    const p = promotions.get(id);
    if (!p) throw new UserError('NOTHING_TO_UNDO', 'No promotion to undo in this session.', { field: 'projectId', value: id });
    const kept = scenarios(id).find((s) => s.id === p.previousPlanScenarioId);
    if (!kept)
      throw new UserError('NOTHING_TO_UNDO', 'The previous plan was deleted since; the promotion cannot be undone.', {
        field: 'scenarioId',
        value: p.previousPlanScenarioId,
      });
    const at = deps.now().toISOString();
    db.transaction(() => {
      pq.replacePlanRows(db, kept.plan, at);
      q.deleteScenario(db, kept.id);
      pq.insertScenarioRow(db, p.promoted, at, p.promotedRevision);
    }).immediate();
    histories.delete(id);
    promotions.delete(id);
    return { projectId: id, scenarioId: p.promoted.id };
  }

  /** Two or three plans side by side (null = the current plan), with the per-week difference from the first. */
  function comparePlansOf(request: { projectId?: string | undefined; ids: Array<string | null> }) {
    const { plan } = load(request.projectId);
    const all = scenarios(plan.project.id);
    const compared: ComparedPlan[] = request.ids.map((sid) => {
      if (sid === null) return { scenarioId: null, name: 'Current plan', plan };
      const s = all.find((x) => x.id === sid);
      if (!s) throw new UserError('UNKNOWN_SCENARIO', `No scenario "${sid}" in project ${plan.project.id}.`, { field: 'ids', value: sid });
      return { scenarioId: s.id, name: s.name, plan: s.plan, scenario: s };
    });
    return comparePlans(compared, catalog());
  }

  function compare(projectId?: string) {
    const { plan } = load(projectId);
    const list = scenarios(plan.project.id);
    return {
      scenarios: list.map((s) => ({
        id: s.id,
        name: s.name,
        description: s.description,
        variation: s.variation,
        author: s.author,
        createdAt: s.createdAt,
      })),
      rows: compareScenarios(plan, list, catalog()),
    };
  }

  /** `gpu-planner plan show --json` (spec/cli.md), with a few extra fields. */
  function show(projectId?: string) {
    const { plan } = load(projectId);
    return describe(plan, scenarios(plan.project.id));
  }

  /** The `plan show --json` shape of any plan (the current one, a scenario's, a suggested schedule). */
  function describe(plan: Plan, planScenarios: Scenario[] = []) {
    const v = view(plan, 0);
    const coverage = new Map(v.analysis.phases.map((p) => [p.phaseId, p]));
    const byWeek = new Map<string, typeof plan.allocations>();
    for (const a of plan.allocations) byWeek.set(a.week, [...(byWeek.get(a.week) ?? []), a]);
    return {
      project: {
        id: plan.project.id,
        name: plan.project.name,
        start: plan.project.start,
        end: plan.project.end,
        currency: plan.project.currency,
        budget: plan.project.budget,
        budgetSource: plan.project.budgetSource,
      },
      tracks: plan.tracks.map((t) => ({
        id: t.id,
        name: t.name,
        owner: t.owner,
        focus: t.focus,
        colour: t.colour,
        start: t.start,
        end: t.end,
      })),
      milestones: plan.milestones.map((m) => {
        const starts = m.phases.map((p) => p.start).sort();
        const ends = m.phases.map((p) => p.end).sort();
        const needed = m.phases.map((p) => coverage.get(p.id)?.neededHours ?? 0);
        const main = m.phases[needed.indexOf(Math.max(...needed))] ?? m.phases[0];
        const usd = m.phases.reduce(
          (s, p) =>
            s +
            (p.appEstimate ? Number(p.appEstimate.usd) : p.authorEstimate ? (p.authorEstimate.usd.low + p.authorEstimate.usd.high) / 2 : 0),
          0,
        );
        return {
          id: m.id,
          trackId: m.trackId,
          code: m.code,
          name: m.name,
          start: starts[0] ?? null,
          end: ends[ends.length - 1] ?? null,
          offeringId: main?.offeringId ?? null,
          estimatedHours: Math.round(needed.reduce((s, h) => s + h, 0) * 100) / 100,
          estimatedUsd: usd.toFixed(2),
          estimateBasis: m.phases.map((p) => `${p.name}: ${coverage.get(p.id)?.neededBasis ?? 'no estimate'}`).join('; '),
          phases: m.phases.map((p) => ({
            id: p.id,
            name: p.name,
            start: p.start,
            end: p.end,
            offeringId: p.offeringId,
            gpuId: p.gpuId,
            runs: p.runs,
            estimatedHours: coverage.get(p.id)?.neededHours ?? null,
            allocatedHours: coverage.get(p.id)?.allocatedHours ?? 0,
            authorEstimate: p.authorEstimate,
            appEstimate: p.appEstimate,
          })),
        };
      }),
      weeks: v.analysis.totals.weeks.map((w) => ({
        week: w.week,
        start: w.start,
        allocations: (byWeek.get(w.week) ?? []).map((a) => ({
          trackId: a.trackId,
          offeringId: a.offeringId,
          gpuId: a.gpuId,
          gpuCount: a.gpuCount,
          hours: a.hours,
          usd: v.analysis.totals.allocationUsd[a.id] ?? '0.00',
        })),
        gpuHours: w.gpuHours,
        usd: w.usd,
        cumulativeUsd: w.cumulativeUsd,
        budgetShareUsd: w.budgetShareUsd,
        storageUsd: w.storageUsd,
        transferUsd: w.transferUsd,
        allCostsUsd: w.allCostsUsd,
      })),
      conflicts: v.analysis.problems.map((p) => ({
        kind: p.kind,
        week: p.week ?? null,
        message: p.message,
        severity: p.severity,
        trackId: p.trackId ?? null,
        milestoneId: p.milestoneId ?? null,
      })),
      totals: {
        gpuHours: v.analysis.totals.gpuHours,
        usd: v.analysis.totals.usd,
        budget: v.analysis.totals.budget,
        remainingUsd: v.analysis.totals.remainingUsd,
        storageUsd: v.analysis.totals.storageUsd,
        transferUsd: v.analysis.totals.transferUsd,
        allCostsUsd: v.analysis.totals.allCostsUsd,
        remainingAllCostsUsd: v.analysis.totals.remainingAllCostsUsd,
      },
      dataCosts: v.analysis.totals.dataCosts.lines,
      dataCostRule: v.analysis.totals.dataCosts.rule,
      pools: plan.pools.map((p) => ({
        id: p.id,
        name: p.name,
        capacity: p.capacity,
        unit: p.unit,
        offeringIds: p.offeringIds,
        gpuIds: p.gpuIds,
      })),
      scenarios: compareScenarios(plan, planScenarios, v.catalog),
      costRule:
        'usd = hours × gpuCount × (hourly price ÷ offering GPUs); a monthly subscription costs price × 12/52 per week the plan uses it; catalog price of the planned kind, else the planned price',
      claims: plan.claims,
      notes: plan.notes,
    };
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
    listProjects: () => q.selectProjects(db),
    projects: createProjectService(deps, { refreshEstimates }),
    editScenario,
    undoScenario: (request: { projectId: string; scenarioId: string; revision?: number | undefined }) => stepScenario('undo', request),
    redoScenario: (request: { projectId: string; scenarioId: string; revision?: number | undefined }) => stepScenario('redo', request),
    renameScenario,
    promoteScenario,
    undoPromote,
    comparePlans: comparePlansOf,
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
    compareScenarios: compare,
    scenarioView,
    deleteScenario: (id: string) => q.deleteScenario(db, id) > 0,
    show,
    describe,
    load,
    catalog,
    /** Monthly and yearly run-rates of the project's setups (bundled examples that define them; else none). */
    runRates: (projectId?: string) => {
      const { plan } = load(projectId);
      return { projectId: plan.project.id, runRates: runRatesOf(deps.resourcesDir, plan, catalog()) };
    },
    scenarios,
    insertScenario: (scenario: Scenario) => q.insertScenario(db, scenario),
  };
}
