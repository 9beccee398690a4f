/**
 * Report use cases: the review model assembled from the plan, estimate, catalog and budget services (the assembly
 * itself is pure, shared/domain/report), the PDF of the print view, and CSV exports of every table.
 */
import fs from 'node:fs';
import { UserError } from '../../../shared/domain/errors';
import { toCsv } from '../../../shared/domain/csv';
import {
  assembleReportModel,
  type BudgetInput,
  type HardwareAlternative,
  type PhaseEstimateInput,
  type ReportModel,
  type ReportSectionId,
} from '../../../shared/domain/report/report-model';
import { reportTable, type CsvTable, type ReportTable } from '../../../shared/domain/report/report-tables';
import { ASSUMPTIONS, FITTED, flattenConstants } from '../../../shared/estimate/calibration';
import { COST_ASSUMPTIONS } from '../../../shared/estimate/cost';
import type { PageSize } from '../../../shared/ipc/contract/report';
import type { ServiceDeps } from '../service-deps';
import { CALIBRATION } from './calibration-summary';
import { offerLabel } from '../../../shared/domain/report/brief';
import { countPdfPages, headerFooterTemplates, printHash } from './print-url';
import { closeChromium, renderPdfWithChromium, type PdfRenderer } from './render-pdf';
import { evaluatePlanClaims } from '../plan/claims/claims.service';

export type ReportService = ReturnType<typeof createReportService>;

let pdfRenderer: PdfRenderer = renderPdfWithChromium;
/** The app (electron/main) installs Electron's printToPDF here; elsewhere headless Chromium renders. */
export function setPdfRenderer(renderer: PdfRenderer): void {
  pdfRenderer = renderer;
}

export interface ReportRequest {
  projectId?: string | undefined;
  scenarioId?: string | undefined;
  sections?: ReportSectionId[] | undefined;
}

const NO_BUDGET: BudgetInput = {
  available: false,
  message: 'No billing data imported yet: the budget compares the plan with its budget only.',
  actualUsd: null,
  actualByMonth: [],
  actualCumulativeByWeek: {},
  forecastUsd: null,
  forecastBasis: null,
  status: null,
  alerts: [],
  source: 'budget service (no imported billing data)',
  otherLines: 0,
};

/** The part of the budget overview the report reads (read defensively: the budget domain is evolving). */
interface OverviewLike {
  status?: string;
  dataAsOf?: string | null;
  actual: { value?: string; lineCount?: number; basis?: string };
  forecast?: { value?: string; basis?: string };
  weeks?: Array<{ week: string; actualCumulative: string | null }>;
  months?: Array<{ month: string; actual: string }>;
  alerts?: Array<{ level: string; message: string }>;
  unallocated?: { count?: number };
  outsideWindow?: { count?: number };
  budget?: { byMonth?: Record<string, string> };
}

type SpendAnswer = { totals: Record<string, string | number>; groups: Array<{ key: string; totals: Record<string, string | number> }> };
function isSpendAnswer(value: unknown): value is SpendAnswer {
  return (
    typeof value === 'object' && value !== null && 'totals' in value && 'groups' in value && Array.isArray((value as SpendAnswer).groups)
  );
}

