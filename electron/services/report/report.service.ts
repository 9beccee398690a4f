/**
 * Report use cases: the review model assembled from the plan, estimate, catalog and budget services (the assembly
 * itself is pure, shared/domain/report), the PDF of the print view, and CSV exports of every table.
 */
import type { SettingsService } from '../settings/settings.service';
import fs from 'node:fs';
import { UserError } from '../../../shared/domain/errors';
import { toCsv } from '../../../shared/domain/csv';
import { assembleReportModel, type ReportModel, type ReportSectionId } from '../../../shared/domain/report/report-model';
import { reportTable, type CsvTable, type ReportTable } from '../../../shared/domain/report/report-tables';
import { ASSUMPTIONS, FITTED, flattenConstants } from '../../../shared/estimate/calibration';
import { COST_ASSUMPTIONS } from '../../../shared/estimate/cost';
import type { PageSize, SpendGrouping } from '../../../shared/ipc/contract/report';
import type { BudgetService } from '../budget/budget.service';
import type { CatalogService } from '../catalog/catalog.service';
import type { EstimateService } from '../estimate/estimate.service';
import type { PlanService } from '../plan/plan.service';
import type { ServiceDeps } from '../service-deps';
import { CALIBRATION } from './calibration-summary';
import { countPdfPages, headerFooterTemplates, printHash } from './print-url';
import type { PdfRenderer } from './render-pdf';
import { budgetInputOf, phaseEstimatesOf, whatMovedOf } from './report-inputs';
import { evaluatePlanClaims } from '../plan/claims/claims.service';
import { selectDefaultProjectId } from '../../db/queries/plan';
import { projectWindow } from '../budget/budget-overview';
import { exportFileName, reviewPdfFileName } from '../../../shared/domain/project/file-names';

export type ReportService = ReturnType<typeof createReportService>;

export interface ReportRequest {
  projectId?: string | undefined;
  scenarioId?: string | undefined;
  sections?: ReportSectionId[] | undefined;
}

/** The services the report reads, and the PDF renderer the app context owns (Electron's printToPDF or Chromium). */
export interface ReportServiceDeps {
  plan: Pick<PlanService, 'getPlan' | 'compareScenarios' | 'scenarioView' | 'show' | 'runRates' | 'projects' | 'lastPromotion'>;
  catalog: Pick<CatalogService, 'listGpus' | 'listOfferings' | 'exportCsv'>;
  estimate: Pick<EstimateService, 'estimateWorkload'>;
  budget: Pick<BudgetService, 'getOverview' | 'spendSummary'>;
  settings: Pick<SettingsService, 'costSettings'>;
  pdfRenderer: PdfRenderer;
}

