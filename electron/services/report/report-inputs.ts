/**
 * What the report reads from the other domains, shaped for the pure assembly (shared/domain/report): the budget
 * overview as the report's budget input, and each phase's hardware alternatives from the estimation engine.
 */
import type { BudgetInput, HardwareAlternative, PhaseEstimateInput } from '../../../shared/domain/report/report-model';
import { money } from '../../../shared/domain/money-format';
import { offerLabel } from '../../../shared/domain/report/brief';
import type { OverviewView } from '../../../shared/ipc/contract/budget-planning';
import type { WorkloadEstimate } from '../../../shared/estimate/estimate';
import type { WallClock } from '../../../shared/estimate/wall-clock';
import type { Plan } from '../../../shared/domain/plan/types';
import { diffLines } from '../../../shared/domain/plan/optimize/suggestion-diff';
import type { ReportWhatMoved } from '../../../shared/domain/report/report-input-types';
import type { PlanPromotion } from '../../db/queries/plan-promotions';

type GpuName = { id: string; name: string };

/** The last accepted suggestion's diff in sentences, for the PDF's "What moved" (null when none was accepted). */
export function whatMovedOf(
  promotion: PlanPromotion | null,
  offerings: ReadonlyArray<{ id: string; providerName: string; sku: string }>,
): ReportWhatMoved | null {
  if (!promotion) return null;
  const names = new Map(offerings.map((o) => [o.id, offerLabel(o.providerName, o.sku)]));
  const { diff } = promotion;
  return {
    promotedAt: promotion.promotedAt,
    label: promotion.label,
    lines: diffLines(
      diff,
      (id) => names.get(id) ?? id,
      (amount) => money(diff.currency, amount),
    ),
  };
}

/** The budget overview (budget, actual, forecast, burn-up, alerts) as the report's budget section reads it. */
export function budgetInputOf(overview: OverviewView): BudgetInput {
  const hasData = overview.actual.lineCount > 0;
  const otherLines = overview.unallocated.count + overview.outsideWindow.count;
  return {
    available: hasData,
    message: hasData
      ? `Actual spend from ${overview.actual.lineCount} imported billing lines${overview.dataAsOf ? `, data as of ${overview.dataAsOf}` : ''}; budget status: ${overview.status}.`
      : otherLines > 0
        ? `No actual spend for this project yet: ${otherLines} imported billing line(s) fall outside its window or are not allocated to its tracks; the forecast is the plan.`
        : `No billing data imported yet: actual spend is ${money(overview.currency, '0.00')} and the forecast is the plan.`,
    actualUsd: overview.actual.value,
    actualByMonth: overview.months.map((m) => ({ month: m.month, usd: m.actual })),
    actualCumulativeByWeek: hasData
      ? Object.fromEntries(overview.weeks.map((w) => [w.week, w.actualCumulative === null ? null : Number(w.actualCumulative)]))
      : {},
    forecastUsd: overview.forecast.value,
    forecastBasis: overview.forecast.basis,
    forecastRule: overview.forecast.rule,
    forecastCumulativeByWeek: hasData
      ? Object.fromEntries(overview.weeks.map((w) => [w.week, w.forecastCumulative === null ? null : Number(w.forecastCumulative)]))
      : {},
    status: overview.status,
    alerts: overview.alerts.map((a) => `${a.level}: ${a.message}`),
    source: `budget overview (${overview.actual.basis})`,
    otherLines,
    budgetByMonth: overview.budget.byMonth,
  };
}

function workloadLabel(workload: Record<string, unknown>): string {
  const model = workload.model as { preset?: string } | undefined;
  const samples = (workload.dataset as { samples?: number } | undefined)?.samples;
  // The preset's id here; the report's words() names it from the model library ("ResNet-34 1-D (PPG/ECG windows)").
  const count = typeof samples === 'number' ? samples.toLocaleString('en-US') : '?';
  return `${model?.preset ?? 'custom model'}, batch ${String(workload.batchSize ?? '?')}, ${String(workload.precision ?? '')}, ${count} samples × ${String(workload.epochs ?? '?')} epochs`;
}

