/** The brief's input from the report's sections: the plan's figures, its weeks and bookings, risks and cheaper rentals. */
import Big from 'big.js';
import { buildBrief, type Brief } from './brief';
import { budgetHoldsText, dateRangeText, moneyRangeText } from '../plan/range-text';
import { usdText } from './usd-text';
import { shownMonthCosts } from '../plan/totals';
import type { ReportContext } from './report-context';
import type { ReportModel } from './report-model-types';
import { money } from './report-numbers';
import { CHEAPER_RENTAL_SOURCE } from './report-next-steps';
import type { ReportProblem } from './report-problems';
import { scenariosWithBookedDuration } from './report-assumptions';
import { countSeverity, type BookedSpan } from './report-summary';

export function reportBrief(
  { input, plan, analysis, project, weeks, gpuName }: ReportContext,
  sections: { scenarioName: string; span: BookedSpan; problems: ReportProblem[]; nextSteps: ReportModel['nextSteps'] },
): Brief {
  const { scenarioName, span, problems, nextSteps } = sections;
  return buildBrief({
    projectName: project.name,
    currency: project.currency,
    scenarioName,
    start: project.start,
    end: project.end,
    plannedUsd: money(analysis.totals.allCostsUsd),
    dataCostsUsd: money(new Big(analysis.totals.storageUsd).plus(analysis.totals.transferUsd)),
    budgetUsd: money(analysis.totals.budget),
    budgetByMonth: input.budget.budgetByMonth ?? {},
    gpuHours: analysis.totals.gpuHours,
    bookedFrom: span.bookedFrom,
    bookedTo: span.bookedTo,
    durationDays: span.durationDays,
    errors: countSeverity(problems, 'error'),
    warnings: countSeverity(problems, 'warning'),
    weeks: weeks.map((w) => ({ week: w.week, start: w.start, usd: w.allCostsExact })),
    months: shownMonthCosts(weeks).map((m) => ({ month: m.month, usd: m.allCosts })),
    tracks: plan.tracks.map((t) => ({ id: t.id, name: t.name, colour: t.colour })),
    allocations: plan.allocations.map((a) => ({
      week: a.week,
      trackId: a.trackId,
      hardware: `${a.gpuCount > 1 ? `${a.gpuCount}× ` : ''}${gpuName(a.gpuId)}`,
      hours: a.hours,
    })),
    milestones: plan.milestones.map((m) => ({
      trackId: m.trackId,
      code: m.code,
      name: m.name,
      start: m.phases[0]?.start ?? project.start,
      end: m.phases[m.phases.length - 1]?.end ?? project.end,
    })),
    problems: problems.map((p) => ({ severity: p.severity, kind: p.kind, message: p.message })),
    cheaper: nextSteps.filter((s) => s.source === CHEAPER_RENTAL_SOURCE).map((s) => s.text),
    scenarios: scenariosWithBookedDuration(input, span.durationDays),
    scenarioId: input.scenarioId,
    ...(analysis.ranges
      ? {
          ranges: {
            total: moneyRangeText(project.currency, analysis.ranges.total, false),
            plannedTotal: usdText(money(analysis.ranges.plannedTotal), project.currency),
            finish: analysis.ranges.finish ? `${dateRangeText(analysis.ranges.finish)}, planned ${analysis.ranges.finish.planned}` : null,
            budgetHolds: budgetHoldsText(analysis.ranges),
          },
        }
      : {}),
  });
}
