/**
 * The run rules and the early-stopping line on every priced offering of an estimate (shared/estimate/run-rules.ts):
 * a single run of the workload on an offering whose session or job timeout it outlasts, on spot without resume, or
 * with a dataset larger than the host; and, when the workload gives earlyStopping, the hours and cost it would save,
 * on its own line. The main hours and cost stay as computed.
 */
import { offerLabel } from '../domain/offer-label';
import { hostOf, runLimitsOf } from '../domain/run-limits';
import type { OfferingCost } from './cost';
import { earlyStoppingLine, formatHours, runRuleFindings, type EarlyStoppingLine, type RunRuleFinding } from './run-rules';
import type { Workload } from './workload';

export interface RunRuleNotes {
  /** what a single run of the workload breaks on this offering (empty: nothing). */
  runRules?: RunRuleFinding[];
  /** the early-stopping saving, when the workload expects one (never applied to usd or hours). */
  earlyStopping?: EarlyStoppingLine;
}

/** The run rules and early-stopping line of one priced offering. */
export function runRuleNotes<T extends OfferingCost>(cost: T, workload: Workload): T & RunRuleNotes {
  const runRules = runRuleFindings({
    subject: 'One run',
    offeringLabel: offerLabel(cost.providerName, cost.sku),
    runHours: { low: cost.hours, high: cost.hours },
    runHoursText: `${formatHours(cost.hours)} (app estimate)`,
    limits: runLimitsOf(cost.offeringId),
    priceKind: cost.priceKind,
    host: hostOf(cost.offeringId),
    options: {
      ...(workload.resumeFromCheckpoint !== undefined ? { resumeFromCheckpoint: workload.resumeFromCheckpoint } : {}),
      checkpointEveryMinutes: workload.checkpointEveryMinutes,
      ...(workload.jobTimeoutHours !== undefined ? { jobTimeoutHours: workload.jobTimeoutHours } : {}),
      ...(workload.dataset ? { dataset: workload.dataset } : {}),
    },
  });
  const fraction = workload.earlyStopping?.expectedFraction;
  const priced = cost.priceKind === 'purchase' ? null : cost.usd.toFixed(2);
  return {
    ...cost,
    runRules,
    ...(fraction !== undefined && fraction < 1 ? { earlyStopping: earlyStoppingLine(cost.hours, priced, fraction) } : {}),
  };
}