export function createReportService(deps: ServiceDeps) {
  const services = () => deps.services();

  /** The budget domain is optional: any function it offers for spend by grouping, else "no billing data". */
  async function spendBy(groupBy: string): Promise<SpendAnswer | null> {
    const budget = services().budget as unknown as Record<string, unknown> | undefined;
    if (!budget) return null;
    for (const name of ['spendSummary', 'spend']) {
      const fn = budget[name];
      if (typeof fn !== 'function') continue;
      try {
        const answer: unknown = await (fn as (r: unknown) => unknown).call(budget, { by: groupBy, filters: {}, exact: false });
        if (isSpendAnswer(answer)) return answer;
      } catch {
        return null;
      }
    }
    return null;
  }

  /** The budget overview (budget, actual, forecast, burn-up, alerts) when the budget domain offers it. */
  async function budgetInput(projectId: string): Promise<BudgetInput> {
    const budget = services().budget as unknown as Record<string, unknown> | undefined;
    if (typeof budget?.getOverview !== 'function') return NO_BUDGET;
    let o: OverviewLike;
    try {
      o = (await (budget.getOverview as (id: string) => unknown).call(budget, projectId)) as OverviewLike;
    } catch {
      return NO_BUDGET;
    }
    if (!o || typeof o !== 'object' || !o.actual) return NO_BUDGET;
    const budgetByMonth = o.budget?.byMonth ?? {};
    const alerts = (o.alerts ?? []).map((a) => `${a.level}: ${a.message}`);
    const hasData = (o.actual.lineCount ?? 0) > 0;
    const otherLines = (o.unallocated?.count ?? 0) + (o.outsideWindow?.count ?? 0);
    return {
      available: hasData,
      message: hasData
        ? `Actual spend from ${o.actual.lineCount} imported billing lines${o.dataAsOf ? `, data as of ${o.dataAsOf}` : ''}; budget status: ${o.status}.`
        : otherLines > 0
          ? `No actual spend for this project yet: ${otherLines} imported billing line(s) fall outside its window or are not allocated to its tracks; the forecast is the plan.`
          : 'No billing data imported yet: actual spend is $0 and the forecast is the plan.',
      actualUsd: o.actual.value ?? null,
      actualByMonth: (o.months ?? []).map((m) => ({ month: m.month, usd: m.actual })),
      actualCumulativeByWeek: hasData
        ? Object.fromEntries((o.weeks ?? []).map((w) => [w.week, w.actualCumulative === null ? null : Number(w.actualCumulative)]))
        : {},
      forecastUsd: o.forecast?.value ?? null,
      forecastBasis: o.forecast?.basis ?? null,
      status: o.status ?? null,
      alerts,
      source: `budget overview (${o.actual.basis ?? 'imported billing lines'})`,
      otherLines,
      budgetByMonth,
    };
  }

  function phaseEstimates(plan: Awaited<ReturnType<ReturnType<typeof services>['plan']['getPlan']>>['plan']): PhaseEstimateInput[] {
    const gpus = new Map(
      services()
        .catalog.listGpus()
        .map((g) => [g.id, g]),
    );
    return plan.milestones
      .flatMap((m) => m.phases)
      .filter((p) => p.workload)
      .map((p) => {
        const w = p.workload as Record<string, unknown>;
        const model = w.model as { preset?: string } | undefined;
        const label = `${model?.preset ?? 'custom model'}, batch ${String(w.batchSize ?? '?')}, ${String(w.precision ?? '')}, ${String((w.dataset as { samples?: number } | undefined)?.samples ?? '?')} samples × ${String(w.epochs ?? '?')} epochs`;
        try {
          const estimate = services().estimate.estimateWorkload(p.workload);
          const byGpu = new Map(estimate.results.map((r) => [r.gpuId, r]));
          const best = new Map<string, HardwareAlternative>();
          let planned: HardwareAlternative | null = null;
          for (const row of estimate.ranking) {
            const result = byGpu.get(row.gpuId);
            if (!result) continue;
            const alt: HardwareAlternative = {
              gpuId: row.gpuId,
              gpuName: gpus.get(row.gpuId)?.name ?? row.gpuId,
              offeringId: row.offeringId,
              offering: offerLabel(row.providerName, row.sku, gpus.get(row.gpuId)?.name),
              priceKind: row.priceKind,
              hoursPerRun: Math.round(row.hours * 100) / 100,
              usdPerRun: row.usd.toFixed(2),
              fits: row.fits,
              requiredGiB: Math.round(result.memory.requiredGiB * 100) / 100,
              gpuMemoryGiB: result.memory.gpuMemoryGiB,
              bound: row.bound,
              planned: row.offeringId === p.offeringId,
              priceAsOf: row.asOf,
              priceSource: row.source,
            };
            if (alt.planned && (!planned || Number(alt.usdPerRun) < Number(planned.usdPerRun))) planned = alt;
            const current = best.get(row.gpuId);
            if (!current || (alt.fits && !current.fits) || (alt.fits === current.fits && row.usd < Number(current.usdPerRun)))
              best.set(row.gpuId, alt);
          }
          const list = [...best.values()]
            .filter((a) => a.offeringId !== planned?.offeringId)
            .sort((a, b) => Number(b.fits) - Number(a.fits) || Number(a.usdPerRun) - Number(b.usdPerRun))
            .slice(0, 7);
          return { phaseId: p.id, workloadLabel: label, alternatives: planned ? [planned, ...list] : list, error: null };
        } catch (error) {
          return { phaseId: p.id, workloadLabel: label, alternatives: [], error: error instanceof Error ? error.message : String(error) };
        }
      });
  }

  async function getReportModel(request: ReportRequest): Promise<ReportModel> {
    const current = await services().plan.getPlan(request.projectId);
    const comparison = services().plan.compareScenarios(current.plan.project.id);
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
    const view = request.scenarioId ? services().plan.scenarioView(current.plan.project.id, request.scenarioId) : current;
    const show = services().plan.show(current.plan.project.id);
    return assembleReportModel({
      view,
      scenarios: comparison.rows,
      scenarioId: request.scenarioId ?? null,
      offerings: services().catalog.listOfferings(),
      gpus: services().catalog.listGpus(),
      phaseEstimates: phaseEstimates(view.plan),
      budget: await budgetInput(view.plan.project.id),
      constants: { efficiency: flattenConstants(FITTED), memory: { ...ASSUMPTIONS }, cost: { ...COST_ASSUMPTIONS } },
      calibration: CALIBRATION,
      costRule: show.costRule,
      generatedAt: deps.now().toISOString(),
      appVersion: deps.appVersion ?? process.env.npm_package_version ?? '0.1.0',
      sections: request.sections,
      claimEvaluations: evaluatePlanClaims(services(), deps.resourcesDir, view),
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
      pdfRenderer({
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
    const project = (await services().plan.getPlan(request.projectId)).plan.project;
    const file = await deps.dialogs.saveFile({
      title: 'Export plan PDF',
      defaultPath: `${project.id}-review-${deps.now().toISOString().slice(0, 10)}.pdf`,
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
    groupBy?: string | undefined;
  }): Promise<CsvTable & { text?: string }> {
    if (request.table === 'catalog') return { header: [], rows: [] };
    if (request.table === 'spend') {
      const answer = await spendBy(request.groupBy ?? 'month');
      if (!answer) return { header: ['key', 'currency', 'amount'], rows: [] };
      return {
        header: ['key', 'currency', 'amount'],
        rows: answer.groups.flatMap((g) => Object.entries(g.totals).map(([c, v]) => [g.key, c, String(v)])),
      };
    }
    const model = await getReportModel({ projectId: request.projectId });
    return reportTable(model, request.table);
  }

  async function csvText(request: {
    projectId?: string | undefined;
    table: ReportTable;
    groupBy?: string | undefined;
    bom: boolean;
  }): Promise<{ text: string; rows: number }> {
    if (request.table === 'catalog') return services().catalog.exportCsv({ bom: request.bom });
    const t = await table(request);
    return { text: toCsv(t.header, t.rows, { bom: request.bom }), rows: t.rows.length };
  }

  async function exportCsv(request: {
    projectId?: string | undefined;
    table: ReportTable;
    groupBy?: string | undefined;
    options: { bom: boolean };
  }) {
    const { text, rows } = await csvText({ ...request, bom: request.options.bom });
    const file = await deps.dialogs.saveFile({
      title: `Export ${request.table} as CSV`,
      defaultPath: `${request.table}${request.groupBy ? `-by-${request.groupBy}` : ''}.csv`,
      filters: [{ name: 'CSV', extensions: ['csv'] }],
    });
    if (!file) return { file: null, rows };
    fs.writeFileSync(file, text, 'utf8');
    return { file, rows };
  }

  return { getReportModel, renderPdf, exportPdf, table, csvText, exportCsv, dispose: () => closeChromium() };
}
