/**
 * Milestone estimates from the estimation engine. The engine (shared/estimate, `estimateWorkloadAcrossCatalog`)
 * is reached through the estimate service; until it exposes `estimateWorkload(workload, gpuIds)` the phases keep
 * the author's figures only and the checks say so ("author's midpoint").
 */
import { createPriceBook, standaloneCost, toMoney } from '../../../shared/domain/plan/pricing';
import type { AppEstimate, MilestonePhase, Plan, PlanCatalog } from '../../../shared/domain/plan/types';
import type { AppServices } from '../app-services';

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

/** The estimate service's `estimateWorkload`, when the estimation domain provides it. */
export function findEstimator(services: AppServices): WorkloadEstimator | null {
  const candidate = (services.estimate as unknown as Record<string, unknown>).estimateWorkload;
  return typeof candidate === 'function' ? (candidate.bind(services.estimate) as WorkloadEstimator) : null;
}

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
  const usd = standaloneCost(price, hours);
  return {
    hours,
    hoursPerRun: Math.round(hoursPerRun * 1000) / 1000,
    usd: toMoney(usd),
    computedAt: now.toISOString(),
    priceAsOf: price?.asOf ?? null,
    basis: `estimator: ${runs} runs × ${Math.round(hoursPerRun * 100) / 100} h on ${gpuId}${result.throughput?.bound ? ` (${result.throughput.bound}-bound)` : ''}${result.fits ? '' : ', DOES NOT FIT in memory'}${price ? `; ${price.termYears !== null ? `${price.kind} $${price.usd.toString()}/h: the whole ${price.termYears}-year commitment (${price.termYears} × 8,760 h), paid whether used or not` : price.per === 'hour' ? `$${price.usd.toString()}/h ${price.kind}` : `${price.kind} per ${price.per}, not counted per hour`} as of ${price.asOf}` : '; no price'}`,
  };
}
