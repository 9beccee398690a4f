/**
 * One capacity model for a capacity pool, shared by the plan's checks (pool-checks.ts) and the optimizer
 * (optimize/schedule-pool-rows.ts), so the two never disagree on what fits (issue 27 item 4).
 *
 * A GPU pool holds `capacity × 168` GPU-hours a week. Its concurrency rule says how bookings share them: by default
 * they take turns within the week (a Colab Pro+ account, one session at a time, runs one track's session after the
 * other's), so only the week's GPU-hours bind and more GPUs booked than the pool has at once is a warning; the strict
 * rule (`allowTurns: false`) also caps the GPUs booked at once in a week at the pool's capacity. A vCPU quota counts the
 * offerings' vCPUs booked at once.
 */
import type { Allocation, CapacityPool, OfferingFacts } from './types';
import { HOURS_PER_WEEK } from './weeks';

export function poolAdmits(pool: CapacityPool, a: Pick<Allocation, 'offeringId' | 'gpuId'>): boolean {
  return (a.offeringId !== null && pool.offeringIds.includes(a.offeringId)) || pool.gpuIds.includes(a.gpuId);
}

export interface PoolWeekLimits {
  /** GPU-hours the pool holds in a week (GPU pools; 0 for vCPU quotas). */
  gpuHours: number;
  /** GPUs booked at once the week may hold, or null when bookings take turns (only the hours bind). */
  gpusAtOnce: number | null;
  /** vCPUs at once (vCPU quotas), else null. */
  vcpus: number | null;
}

/** What a pool holds in one week under its concurrency rule (turns by default). */
export function poolWeekLimits(pool: CapacityPool, allowTurns = true): PoolWeekLimits {
  if (pool.unit === 'gpus') return { gpuHours: pool.capacity * HOURS_PER_WEEK, gpusAtOnce: allowTurns ? null : pool.capacity, vcpus: null };
  return { gpuHours: 0, gpusAtOnce: null, vcpus: pool.capacity };
}

/** The vCPUs a booking of `gpus` GPUs of an offering holds at once (its share of the offering's vCPUs). */
export function bookingVcpus(offering: Pick<OfferingFacts, 'vcpus' | 'gpuCount'> | undefined, gpus: number): number {
  return offering?.vcpus ? (offering.vcpus * gpus) / offering.gpuCount : 0;
}

export interface PoolWeekUse {
  gpuHours: number;
  gpusAtOnce: number;
  vcpus: number;
}

/** What a week's bookings in the pool use. */
export function poolWeekUse(
  allocations: ReadonlyArray<Pick<Allocation, 'hours' | 'gpuCount' | 'offeringId'>>,
  offeringOf: (id: string) => Pick<OfferingFacts, 'vcpus' | 'gpuCount'> | undefined,
): PoolWeekUse {
  let gpuHours = 0;
  let gpusAtOnce = 0;
  let vcpus = 0;
  for (const a of allocations) {
    gpuHours += a.hours * a.gpuCount;
    gpusAtOnce += a.gpuCount;
    vcpus += bookingVcpus(a.offeringId ? offeringOf(a.offeringId) : undefined, a.gpuCount);
  }
  return { gpuHours, gpusAtOnce, vcpus };
}

/**
 * The week's verdict: `over` (an error: more than the pool holds under its rule) or `turns` (fits only because the
 * bookings take turns: a warning), as the plan's checks report them.
 */
export function poolWeekVerdict(pool: CapacityPool, use: PoolWeekUse, allowTurns = true): { over: boolean; turns: boolean } {
  const limits = poolWeekLimits(pool, allowTurns);
  if (limits.vcpus !== null) return { over: use.vcpus > limits.vcpus + 1e-9, turns: false };
  const overHours = use.gpuHours > limits.gpuHours + 1e-9;
  const overAtOnce = limits.gpusAtOnce !== null && use.gpusAtOnce > limits.gpusAtOnce;
  const over = overHours || overAtOnce;
  return { over, turns: !over && use.gpusAtOnce > pool.capacity };
}
