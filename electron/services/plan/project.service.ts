/**
 * A lead's own projects: list (recent first), create blank, duplicate (the example included), rename, archive,
 * delete with undo (soft delete, restore), and the `.gpuplan` file (export; import as a new project or as a scenario
 * of an existing one — validated, all-or-nothing in one transaction).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { UserError } from '../../../shared/domain/errors';
import {
  blankPlan,
  distinctName,
  idInProject,
  rekeyPlan,
  rekeyScenario,
  type NewProjectInput,
} from '../../../shared/domain/project/project-copy';
import { buildPlanFile, PLAN_FILE_EXTENSION, serializePlanFile, type PlanFile } from '../../../shared/domain/project/plan-file';
import { readPlanFile } from './plan-file-reader';
import { createProjectFromText } from './project-from-text';
import { planFileBudget, type PlanFileBudget } from '../../../shared/domain/project/plan-file-budget';
import type { Plan, Scenario } from '../../../shared/domain/plan/types';
import { validateProject, validateTrack } from '../../../shared/domain/plan/validation';
import { insertImport } from '../../db/queries/budget';
import { insertBudget, selectBudgetByScope, selectBudgets, updateBudget } from '../../db/queries/budget-planning';
import { spendLineInserter } from '../../db/queries/spend-lines';
import { rebuildSpendRollup } from '../../db/queries/spend-rollup';
import { selectPlan } from '../../db/queries/plan-aggregate';
import { insertScenario, selectScenarios } from '../../db/queries/scenario';
import * as q from '../../db/queries/project';
import type { ServiceDeps } from '../service-deps';
import { APP_VERSION } from '../../app-version';
import { exportFileName } from '../../../shared/domain/project/file-names';

export type ProjectService = ReturnType<typeof createProjectService>;

/** The plan's estimate refresh: an imported plan file's estimates are recomputed on this catalog as it is imported. */
export interface ProjectServiceDeps {
  refreshEstimates: (projectId: string) => void;
}

