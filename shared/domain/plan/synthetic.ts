/**
 * A synthetic large plan for benchmarks and the scroll harness: `tracks` tracks × `weeks` ISO weeks × `pools` pools,
 * one or two bookings per track and week on offerings spread over the pools. Deterministic (no randomness).
 */
import type { Allocation, CapacityPool, Plan, PlanCatalog, Track } from './types';
import { addWeeksToKey, weekEnd, weekStart } from './weeks';

export function syntheticPlan(options: { tracks: number; weeks: number; pools: number; firstWeek?: string }): {
  plan: Plan;
  catalog: PlanCatalog;
} {
  const first = options.firstWeek ?? '2026-W01';
  const last = addWeeksToKey(first, options.weeks - 1);
  const gpus = ['t4-16gb', 'l4-24gb', 'a100-sxm-40gb', 'h100-sxm-80gb', 'rtx-4090-24gb'];
  const offerings = Array.from({ length: options.pools * 2 }, (_, i) => ({
    id: `offering-${i}`,
    gpuId: gpus[i % gpus.length]!,
    gpuCount: 8,
    vcpus: 96,
    label: `Offering ${i}`,
    deleted: false,
    prices: [
      i % 7 === 3
        ? { kind: 'subscription', usd: '49.99', per: 'month' as const, asOf: '2026-01-01', source: 'synthetic' }
        : { kind: 'on-demand', usd: (0.5 + (i % 9) * 0.37).toFixed(2), per: 'hour' as const, asOf: '2026-01-01', source: 'synthetic' },
    ],
  }));
  const projectId = 'synthetic';
  const tracks: Track[] = Array.from({ length: options.tracks }, (_, i) => ({
    id: `track-${i}`,
    projectId,
    name: `Track ${i}`,
    owner: `Owner ${i}`,
    focus: '',
    colour: `#${(((i * 2654435761) >>> 8) & 0xffffff).toString(16).padStart(6, '0')}`,
    start: weekStart(first),
    end: weekEnd(last),
    position: i,
    notes: null,
  }));
  const pools: CapacityPool[] = Array.from({ length: options.pools }, (_, i) => ({
    id: `pool-${i}`,
    projectId,
    name: `Pool ${i}`,
    capacity: 2 + (i % 3),
    unit: i % 4 === 3 ? 'vcpus' : 'gpus',
    offeringIds: [`offering-${2 * i}`, `offering-${2 * i + 1}`],
    gpuIds: [],
    notes: null,
  }));
  const allocations: Allocation[] = [];
  for (let t = 0; t < options.tracks; t++) {
    let week = first;
    for (let w = 0; w < options.weeks; w++) {
      const o = offerings[(t * 3 + Math.floor(w / 6)) % offerings.length]!;
      allocations.push({
        id: `a-${t}-${w}`,
        trackId: `track-${t}`,
        week,
        offeringId: o.id,
        gpuId: o.gpuId,
        gpuCount: 1 + ((t + w) % 4),
        hours: 20 + ((t * 7 + w * 13) % 100),
        phaseId: null,
        note: null,
      });
      if ((t + w) % 5 === 0) {
        const o2 = offerings[(t * 5 + w) % offerings.length]!;
        if (o2.id !== o.id)
          allocations.push({
            id: `b-${t}-${w}`,
            trackId: `track-${t}`,
            week,
            offeringId: o2.id,
            gpuId: o2.gpuId,
            gpuCount: 1,
            hours: 12,
            phaseId: null,
            note: null,
          });
      }
      week = addWeeksToKey(week, 1);
    }
  }
  const milestones = tracks.flatMap((tr, t) =>
    [0, 1, 2, 3].map((k) => {
      const startWeek = addWeeksToKey(first, Math.floor((k * options.weeks) / 4));
      const endWeek = addWeeksToKey(startWeek, Math.max(0, Math.floor(options.weeks / 4) - 1));
      const a = allocations.find((x) => x.trackId === tr.id && x.week === startWeek)!;
      return {
        id: `m-${t}-${k}`,
        trackId: tr.id,
        code: `M${k + 1}`,
        name: `Milestone ${k + 1}`,
        description: '',
        facts: [],
        position: k,
        phases: [
          {
            id: `p-${t}-${k}`,
            name: `Milestone ${k + 1}`,
            start: weekStart(startWeek),
            end: weekEnd(endWeek),
            offeringId: a.offeringId,
            gpuId: a.gpuId,
            runs: { low: 2, high: 4 },
            workload: null,
            authorEstimate: {
              hours: { low: 300, high: 900 },
              usd: { low: 0, high: 0 },
              hoursPerRun: null,
              usdPerRun: null,
              text: 'synthetic',
            },
            appEstimate: null,
          },
        ],
      };
    }),
  );
  const plan: Plan = {
    project: {
      id: projectId,
      name: 'Synthetic',
      start: weekStart(first),
      end: weekEnd(last),
      currency: 'USD',
      budget: '250000',
      budgetSource: 'synthetic',
      description: '',
      source: null,
    },
    tracks,
    milestones,
    allocations,
    pools,
    plannedPrices: offerings.map((o) => ({
      offeringId: o.id,
      kind: o.prices[0]!.kind,
      usd: o.prices[0]!.usd,
      per: o.prices[0]!.per,
      asOf: '2025-12-01',
      source: 'synthetic',
    })),
    notes: [],
    claims: [],
  };
  return { plan, catalog: { offerings } };
}
