/**
 * The hardware recommendations: for each phase with a workload, the estimator's alternatives across the catalog, the
 * cheapest rental that fits, and why in words (planned choice, cheapest, fastest, what the difference costs).
 */
import Big from 'big.js';
import type { ReportContext } from './report-context';
import type { ReportMilestonePhase, ReportModel } from './report-model-types';
import { money } from './report-numbers';
import { money as moneyText } from '../money-format';

export function reportRecommendations(
  { input, words, project }: ReportContext,
  milestones: ReportMilestonePhase[],
): ReportModel['recommendations'] {
  const m$ = (v: string | Big) => moneyText(project.currency, money(v));
  return input.phaseEstimates.map((pe) => {
    const m = milestones.find((x) => x.phaseId === pe.phaseId);
    // Rentals only: a purchase's amortized cost per run assumes buying the machine (shown, not recommended).
    const fitting = pe.alternatives.filter((a) => a.fits && a.priceKind !== 'purchase');
    const cheapest = [...fitting].sort((a, b) => Number(a.usdPerRun) - Number(b.usdPerRun) || a.hoursPerRun - b.hoursPerRun)[0] ?? null;
    const fastest = [...fitting].sort((a, b) => a.hoursPerRun - b.hoursPerRun)[0] ?? null;
    const planned = pe.alternatives.find((a) => a.planned) ?? null;
    const why: string[] = [];
    if (planned)
      why.push(
        `Planned: ${planned.gpuName} (${planned.offering}) — ${planned.hoursPerRun.toFixed(2)} h and ${m$(planned.usdPerRun)} per run, needs ${planned.requiredGiB.toFixed(1)} of ${planned.gpuMemoryGiB} GiB (${planned.fits ? 'fits' : 'does not fit'}), ${planned.bound}-bound.`,
      );
    if (cheapest)
      why.push(
        `Cheapest rental that fits: ${cheapest.gpuName} (${cheapest.offering}) at ${m$(cheapest.usdPerRun)} per run, ${cheapest.hoursPerRun.toFixed(2)} h.`,
      );
    if (fastest)
      why.push(
        `Fastest that fits: ${fastest.gpuName} (${fastest.offering}) at ${fastest.hoursPerRun.toFixed(2)} h per run, ${m$(fastest.usdPerRun)}.`,
      );
    if (planned && cheapest && planned.offeringId !== cheapest.offeringId) {
      const extra = new Big(planned.usdPerRun).minus(cheapest.usdPerRun);
      const saved = cheapest.hoursPerRun - planned.hoursPerRun;
      if (extra.abs().lt(0.05)) why.push(`The planned choice costs about the same per run as the cheapest rental (within ${m$('0.05')}).`);
      else
        why.push(
          `The planned choice costs ${m$(extra)} more per run than the cheapest rental${saved >= 0.01 ? `; it saves ${saved.toFixed(2)} h per run.` : ' and is not faster.'}`,
        );
    }
    if (pe.alternatives.some((a) => a.priceKind === 'purchase'))
      why.push(
        "Purchase rows are the machine's price written off over its lifetime (cost assumptions); they are shown for comparison, not recommended.",
      );
    if (planned && planned.bound === 'overhead')
      why.push(
        "The run is bound by per-step overhead, not by the GPU's peak: a faster GPU shortens it far less than its TFLOPS ratio suggests.",
      );
    return {
      phaseId: pe.phaseId,
      title: m ? `${m.code} · ${m.phase}` : pe.phaseId,
      workload: pe.workloadLabel ? words(pe.workloadLabel) : null,
      planned: m?.hardware ?? '—',
      recommended: cheapest,
      alternatives: pe.alternatives,
      why: why.map(words),
      error: pe.error,
    };
  });
}