export function createProjectService(deps: ServiceDeps, { refreshEstimates }: ProjectServiceDeps) {
  const { db } = deps;
  const now = () => deps.now().toISOString();
  const newProjectId = () => `p-${randomUUID().slice(0, 8)}`;
  const newScenarioId = () => `scenario-${randomUUID().slice(0, 8)}`;

  function existing(projectId: string, options: { allowDeleted?: boolean } = {}) {
    const state = q.selectProjectState(db, projectId);
    if (!state || (state.deletedAt && !options.allowDeleted))
      throw new UserError('NOT_FOUND', `No project "${projectId}".`, { field: 'projectId', value: projectId });
    return state;
  }

  function planOf(projectId: string): Plan {
    existing(projectId);
    return selectPlan(db, projectId)!.plan;
  }

  function invalid(errors: Array<{ entity: string; field: string; message: string; value?: string }>): never {
    const first = errors[0]!;
    throw new UserError('INVALID_PROJECT', `${first.entity} ${first.field}: ${first.message}`, {
      field: first.field,
      problems: errors.map((e) => ({
        field: `${e.entity}.${e.field}`,
        message: e.message,
        ...(e.value !== undefined ? { value: e.value } : {}),
      })),
    });
  }

  function list(options: { includeDeleted?: boolean } = {}) {
    return q.selectProjectList(db, options);
  }

  function open(projectId: string) {
    existing(projectId);
    q.markOpened(db, projectId, now());
    return { projectId };
  }

  function create(input: NewProjectInput) {
    const id = newProjectId();
    const plan = blankPlan(id, input);
    const errors = [...validateProject(plan.project), ...validateTrack(plan.tracks[0]!, plan)];
    if (!plan.tracks[0]!.owner)
      errors.push({ entity: 'track', id: '', field: 'owner', message: 'The first track needs an owner (who runs it).' });
    if (errors.length > 0) invalid(errors);
    const at = now();
    db.transaction(() => {
      q.insertWholeProject(db, plan, [], at);
      q.markOpened(db, id, at);
    }).immediate();
    return { projectId: id };
  }

  const projectNames = () => q.selectProjectList(db).map((p) => p.name);

  function duplicate(request: { projectId: string; name?: string | undefined }) {
    const source = planOf(request.projectId);
    const id = newProjectId();
    const plan = rekeyPlan(source, id);
    plan.project.name = distinctName(request.name?.trim() || `Copy of ${source.project.name}`, projectNames());
    const scenarios = selectScenarios(db, request.projectId).map((s) => rekeyScenario(s, id, newScenarioId()));
    for (const s of scenarios) s.plan.project = { ...s.plan.project, name: plan.project.name };
    const at = now();
    db.transaction(() => {
      q.insertWholeProject(db, plan, scenarios, at);
      writeBudgetSection(id, planFileBudget(selectBudgets(db, request.projectId)));
      q.markOpened(db, id, at);
    }).immediate();
    return { projectId: id };
  }

  /**
   * The budget record's thresholds and splits, after the project (and its total, `project.budget`) is written: the
   * total keeps its amount and takes the thresholds and currency given; the splits land on the new project's tracks.
   */
  function writeBudgetSection(projectId: string, section: PlanFileBudget | undefined): void {
    if (!section) return;
    const total = selectBudgetByScope(db, projectId, null, null);
    if (total && section.total) updateBudget(db, { ...total, currency: section.total.currency, thresholds: section.total.thresholds });
    for (const b of section.splits)
      insertBudget(db, { ...b, projectId, trackId: b.trackId === null ? null : idInProject(projectId, b.trackId) });
  }

  function rename(request: { projectId: string; name: string }) {
    existing(request.projectId);
    const name = request.name.trim();
    if (!name) throw new UserError('INVALID_PROJECT', 'A project needs a name.', { field: 'name' });
    q.renameProject(db, request.projectId, name, now());
    return { projectId: request.projectId, name };
  }

  function archive(request: { projectId: string; archived: boolean }) {
    existing(request.projectId);
    q.setArchived(db, request.projectId, request.archived ? now() : null);
    return { projectId: request.projectId, archived: request.archived };
  }

  /** What a delete takes away (the confirmation names it). */
  function contents(projectId: string) {
    const state = existing(projectId);
    return { projectId, name: state.name, isExample: state.isExample, ...q.projectContents(db, projectId) };
  }

  /** Soft delete: the project leaves every list; `restore` brings it back whole. */
  function remove(projectId: string) {
    const what = contents(projectId);
    q.setDeleted(db, projectId, now());
    return { deleted: what };
  }

  function restore(projectId: string) {
    existing(projectId, { allowDeleted: true });
    q.setDeleted(db, projectId, null);
    return { projectId };
  }

  /** The plan file of a project as text. */
  function exportText(request: { projectId: string; includeSpend?: boolean | undefined }): { text: string; file: PlanFile } {
    const plan = planOf(request.projectId);
    const scenarios = selectScenarios(db, request.projectId);
    const spend = request.includeSpend
      ? {
          source: `Spend lines allocated to the project's tracks, from the billing imports of ${now().slice(0, 10)}`,
          lines: q.selectProjectSpend(db, request.projectId),
        }
      : null;
    const file = buildPlanFile(plan, scenarios, {
      exportedAt: now(),
      exportedBy: `GPU Planner ${APP_VERSION}`,
      spend,
      budgets: selectBudgets(db, request.projectId),
    });
    return { text: serializePlanFile(file), file };
  }

  function exportTo(request: { projectId: string; includeSpend?: boolean | undefined }, file: string) {
    const { text, file: doc } = exportText(request);
    fs.writeFileSync(file, text, 'utf8');
    return { file, bytes: Buffer.byteLength(text), scenarios: doc.scenarios.length, spendLines: doc.spend?.lines.length ?? 0 };
  }

  async function exportFile(request: { projectId: string; includeSpend?: boolean | undefined }) {
    const plan = planOf(request.projectId);
    const file = await deps.dialogs.saveFile({
      title: 'Export the project as a plan file',
      defaultPath: exportFileName(plan.project.name, '', PLAN_FILE_EXTENSION),
      filters: [{ name: 'GPU Planner plan', extensions: [PLAN_FILE_EXTENSION] }],
    });
    if (!file) return { file: null, bytes: 0, scenarios: 0, spendLines: 0 };
    return exportTo(request, file); // the stored estimates are current: the writes that change them refresh them
  }

  function insertSpend(file: PlanFile, projectId: string, fileName: string, at: string): number {
    const lines = file.spend?.lines ?? [];
    if (lines.length === 0) return 0;
    const periods = lines.map((l) => l.chargePeriodStart.slice(0, 10)).sort();
    const importId = insertImport(db, {
      file_name: fileName,
      sha256: `gpuplan:${projectId}`,
      dialect: 'gpuplan',
      account_key: projectId,
      period_start: periods[0] ?? null,
      period_end: periods.at(-1) ?? null,
      rows_read: lines.length,
      rows_imported: lines.length,
      rows_skipped: 0,
      totals_json: '[]',
      skipped_json: '[]',
      replaced_import_ids: '[]',
      status: 'active',
      created_at: at,
      description: `Spend carried by the plan file ${fileName}`,
      container: 'plain',
      cost_basis: 'actual',
      periods_json: '[]',
      warnings_json: '[]',
      invoice_open: 0,
      mapping_name: null,
    });
    const insertLine = spendLineInserter(db);
    lines.forEach((l, i) =>
      insertLine(importId, {
        ...l,
        sourceLine: i + 1,
        resourceName: null,
        billingAccountId: null,
        subAccountId: null,
        pricingCategory: null,
        billingPeriodStart: null,
        billingPeriodEnd: null,
        trackId: idInProject(projectId, l.trackId),
      }),
    );
    rebuildSpendRollup(db, importId);
    return lines.length;
  }

  /** Imports a parsed plan file as a new project, or as a scenario of `intoProjectId`. One transaction. */
  function importParsed(file: PlanFile, fileName: string, options: { intoProjectId?: string | undefined; name?: string | undefined }) {
    const at = now();
    if (options.intoProjectId) {
      const target = planOf(options.intoProjectId);
      const id = newScenarioId();
      const plan = rekeyPlan(file.plan as Plan, target.project.id);
      const scenario: Scenario = {
        id,
        projectId: target.project.id,
        name: options.name?.trim() || `${file.plan.project.name} (from ${fileName})`,
        description: `Imported from the plan file ${fileName}, exported ${file.exportedAt.slice(0, 10)} by ${file.exportedBy}.`,
        variation: 'The plan of another file',
        author: null,
        plan,
        createdAt: at,
      };
      db.transaction(() => {
        insertScenario(db, scenario, at);
        refreshEstimates(target.project.id);
      }).immediate();
      return { projectId: target.project.id, scenarioId: id, name: scenario.name, scenarios: 1, spendLines: 0 };
    }
    const projectId = newProjectId();
    const plan = rekeyPlan(file.plan as Plan, projectId);
    // Never two projects of the same name: a plan file of a project already here is imported as "Name (2)".
    plan.project.name = distinctName(options.name?.trim() || plan.project.name, projectNames());
    const scenarios: Scenario[] = file.scenarios.map((s) =>
      rekeyScenario({ ...s, projectId, plan: s.plan as Plan }, projectId, newScenarioId()),
    );
    for (const s of scenarios) s.plan.project = { ...s.plan.project, name: plan.project.name };
    let spendLines = 0;
    db.transaction(() => {
      q.insertWholeProject(db, plan, scenarios, at);
      writeBudgetSection(projectId, file.budget);
      q.markOpened(db, projectId, at);
      spendLines = insertSpend(file, projectId, fileName, at);
      refreshEstimates(projectId);
    }).immediate();
    return { projectId, scenarioId: null, name: plan.project.name, scenarios: scenarios.length, spendLines };
  }

  function importFrom(file: string, options: { intoProjectId?: string | undefined; name?: string | undefined } = {}) {
    const parsed = readPlanFile(file);
    const fileName = path.basename(file);
    try {
      return { file, ...importParsed(parsed, fileName, options) };
    } catch (error) {
      // The file's checks (parsePlanFile) mirror the database's; should one still differ, the user reads what was
      // refused — the transaction rolled back, nothing was imported — not an internal error.
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT'))
        throw new UserError(
          'BAD_PLAN_FILE',
          `${fileName}: the database refuses a value of it (${(error as Error).message}). Nothing was imported.`,
          {
            file: fileName,
          },
        );
      throw error;
    }
  }

  async function importFile(request: { intoProjectId?: string | undefined }) {
    if (request.intoProjectId) existing(request.intoProjectId);
    const file = await deps.dialogs.openFile({
      title: request.intoProjectId ? 'Import a plan file as a scenario' : 'Import a plan file as a new project',
      filters: [{ name: 'GPU Planner plan', extensions: [PLAN_FILE_EXTENSION, 'json'] }],
    });
    if (!file) return { file: null, projectId: null, scenarioId: null, name: null, scenarios: 0, spendLines: 0 };
    return importFrom(file, request);
  }

  const fromText = createProjectFromText(deps, { refreshEstimates, newProjectId, newScenarioId });

  return {
    fromText,
    list,
    open,
    create,
    duplicate,
    rename,
    archive,
    contents,
    remove,
    restore,
    exportText,
    exportTo,
    exportFile,
    importFrom,
    importFile,
    importParsed,
  };
}
