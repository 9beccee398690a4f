/**
 * Auto-plan, the pools: per week, a pool's GPU-hours (capacity × 168 h) and, unless bookings may take turns, its GPUs
 * at once (each track's booking of an offering counts its GPUs, as the plan's check counts them); vCPU quotas count
 * vCPUs at once. Kept bookings use their share first.
 */
import { poolAdmits } from '../pool-checks';
import type { PriceBook } from '../pricing';
import type { Allocation, CapacityPool, OfferingFacts } from '../types';
import { HOURS_PER_WEEK } from '../weeks';
import type { LinearModel } from './lp-model';
import type { PhaseDemand } from './schedule-demands';
import type { ScheduleModel } from './schedule-model';

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
      if (pool.unit === 'gpus') {
        const capacity = pool.capacity * HOURS_PER_WEEK;
        const fixedUse = fixedHere.reduce((s, a) => s + a.hours * a.gpuCount, 0);
        const row = model.addRow(
          inPool.map((e) => [e.variable, 1] as [number, number]),
          '<=',
          Math.max(0, capacity - fixedUse),
        );
        poolRows.push({ row, pool, week, capacity, fixedUse, kind: 'hours' });
        if (!allowTurns) {
          const fixedAtOnce = fixedHere.reduce((s, a) => s + a.gpuCount, 0);
          const terms = [...groups.values()].map(
            (g) => [usageOf(g.trackId, g.offering, week, g.members), g.offering.gpuCount] as [number, number],
          );
          const at = model.addRow(terms, '<=', Math.max(0, pool.capacity - fixedAtOnce));
          poolRows.push({ row: at, pool, week, capacity: pool.capacity, fixedUse: fixedAtOnce, kind: 'at-once' });
        }
      } else {
        const vcpusOf = (o: OfferingFacts | undefined, gpus: number) => (o?.vcpus ? (o.vcpus * gpus) / o.gpuCount : 0);
        const fixedVcpus = fixedHere.reduce(
          (s, a) => s + vcpusOf(a.offeringId ? book.offerings.get(a.offeringId) : undefined, a.gpuCount),
          0,
        );
        const terms = [...groups.values()].map(
          (g) => [usageOf(g.trackId, g.offering, week, g.members), vcpusOf(g.offering, g.offering.gpuCount)] as [number, number],
        );
        const row = model.addRow(terms, '<=', Math.max(0, pool.capacity - fixedVcpus));
        if (row >= 0) poolRows.push({ row, pool, week, capacity: pool.capacity, fixedUse: fixedVcpus, kind: 'vcpus' });
      }
    }
  }
  return poolRows;
}
