/** The executive summary: the plan's cost against its budget, the booked span, the status in words and the top risks. */
import { money as moneyText } from '../money-format';
import Big from 'big.js';
import { weekStart as mondayOf, weekEnd as sundayOf } from '../plan/weeks';
import { costRuleWords } from './brief';
import { readableSource } from '../source-documents';
import type { ReportContext } from './report-context';
import type { MilestoneTotals } from './report-milestones';
import type { ReportModel } from './report-model-types';
import { daysBetween, money, round } from './report-numbers';
import type { ReportProblem } from './report-problems';

/** A chosen scenario arrives as its own plan view: every section reports the scenario. */
export function reportScenarioName({ input }: ReportContext): string {
  return input.scenarioId ? (input.scenarios.find((s) => s.scenarioId === input.scenarioId)?.name ?? input.scenarioId) : 'Current plan';
}

/**
 * One figure, one value: the duration is the booked span (Monday of the first booked week to Sunday of the last), the
 * same the scenario comparison uses; without bookings, the project's own span.
 */
export function bookedSpan({ plan, project }: ReportContext) {
  const bookedWeeks = [...new Set(plan.allocations.filter((a) => a.hours > 0).map((a) => a.week))].sort();
  const bookedFrom = bookedWeeks.length ? mondayOf(bookedWeeks[0]!) : null;
  const bookedTo = bookedWeeks.length ? sundayOf(bookedWeeks[bookedWeeks.length - 1]!) : null;
  const durationDays = bookedFrom && bookedTo ? daysBetween(bookedFrom, bookedTo) : daysBetween(project.start, project.end);
  return { bookedWeeks, bookedFrom, bookedTo, durationDays };
}
export type BookedSpan = ReturnType<typeof bookedSpan>;

export const countSeverity = (problems: ReportProblem[], severity: 'error' | 'warning') =>
  problems.filter((p) => p.severity === severity).length;

export function reportSummary(
  { input, analysis, project }: ReportContext,
  figures: { milestoneTotals: MilestoneTotals; problems: ReportProblem[]; span: BookedSpan },
): ReportModel['summary'] {
  const { milestoneTotals, problems, span } = figures;
  // One figure, one value: the plan's cost is GPU + storage + transfer here as on the Plan and Budget screens.
  const remaining = new Big(analysis.totals.remainingAllCostsUsd);
  const errorCount = countSeverity(problems, 'error');
  const over = remaining.lt(0);
  const status: ReportModel['summary']['status'] = over
    ? { label: `Over budget by ${moneyText(project.currency, money(remaining.abs()))}`, tone: 'bad' }
    : errorCount > 0
      ? { label: `Within budget, ${errorCount} ${errorCount === 1 ? 'error' : 'errors'} open`, tone: 'warn' }
      : { label: 'Within budget', tone: 'good' };
  return {
    plannedUsd: money(analysis.totals.allCostsUsd),
    plannedGpuUsd: money(analysis.totals.usd),
    plannedGpuHours: round(analysis.totals.gpuHours),
    ...milestoneTotals,
    budgetUsd: money(analysis.totals.budget),
    remainingUsd: money(remaining),
    budgetStatus: over ? 'over' : 'within',
    status,
    budgetSource: readableSource(project.budgetSource),
    durationDays: span.durationDays,
    firstWeek: span.bookedWeeks[0] ?? null,
    lastWeek: span.bookedWeeks[span.bookedWeeks.length - 1] ?? null,
    topRisks: problems.slice(0, 5).map((p) => ({ severity: p.severity, message: p.message })),
    errors: errorCount,
    warnings: countSeverity(problems, 'warning'),
    costRule: costRuleWords(input.costRule),
  };
}
