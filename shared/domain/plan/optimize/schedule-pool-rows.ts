/**
 * Auto-plan, the pools, as the plan's checks count them (one capacity model, pool-capacity.ts): per week, a pool's
 * GPU-hours (capacity × 168 h) and, under the strict rule (bookings may not take turns), its GPUs at once (each
 * track's booking of an offering counts its GPUs); vCPU quotas count vCPUs at once. Kept bookings use their share
 * first. The hours row keeps room for the rounding of each booking up to the next hundredth of an hour, so the
 * written schedule never passes the pool.
 */
import { bookingVcpus, poolAdmits, poolWeekLimits, poolWeekUse } from '../pool-capacity';
import type { PriceBook } from '../pricing';
import type { Allocation, CapacityPool, OfferingFacts } from '../types';
import type { LinearModel } from './lp-model';
import type { PhaseDemand, ScheduleModel } from './schedule-types';

export interface PoolRowsInput {
  model: LinearModel;
  pools: CapacityPool[];
  book: PriceBook;
  weeks: string[];
  demands: PhaseDemand[];
  /** The GPU-hour variables of the phases' work. */
  x: ScheduleModel['x'];
  fixed: Allocation[];
  allowTurns: boolean;
}

/** Adds each pool's rows, week by week, and says which row holds which limit. */
export function addPoolRows({ model, pools, book, weeks, demands, x, fixed, allowTurns }: PoolRowsInput): ScheduleModel['poolRows'] {
  const poolRows: ScheduleModel['poolRows'] = [];
  const usage = new Map<string, number>();
  const usageOf = (trackId: string, offering: OfferingFacts, week: string, members: Array<{ variable: number; cap: number }>) => {
    const key = `${trackId}|${offering.id}|${week}`;
    let u = usage.get(key);
    if (u === undefined) {
      u = model.addVariable({ type: 'binary' });
      usage.set(key, u);
      model.addRow([...members.map((m) => [m.variable, 1] as [number, number]), [u, -members.reduce((s, m) => s + m.cap, 0)]], '<=', 0);
    }
    return u;
  };
  for (const pool of pools) {
    for (const week of weeks) {
      const fixedHere = fixed.filter((a) => a.week === week && poolAdmits(pool, a));
      const inPool = x.filter(
        (e) =>
          e.week === week &&
          poolAdmits(pool, {
            offeringId: demands[e.demand]!.candidates[e.candidate]!.offering.id,
            gpuId: demands[e.demand]!.candidates[e.candidate]!.offering.gpuId,
          }),
      );
      if (inPool.length === 0) continue;
      const groups = new Map<string, { trackId: string; offering: OfferingFacts; members: Array<{ variable: number; cap: number }> }>();
      for (const e of inPool) {
        const d = demands[e.demand]!;
        const offering = d.candidates[e.candidate]!.offering;
        const key = `${d.milestone.trackId}|${offering.id}`;
        const g = groups.get(key) ?? { trackId: d.milestone.trackId, offering, members: [] };
        g.members.push({ variable: e.variable, cap: e.cap });
        groups.set(key, g);
      }
      const limits = poolWeekLimits(pool, allowTurns);
      const kept = poolWeekUse(fixedHere, (id) => book.offerings.get(id));
      if (limits.vcpus === null) {
        const capacity = limits.gpuHours;
        const fixedUse = kept.gpuHours;
        const rounding = [...groups.values()].reduce((s, g) => s + 0.01 * g.offering.gpuCount, 0);
        const row = model.addRow(
          inPool.map((e) => [e.variable, 1] as [number, number]),
          '<=',
          Math.max(0, capacity - fixedUse - rounding),
        );
        poolRows.push({ row, pool, week, capacity, fixedUse, kind: 'hours' });
        if (limits.gpusAtOnce !== null) {
          const fixedAtOnce = kept.gpusAtOnce;
          const terms = [...groups.values()].map(
            (g) => [usageOf(g.trackId, g.offering, week, g.members), g.offering.gpuCount] as [number, number],
          );
          const at = model.addRow(terms, '<=', Math.max(0, limits.gpusAtOnce - fixedAtOnce));
          poolRows.push({ row: at, pool, week, capacity: limits.gpusAtOnce, fixedUse: fixedAtOnce, kind: 'at-once' });
        }
      } else {
        const fixedVcpus = kept.vcpus;
        const terms = [...groups.values()].map(
          (g) => [usageOf(g.trackId, g.offering, week, g.members), bookingVcpus(g.offering, g.offering.gpuCount)] as [number, number],
        );
        const row = model.addRow(terms, '<=', Math.max(0, limits.vcpus - fixedVcpus));
        if (row >= 0) poolRows.push({ row, pool, week, capacity: pool.capacity, fixedUse: fixedVcpus, kind: 'vcpus' });
      }
    }
  }
  return poolRows;
}
