/** The milestones section: each phase with the app's and the author's estimate, and their totals over the runs range. */
import Big from 'big.js';
import type { ReportContext } from './report-context';
import type { ReportMilestonePhase, ReportModel, ReportRanges } from './report-model-types';
import type { PhaseRange } from '../plan/plan-ranges-types';
import { planRangeSentence, rangeRulesText } from '../plan/range-text';
import { money, round } from './report-numbers';

export function reportMilestones({
  plan,
  analysis,
  trackById,
  gpuName,
  offeringLabel,
  words,
  coverage,
}: ReportContext): ReportMilestonePhase[] {
  const ranges = new Map((analysis.ranges?.milestones ?? []).flatMap((m) => m.phases.map((p) => [p.phaseId, p] as const)));
  return plan.milestones.flatMap((m) => {
    const track = trackById.get(m.trackId);
    return m.phases.map((p) => ({
      milestoneId: m.id,
      code: m.code,
      milestone: m.name,
      phaseId: p.id,
      phase: p.name,
      trackName: track?.name ?? m.trackId,
      owner: track?.owner ?? '—',
      start: p.start,
      end: p.end,
      gpuId: p.gpuId,
      hardware: p.gpuId ? `${gpuName(p.gpuId)} · ${offeringLabel(p.offeringId)}` : 'no hardware chosen',
      runs: p.runs,
      appHours: p.appEstimate?.hours ?? null,
      appHoursPerRun: p.appEstimate?.hoursPerRun ?? null,
      appUsd: p.appEstimate ? money(p.appEstimate.usd) : null,
      appBasis: words(p.appEstimate?.basis ?? coverage.get(p.id)?.neededBasis ?? 'no estimate'),
      allocatedHours: round(coverage.get(p.id)?.allocatedHours ?? 0),
      bookedHours: round(coverage.get(p.id)?.bookedHours ?? coverage.get(p.id)?.allocatedHours ?? 0),
      authorHours: p.authorEstimate?.hours ?? null,
      authorUsd: p.authorEstimate?.usd ?? null,
      authorText: p.authorEstimate?.text ?? null,
      appRange: rangeOf(ranges.get(p.id), words),
    }));
  });
}

function rangeOf(r: PhaseRange | undefined, words: (text: string) => string): ReportMilestonePhase['appRange'] {
  return r && r.source !== 'none' ? { hours: r.hours, cost: r.cost, basis: words(r.basis) } : null;
}

/** The plan's ranges for the report: the totals' sentence, the total and finish, the budget's odds, the rules. */
export function reportRanges({ analysis }: ReportContext): ReportRanges | null {
  const r = analysis.ranges;
  if (!r) return null;
  return {
    sentence: planRangeSentence(r),
    total: r.total,
    plannedTotal: r.plannedTotal,
    finish: r.finish,
    budgetHolds: r.budgetHolds,
    rules: rangeRulesText(r),
  };
}

export type MilestoneTotals = Pick<
  ReportModel['summary'],
  'appMilestoneUsd' | 'appMilestoneHours' | 'appPhasesWithoutHourlyPrice' | 'authorMilestoneUsd'
>;

/** App's milestone compute over the runs range: per-run cost × runs low … high; the author's range beside it. */
export function milestoneTotals(milestones: ReportMilestonePhase[]): MilestoneTotals {
  let appLow = new Big(0);
  let appHigh = new Big(0);
  const appHours = { low: 0, high: 0 };
  let withoutHourlyPrice = 0;
  for (const m of milestones) {
    if (!m.appUsd || !m.appHours || !m.appHoursPerRun) continue;
    const runsUsed = m.appHours / m.appHoursPerRun;
    const perRun = new Big(m.appUsd).div(runsUsed > 0 ? runsUsed : 1);
    appLow = appLow.plus(perRun.times(m.runs.low));
    appHigh = appHigh.plus(perRun.times(m.runs.high));
    appHours.low += m.appHoursPerRun * m.runs.low;
    appHours.high += m.appHoursPerRun * m.runs.high;
    if (new Big(m.appUsd).eq(0)) withoutHourlyPrice += 1;
  }
  const authorRange = milestones.reduce((r, m) => ({ low: r.low + (m.authorUsd?.low ?? 0), high: r.high + (m.authorUsd?.high ?? 0) }), {
    low: 0,
    high: 0,
  });
  return {
    appMilestoneUsd: { low: money(appLow), high: money(appHigh) },
    appMilestoneHours: { low: round(appHours.low), high: round(appHours.high) },
    appPhasesWithoutHourlyPrice: withoutHourlyPrice,
    authorMilestoneUsd: authorRange,
  };
}
