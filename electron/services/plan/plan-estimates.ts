/**
 * Milestone estimates from the estimation engine (shared/estimate), reached through the estimate service's
 * `estimateWorkload(workload, gpuIds)`, which the app context hands to the plan and optimize services. Without an
 * estimator the phases keep the author's figures only and the checks say so ("author's midpoint").
 */
import { gpuShortName } from '../../../shared/domain/offer-label';
import { createPriceBook, standaloneCost, toMoney } from '../../../shared/domain/plan/pricing';
import { fmtUnits, standaloneSubscriptionCost } from '../../../shared/domain/plan/subscription-pricing';
import type { AppEstimate, MilestonePhase, Plan, PlanCatalog } from '../../../shared/domain/plan/types';
import { estimateHoursRange } from '../../../shared/domain/plan/estimate-range';
import { correctionFor, modelFamilyOf, type RunCorrection } from '../../../shared/domain/runs/corrections';

export interface WorkloadEstimateResult {
  gpuId: string;
  /** The GPU's name, as a person reads it in the basis (the engine's echo). */
  gpuName?: string;
  /** GPUs the run uses (the workload's gpuCount, all nodes together). */
  gpuCount?: number;
  fits: boolean;
  /** Wall-clock hours of one run on `gpuCount` GPUs; per offering when its links change the all-reduce. */
  training?: {
    hours: number;
    /** per offering: its wall-clock hours, and the GPUs its run uses (all of its instances', issue 28 item 8). */
    offerings?: Array<{ offeringId: string; hours: number; setup?: { gpus: number; label: string } }>;
  } | null;
  /** The engine's samples/s and its range (training-run.ts), which the phase's hoursRange is drawn from. */
  throughput?: {
    bound?: string;
    samplesPerSecond?: number;
    samplesPerSecondLow?: number;
    samplesPerSecondHigh?: number;
    uncertainty?: { regime?: string };
  } | null;
}
/**
 * Synchronous (the in-process engine answers in about a millisecond), so that the writes that change an estimate's
 * inputs can refresh it inside their own transaction.
 */
export type WorkloadEstimator = (workload: Record<string, unknown>, gpuIds: string[]) => { results: WorkloadEstimateResult[] };

/** GPUs one run of the workload uses: the engine's echo, else the workload's gpuCount (all nodes together), else 1. */
export function runGpus(workload: Record<string, unknown>, result?: Pick<WorkloadEstimateResult, 'gpuCount'>): number {
  const n = result?.gpuCount ?? workload.gpuCount;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : 1;
}

/**
 * Wall-clock hours of one run: on the offering's own links when the engine priced it (the least of its price kinds:
 * spot adds rework), else on the GPU.
 */
export function runWallHours(result: WorkloadEstimateResult, offeringId: string | null): number | null {
  const priced = (result.training?.offerings ?? []).filter((o) => o.offeringId === offeringId).map((o) => o.hours);
  const hours = priced.length > 0 ? Math.min(...priced) : result.training?.hours;
  return typeof hours === 'number' && Number.isFinite(hours) ? hours : null;
}

/**
 * The app's estimate of a phase: mid runs × GPU-hours per run (wall-clock hours × the run's GPUs) on the phase's GPU,
 * costed at the plan's price per GPU-hour. With the project's corrections (its own recorded runs, issue 29 item 2) the
 * hours of a run are the estimator's × the correction of the workload's model family on the phase's offering (else on
 * its GPU), and the basis says so.
 */
export function estimatePhase(
  plan: Plan,
  catalog: PlanCatalog,
  phase: MilestonePhase,
  estimator: WorkloadEstimator,
  now: Date,
  corrections: readonly RunCorrection[] = [],
): AppEstimate | null {
  if (!phase.workload) return null;
  const book = createPriceBook(plan, catalog);
  const offering = phase.offeringId ? book.offerings.get(phase.offeringId) : undefined;
  const gpuId = offering?.gpuId ?? phase.gpuId;
  if (!gpuId) return null;
  const answer = estimator(phase.workload, [gpuId]);
  const result = answer.results.find((r) => r.gpuId === gpuId);
  const estimatedHours = result ? runWallHours(result, phase.offeringId) : null;
  if (!result || estimatedHours === null) return null;
  const gpuLabel = result.gpuName ? gpuShortName(result.gpuName) : gpuId;
  const correction = corrections.length
    ? correctionFor(corrections, modelFamilyOf(phase.workload).id, phase.offeringId, gpuId, gpuLabel)
    : null;
  const wallHours = correction ? estimatedHours * correction.ratio : estimatedHours;
  // on a multi-GPU offering the run uses every GPU of its instances (the engine's setup), else the workload's count
  const setup = (result.training?.offerings ?? []).find((o) => o.offeringId === phase.offeringId && o.setup)?.setup;
  const gpus = setup?.gpus ?? runGpus(phase.workload, result);
  const hoursPerRun = wallHours * gpus;
  const runs = (phase.runs.low + phase.runs.high) / 2;
  const hours = Math.round(hoursPerRun * runs * 100) / 100;
  const price = book.price(phase.offeringId);
  // On a subscription: the months of the phase's dates, each its fee and the top-ups these hours need (issue 25 item 5).
  const onSubscription =
    price?.per === 'month' && phase.offeringId
      ? standaloneSubscriptionCost(book, phase.offeringId, gpuId, hours, phase.start, phase.end)
      : null;
  const usd = onSubscription ? onSubscription.usd : standaloneCost(price, hours);
  const hoursRange = estimateHoursRange({
    hours,
    samplesPerSecond: result.throughput?.samplesPerSecond,
    samplesPerSecondLow: result.throughput?.samplesPerSecondLow,
    samplesPerSecondHigh: result.throughput?.samplesPerSecondHigh,
    regime: result.throughput?.uncertainty?.regime,
    correction,
  });
  const perRun = `${gpus > 1 ? `${gpus} GPUs × ` : ''}${Math.round(wallHours * 100) / 100} h${setup && gpus > 1 ? ` (${setup.label})` : ''}`;
  return {
    hours,
    hoursPerRun: Math.round(hoursPerRun * 1000) / 1000,
    gpus,
    usd: toMoney(usd),
    computedAt: now.toISOString(),
    priceAsOf: price?.asOf ?? null,
    ...(hoursRange ? { hoursRange } : {}),
    basis: `estimator: ${runs} runs × ${perRun} on ${gpuLabel}${result.throughput?.bound ? ` (${result.throughput.bound}-bound)` : ''}${correction ? `, corrected ${correction.text} (the estimator alone: ${Math.round(estimatedHours * 100) / 100} h a run)` : ''}${result.fits ? '' : ', DOES NOT FIT in memory'}${price ? `; ${price.termYears !== null ? `${price.kind} $${price.usd.toString()}/h: the whole ${price.termYears}-year commitment (${price.termYears} × 8,760 h), paid whether used or not` : price.per === 'hour' ? `$${price.usd.toString()}/h ${price.kind}` : onSubscription ? `subscription $${price.usd.toString()}/month: ${onSubscription.months.map((m) => `${m.month} ${m.name} ${fmtUnits(m.usedUnits)} ${m.unitWord}${m.includedUnits === null ? '' : ` of ${fmtUnits(m.includedUnits)}`}${m.topUps.length ? ` + ${m.topUps.map((t) => `${t.count} × ${t.units} ${m.unitWord} top-up`).join(' + ')}` : ''}`).join('; ')}` : `${price.kind} per ${price.per}, not counted per hour`} as of ${price.asOf}` : '; no price'}`,
  };
}