const h2 = (h: number) => `${Math.round(h * 100) / 100} h`;

/** A wall clock's parts in words, for the report: setup + training (its bound) + validation + checkpoints + restarts. */
function wallClockParts(w: WallClock): string {
  const b = w.breakdown;
  return `setup ${h2(b.setupHours)} + training ${h2(b.trainingHours)} (${w.bound === 'input' ? `input-bound: ${w.vcpus} vCPUs, about ${Math.round(w.inputSamplesPerSecond)} samples/s` : 'GPU-bound'}) + validation ${h2(b.validationHours)} + checkpoints ${h2(b.checkpointHours)} + restarts ${h2(b.restartHours)}${w.described ? '' : '; cost of the GPU-only hours (the workload does not describe its data)'}`;
}

/** The planned offering first, then the cheapest offering of up to seven other GPUs (those that fit first). */
function alternativesOf(estimate: WorkloadEstimate, gpus: ReadonlyMap<string, GpuName>, plannedOfferingId: string | null | undefined) {
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
      // a multi-GPU offering: the run uses all its GPUs and the hours are of that run (issue 28 item 8)
      offering: `${offerLabel(row.providerName, row.sku, gpus.get(row.gpuId)?.name)}${row.setup && row.setup.gpus > 1 ? ` (${row.setup.label}, price per instance-hour)` : ''}`,
      priceKind: row.priceKind,
      hoursPerRun: Math.round(row.hours * 100) / 100,
      wallClockHours: row.wallClock ? Math.round(row.wallClock.hours * 100) / 100 : null,
      gpuHoursPerRun: row.wallClock ? Math.round(row.wallClock.gpuHours * 100) / 100 : null,
      wallClockParts: row.wallClock ? wallClockParts(row.wallClock) : null,
      usdPerRun: row.usd.toFixed(2),
      fits: row.fits,
      requiredGiB: Math.round(result.memory.requiredGiB * 100) / 100,
      gpuMemoryGiB: result.memory.gpuMemoryGiB,
      bound: row.bound,
      planned: row.offeringId === plannedOfferingId,
      priceAsOf: row.asOf,
      priceSource: row.source,
      noMeasurement: result.throughput.evidence.kind === 'no-measurement' ? result.throughput.evidence.reason : null,
    };
    if (alt.planned && (!planned || Number(alt.usdPerRun) < Number(planned.usdPerRun))) planned = alt;
    const current = best.get(row.gpuId);
    if (!current || (alt.fits && !current.fits) || (alt.fits === current.fits && row.usd < Number(current.usdPerRun)))
      best.set(row.gpuId, alt);
  }
  const others = [...best.values()]
    .filter((a) => a.offeringId !== planned?.offeringId)
    .sort((a, b) => Number(b.fits) - Number(a.fits) || Number(a.usdPerRun) - Number(b.usdPerRun))
    .slice(0, 7);
  return planned ? [planned, ...others] : others;
}

/** Each phase with a workload: its hardware alternatives, or the engine's error for it (shown in the report). */
export function phaseEstimatesOf(
  plan: Plan,
  gpuList: readonly GpuName[],
  estimateWorkload: (workload: unknown) => WorkloadEstimate,
): PhaseEstimateInput[] {
  const gpus = new Map(gpuList.map((g) => [g.id, g]));
  return plan.milestones
    .flatMap((m) => m.phases)
    .flatMap((p) => (p.workload ? [{ phase: p, workload: p.workload }] : []))
    .map(({ phase, workload }) => {
      const label = workloadLabel(workload);
      try {
        const alternatives = alternativesOf(estimateWorkload(workload), gpus, phase.offeringId);
        return { phaseId: phase.id, workloadLabel: label, alternatives, error: null };
      } catch (error) {
        return { phaseId: phase.id, workloadLabel: label, alternatives: [], error: error instanceof Error ? error.message : String(error) };
      }
    });
}