export function createReportService(deps: ServiceDeps, { plan, catalog, estimate, budget, settings, pdfRenderer }: ReportServiceDeps) {
  /** A project's row (name, dates), the given one or the default: no plan is loaded for it. */
  function findProject(projectId: string | undefined) {
    const id = projectId ?? selectDefaultProjectId(deps.db);
    return plan.projects.list().find((p) => p.id === id);
  }

  /** As findProject, refused with NOT_FOUND when there is no such project. */
  function projectRow(projectId: string | undefined) {
    const project = findProject(projectId);
    if (project) return project;
    const id = projectId ?? selectDefaultProjectId(deps.db);
    throw new UserError('NOT_FOUND', id ? `No project "${id}".` : 'There is no project yet.', {
      field: 'projectId',
      ...(id ? { value: id } : {}),
    });
  }

  async function getReportModel(request: ReportRequest): Promise<ReportModel> {
    // One snapshot of the plan: loaded and analysed once here, then passed to every part of the report (issue 25 item 6).
    const current = await plan.getPlan(request.projectId);
    const comparison = plan.compareScenarios(current.plan.project.id, current);
    if (request.scenarioId && !comparison.rows.some((r) => r.scenarioId === request.scenarioId)) {
      throw new UserError('UNKNOWN_SCENARIO', `No scenario "${request.scenarioId}" in project ${current.plan.project.id}.`, {
        field: 'scenarioId',
        expected: comparison.rows
          .map((r) => r.scenarioId)
          .filter(Boolean)
          .join(', '),
      });
    }
    // A chosen scenario is reported in full: its tracks, milestones, bookings, costs and checks (the budget's actual
    // spend is the project's, whatever the scenario).
    const view = request.scenarioId ? plan.scenarioView(current.plan.project.id, request.scenarioId) : current;
    const show = plan.show(current.plan.project.id, current);
    return assembleReportModel({
      view,
      scenarios: comparison.rows,
      scenarioId: request.scenarioId ?? null,
      offerings: catalog.listOfferings(),
      gpus: catalog.listGpus(),
      phaseEstimates: phaseEstimatesOf(view.plan, catalog.listGpus(), (workload) => estimate.estimateWorkload(workload)),
      // The budget's actual spend is the project's, whatever the scenario; its plan is the snapshot's current plan.
      budget: budgetInputOf(await budget.getOverview(current.plan.project.id, current)),
      constants: {
        efficiency: flattenConstants(FITTED),
        memory: { ...ASSUMPTIONS },
        cost: { ...COST_ASSUMPTIONS, ...settings.costSettings() },
      },
      calibration: CALIBRATION,
      costRule: show.costRule,
      generatedAt: deps.now().toISOString(),
      appVersion: deps.appVersion ?? process.env.npm_package_version ?? '0.1.0',
      sections: request.sections,
      runRates: request.scenarioId ? [] : plan.runRates(current.plan.project.id, current).runRates,
      claimEvaluations: evaluatePlanClaims({ catalog, estimate }, deps.resourcesDir, view),
      whatMoved: whatMovedOf(plan.lastPromotion(current.plan.project.id), catalog.listOfferings()),
    });
  }

  /** Renders the PDF bytes (no dialog): the CLI, the tests and exportPdf use it. */
  async function renderPdf(
    request: ReportRequest & { pageSize: PageSize },
    onProgress: (stage: 'model' | 'render' | 'pdf', message: string) => void = () => {},
  ) {
    onProgress('model', 'Assembling the report');
    const modelPromise = getReportModel(request);
    modelPromise.catch(() => {}); // awaited below; the renderer may not have asked yet
    const [pdf, model] = await Promise.all([
      pdfRenderer.render({
        hash: printHash(request),
        pageSize: request.pageSize,
        templates: modelPromise.then((m) => headerFooterTemplates(m.cover.projectName, m.cover.date)),
        invoke: async (channel) => {
          if (channel !== 'report:get-report-model')
            return { ok: false, error: { code: 'FORBIDDEN', message: `The print view may not call ${channel}.` } };
          return { ok: true, value: await modelPromise };
        },
        onProgress,
      }),
      modelPromise,
    ]);
    return { pdf, pages: countPdfPages(pdf), model };
  }

  async function exportPdf(request: ReportRequest & { pageSize: PageSize }) {
    const started = performance.now();
    const total = 5;
    const progress = (stage: 'model' | 'render' | 'pdf' | 'write' | 'done' | 'error', done: number, message: string) =>
      deps.emit('report:export-progress', { stage, done, total, message });
    // The project's name for the file name: its row, not its plan (the plan is read once, for the report itself).
    const project = projectRow(request.projectId);
    const file = await deps.dialogs.saveFile({
      title: 'Export plan PDF',
      defaultPath: reviewPdfFileName(project.name, deps.now().toISOString().slice(0, 10)),
      filters: [{ name: 'PDF', extensions: ['pdf'] }],
    });
    if (!file) return { file: null, bytes: 0, pages: null, ms: Math.round(performance.now() - started) };
    try {
      const steps = { model: 1, render: 2, pdf: 3 } as const;
      const { pdf, pages } = await renderPdf(request, (stage, message) => progress(stage, steps[stage], message));
      progress('write', 4, `Writing ${file}`);
      fs.writeFileSync(file, pdf);
      progress('done', 5, `${pages} pages written`);
      return { file, bytes: pdf.byteLength, pages, ms: Math.round(performance.now() - started) };
    } catch (error) {
      progress('error', 5, error instanceof Error ? error.message : String(error));
      throw error;
    }
  }

  /** Any table as header + rows (the report's, the catalog's, or spend by a grouping). */
  async function table(request: {
    projectId?: string | undefined;
    table: ReportTable;
    groupBy?: SpendGrouping | undefined;
  }): Promise<CsvTable & { text?: string }> {
    if (request.table === 'catalog') return { header: [], rows: [] };
    if (request.table === 'spend') {
      // The project's actual spend, as its Budget screen counts it: the lines dated within the project's dates.
      const by = request.groupBy ?? 'month';
      const window = projectWindow({ project: projectRow(request.projectId) });
      const answer = budget.spendSummary({ by, filters: { from: window.from, to: window.toExclusive }, exact: false });
      return {
        header: [by, 'currency', 'amount'],
        rows: answer.groups.flatMap((g) => Object.entries(g.totals).map(([c, v]) => [g.key, c, String(v)])),
      };
    }
    const model = await getReportModel({ projectId: request.projectId });
    return reportTable(model, request.table);
  }

  async function csvText(request: {
    projectId?: string | undefined;
    table: ReportTable;
    groupBy?: SpendGrouping | undefined;
    bom: boolean;
  }): Promise<{ text: string; rows: number }> {
    if (request.table === 'catalog') return catalog.exportCsv({ bom: request.bom });
    const t = await table(request);
    return { text: toCsv(t.header, t.rows, { bom: request.bom }), rows: t.rows.length };
  }

  async function exportCsv(request: {
    projectId?: string | undefined;
    table: ReportTable;
    groupBy?: SpendGrouping | undefined;
    options: { bom: boolean };
  }) {
    const { text, rows } = await csvText({ ...request, bom: request.options.bom });
    const projectName = findProject(request.projectId)?.name ?? 'GPU Planner';
    const file = await deps.dialogs.saveFile({
      title: `Export ${request.table} as CSV`,
      defaultPath: exportFileName(projectName, `${request.table}${request.groupBy ? ` by ${request.groupBy}` : ''}`, 'csv'),
      filters: [{ name: 'CSV', extensions: ['csv'] }],
    });
    if (!file) return { file: null, rows };
    fs.writeFileSync(file, text, 'utf8');
    return { file, rows };
  }

  return { getReportModel, renderPdf, exportPdf, table, csvText, exportCsv };
}
