/**
 * Pool loads: how many GPU-hours, GPUs at once and vCPUs the plan books in each capacity pool each week, and the
 * pool-over-capacity (error) and pool-concurrency (warning) problems they raise.
 */
import type { PoolLoad, Problem } from './problem';
import type { PriceBook } from './pricing';
import { round2 } from './totals';
import type { Allocation, Plan } from './types';
import { poolAdmits, poolWeekLimits, poolWeekUse, poolWeekVerdict } from './pool-capacity';

export { poolAdmits } from './pool-capacity';

/** Each pool's load per week, and the problems of the weeks over its capacity. */
export function poolLoads(plan: Plan, book: PriceBook): { loads: PoolLoad[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const loads: PoolLoad[] = [];
  const byWeek = new Map<string, Allocation[]>();
  for (const a of plan.allocations) {
    const list = byWeek.get(a.week) ?? [];
    list.push(a);
    byWeek.set(a.week, list);
  }
  for (const pool of plan.pools) {
    const weeks: PoolLoad['weeks'] = {};
    for (const [week, allocations] of byWeek) {
      const inPool = allocations.filter((a) => poolAdmits(pool, a));
      if (inPool.length === 0) continue;
      const use = poolWeekUse(inPool, (id) => book.offerings.get(id));
      const { gpuHours, gpusAtOnce: concurrent, vcpus } = use;
      const capacityHours = poolWeekLimits(pool).gpuHours;
      const { over, turns } = poolWeekVerdict(pool, use);
      weeks[week] = { gpuHours: round2(gpuHours), concurrentGpus: concurrent, vcpus: round2(vcpus), capacityHours, over, turns };
      const cell = { row: 'pool' as const, poolId: pool.id, week };
      if (over) {
        problems.push({
          id: `pool-over-capacity:${pool.id}:${week}`,
          kind: 'pool-over-capacity',
          severity: 'error',
          week,
          cell,
          message:
            pool.unit === 'gpus'
              ? `${pool.name}: ${round2(gpuHours)} GPU-hours booked in ${week} but the pool holds ${pool.capacity} GPU${pool.capacity === 1 ? '' : 's'} × 168 h = ${capacityHours} GPU-hours.`
              : `${pool.name}: ${round2(vcpus)} vCPUs booked at once in ${week} but the quota is ${pool.capacity} vCPUs.`,
        });
      } else if (turns) {
        problems.push({
          id: `pool-concurrency:${pool.id}:${week}`,
          kind: 'pool-concurrency',
          severity: 'warning',
          week,
          cell,
          message: `${pool.name}: ${concurrent} GPUs booked in ${week} but only ${pool.capacity} at a time — the bookings (${round2(gpuHours)} of ${capacityHours} h) fit only if they take turns.`,
        });
      }
    }
    loads.push({ poolId: pool.id, weeks });
  }
  return { loads, problems };
}
