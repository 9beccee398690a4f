/**
 * The next steps: resolve the plan's errors, serialize shared sessions, check the first milestone's run, re-check the
 * oldest price, import or allocate billing, and the materially cheaper rentals the estimator found.
 */
import { gpuShortName, offerLabel } from './brief';
import { money as moneyText, toCents } from '../money-format';
import type { ReportContext } from './report-context';
import type { HardwareAlternative } from './report-input-types';
import type { ReportMilestonePhase, ReportModel } from './report-model-types';
import type { ReportProblem } from './report-problems';

/** The source of the next steps that name a cheaper rental (the brief lists them). */
export const CHEAPER_RENTAL_SOURCE = 'estimator across the catalog';

/** A cheaper rental worth a next step: saves at least 20% and $1 per run against the planned offering. */
function materiallyCheaper(planned: HardwareAlternative | undefined, cheaper: HardwareAlternative): boolean {
  if (!planned) return true;
  if (planned.offeringId === cheaper.offeringId) return false;
  const saving = Number(planned.usdPerRun) - Number(cheaper.usdPerRun);
  return saving >= 1 && saving >= 0.2 * Number(planned.usdPerRun);
}

export function reportNextSteps(
  { input, project }: ReportContext,
  sections: {
    problems: ReportProblem[];
    milestones: ReportMilestonePhase[];
    prices: ReportModel['prices'];
    recommendations: ReportModel['recommendations'];
  },
): ReportModel['nextSteps'] {
  const { problems, milestones, prices, recommendations } = sections;
  const nextSteps: ReportModel['nextSteps'] = [];
  for (const p of problems.filter((x) => x.severity === 'error'))
    nextSteps.push({ text: `Resolve: ${p.message}`, source: `plan check: ${p.kindWords}` });
  const kinds = new Set(problems.map((p) => p.kind));
  if (kinds.has('pool-concurrency'))
    nextSteps.push({
      text: 'Serialize the bookings that share one notebook session (or add a second account) in the weeks the plan flags.',
      source: 'plan check: more GPUs at once than the account allows',
    });
  const firstMilestone = [...milestones].sort((a, b) => a.start.localeCompare(b.start))[0];
  if (firstMilestone)
    nextSteps.push({
      text: `Before ${firstMilestone.start}: confirm ${firstMilestone.hardware} is available and run one short ${firstMilestone.code} job to check the estimated ${firstMilestone.appHoursPerRun?.toFixed(2) ?? '?'} h per run.`,
      source: `milestone ${firstMilestone.code}`,
    });
  const oldest = prices.filter((p) => /allocations|plan/.test(p.usedFor)).sort((a, b) => a.asOf.localeCompare(b.asOf))[0];
  if (oldest)
    nextSteps.push({
      text: `Re-check the prices the plan is costed at before booking; the oldest is ${offerLabel(oldest.provider, oldest.sku)} ${oldest.kind}, as of ${oldest.asOf}.`,
      source: 'catalog prices',
    });
  if (!input.budget.available) {
    nextSteps.push(
      input.budget.otherLines > 0
        ? {
            text: `Allocate the imported billing lines to this project: ${input.budget.otherLines} are outside its window or not allocated to a track.`,
            source: 'budget overview',
          }
        : { text: 'Import the first billing export so the report can compare actual spend with the plan.', source: 'budget' },
    );
  }
  for (const r of recommendations)
    if (
      r.recommended &&
      materiallyCheaper(
        r.alternatives.find((a) => a.planned),
        r.recommended,
      )
    )
      nextSteps.push({
        text: `${r.title}: consider ${gpuShortName(r.recommended.gpuName)} (${r.recommended.offering}) at ${moneyText(project.currency, toCents(r.recommended.usdPerRun))} per run.`,
        source: CHEAPER_RENTAL_SOURCE,
      });
  return nextSteps;
}
