/**
 * Milestone estimates from the estimation engine (shared/estimate), reached through the estimate service's
 * `estimateWorkload(workload, gpuIds)`, which the app context hands to the plan and optimize services. Without an
 * estimator the phases keep the author's figures only and the checks say so ("author's midpoint").
 */
import Big from 'big.js';
import { createPriceBook, hourlyCost, toMoney } from '../../../shared/domain/plan/pricing';
import type { AppEstimate, MilestonePhase, Plan, PlanCatalog } from '../../../shared/domain/plan/types';

export interface WorkloadEstimateResult {
  gpuId: string;
  fits: boolean;
  training?: { hours: number } | null;
  throughput?: { bound?: string } | null;
}
export type WorkloadEstimator = (
  workload: Record<string, unknown>,
  gpuIds: string[],
) => { results: WorkloadEstimateResult[] } | Promise<{ results: WorkloadEstimateResult[] }>;

/** The app's estimate of a phase: mid runs × estimated hours per run on the phase's GPU, costed at the plan's price. */
export async function estimatePhase(
  plan: Plan,
  catalog: PlanCatalog,
  phase: MilestonePhase,
  estimator: WorkloadEstimator,
  now: Date,
): Promise<AppEstimate | null> {
  if (!phase.workload) return null;
  const book = createPriceBook(plan, catalog);
  const offering = phase.offeringId ? book.offerings.get(phase.offeringId) : undefined;
  const gpuId = offering?.gpuId ?? phase.gpuId;
  if (!gpuId) return null;
  const answer = await estimator(phase.workload, [gpuId]);
  const result = answer.results.find((r) => r.gpuId === gpuId);
  if (!result?.training || !Number.isFinite(result.training.hours)) return null;
  const hoursPerRun = result.training.hours;
  const runs = (phase.runs.low + phase.runs.high) / 2;
  const hours = Math.round(hoursPerRun * runs * 100) / 100;
  const price = book.price(phase.offeringId);
  const usd = price && price.per === 'hour' ? hourlyCost(price, hours, 1) : new Big(0);
  return {
    hours,
    hoursPerRun: Math.round(hoursPerRun * 1000) / 1000,
    usd: toMoney(usd),
    computedAt: now.toISOString(),
    priceAsOf: price?.asOf ?? null,
    basis: `estimator: ${runs} runs × ${Math.round(hoursPerRun * 100) / 100} h on ${gpuId}${result.throughput?.bound ? ` (${result.throughput.bound}-bound)` : ''}${result.fits ? '' : ', DOES NOT FIT in memory'}${price ? `; ${price.per === 'hour' ? `$${price.usd.toString()}/h ${price.kind}` : `${price.kind} per ${price.per}, not counted per hour`} as of ${price.asOf}` : '; no price'}`,
  };
}
