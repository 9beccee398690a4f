/**
 * The review report: one pure assembly of the plan, its analysis, the estimator's answers across the catalog, the
 * catalog's dated prices and (when there is any) the budget's actuals. Every figure carries where it comes from.
 * The print view renders it; main builds it from the services (electron/services/report).
 * Each section has its own builder (report-*.ts beside this file); this module composes them and is the public entry.
 */
import { reportAssumptions } from './report-assumptions';
import { reportBrief } from './report-brief';
import { reportContext } from './report-context';
import { reportCatalogRate, reportInProjectCurrency } from './report-currency';
import { reportCosts } from './report-costs';
import { reportDataCosts } from './report-data-costs';
import type { ReportInputs } from './report-input-types';
import { milestoneTotals, reportMilestones, reportRanges } from './report-milestones';
import type { ReportModel } from './report-model-types';
import { reportNextSteps } from './report-next-steps';
import { reportPrices } from './report-prices';
import { reportProblems } from './report-problems';
import { reportRecommendations } from './report-recommendations';
import { REPORT_SECTION_IDS } from './report-sections';
import { reportTechnical } from './report-technical';
import { bookedSpan, reportScenarioName, reportSummary } from './report-summary';
import { reportAllocations, reportTracks } from './report-tracks';
import { reportBudget, reportTimeline } from './report-weekly';

export * from './report-sections';
export type * from './report-input-types';
export type * from './report-model-types';

export function assembleReportModel(inUsd: ReportInputs): ReportModel {
  // Every amount of the report in the project's currency (the estimator's too): report-currency.ts.
  const input = reportInProjectCurrency(inUsd);
  const context = reportContext(input);
  const { plan, analysis, project } = context;
  const milestones = reportMilestones(context);
  const problems = reportProblems(context);
  const recommendations = reportRecommendations(context, milestones);
  const prices = reportPrices(context, recommendations);
  const nextSteps = reportNextSteps(context, { problems, milestones, prices, recommendations });
  const scenarioName = reportScenarioName(context);
  const span = bookedSpan(context);
  const brief = reportBrief(context, { scenarioName, span, problems, nextSteps });
  const catalogRate = reportCatalogRate(input);

  return {
    generatedAt: input.generatedAt,
    title: brief.title,
    brief,
    ranges: reportRanges(context),
    sections:
      input.sections && input.sections.length > 0 ? REPORT_SECTION_IDS.filter((s) => input.sections!.includes(s)) : [...REPORT_SECTION_IDS],
    cover: {
      projectId: project.id,
      projectName: project.name,
      description: project.description,
      scenario: scenarioName,
      scenarioId: input.scenarioId,
      date: input.generatedAt.slice(0, 10),
      revision: input.view.revision,
      appVersion: input.appVersion,
      start: project.start,
      end: project.end,
      currency: project.currency,
      catalogRate,
    },
    summary: reportSummary(context, { milestoneTotals: milestoneTotals(milestones), problems, span }),
    tracks: reportTracks(context),
    milestones,
    whatMoved: input.scenarioId ? null : (input.whatMoved ?? null),
    dataCosts: reportDataCosts(plan, analysis.totals, catalogRate),
    timeline: reportTimeline(context),
    allocations: reportAllocations(context),
    recommendations,
    costs: reportCosts(context),
    budget: reportBudget(context),
    assumptions: reportAssumptions(context, span.durationDays),
    technical: reportTechnical(input),
    prices,
    problems,
    nextSteps,
  };
}
