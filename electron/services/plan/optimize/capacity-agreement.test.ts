/**
 * One capacity model (issue 27 item 4): on generated plans (a deterministic seed), the optimizer never calls infeasible
 * a plan the checks accept, and never returns a schedule the checks flag (a pool over capacity, a milestone short).
 * The plans share one- and two-GPU pools between tracks, so bookings often take turns within a week.
 */
import { describe, expect, it } from 'vitest';
import { analyzePlan } from '../../../../shared/domain/plan/checks';
import { buildScheduleModel } from '../../../../shared/domain/plan/optimize/schedule-model';
import { readSchedule } from '../../../../shared/domain/plan/optimize/schedule-result';
import { seededRandom as random } from '../../../../shared/domain/plan/range-sampling';
import type { Allocation, Milestone, Plan, PlanCatalog } from '../../../../shared/domain/plan/types';
import { solveLpText } from '../../../worker/highs-solver';

const WEEKS = [
  { week: '2026-W02', start: '2026-01-05', end: '2026-01-11' },
  { week: '2026-W03', start: '2026-01-12', end: '2026-01-18' },
  { week: '2026-W04', start: '2026-01-19', end: '2026-01-25' },
];

const catalog: PlanCatalog = {
  offerings: ['l4', 'a100'].map((gpuId, i) => ({
    id: `o-${gpuId}`,
    gpuId,
    gpuCount: 1,
    vcpus: 8,
    label: gpuId.toUpperCase(),
    deleted: false,
    prices: [{ kind: 'on-demand', usd: String(1 + 2 * i), per: 'hour' as const, asOf: '2026-01-01', source: 'test' }],
  })),
};

function generatedPlan(seed: number): Plan {
  const r = random(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)]!;
  const capacity = r() < 0.7 ? 1 : 2;
  const trackCount = 2 + Math.floor(r() * 2);
  const project = {
    id: 'p',
    name: 'Generated',
    start: '2026-01-05',
    end: '2026-01-25',
    currency: 'USD',
    budget: '1000000',
    budgetSource: '',
    description: '',
    source: null,
  };
  const tracks = Array.from({ length: trackCount }, (_, i) => ({
    id: `t${i}`,
    projectId: 'p',
    name: `Track ${i}`,
    owner: 'o',
    focus: '',
    colour: '#336699',
    start: project.start,
    end: project.end,
    position: i,
    notes: null,
  }));
  const milestones: Milestone[] = [];
  const allocations: Allocation[] = [];
  for (const t of tracks) {
    const first = Math.floor(r() * 3);
    const last = first + Math.floor(r() * (3 - first));
    const gpuId = r() < 0.8 ? 'l4' : 'a100';
    const span = last - first + 1;
    const hours = Math.round((8 + r() * (capacity * 168 * span * 0.7)) / trackCount);
    milestones.push({
      id: `m-${t.id}`,
      trackId: t.id,
      code: `M${t.position + 1}`,
      name: `Milestone ${t.position + 1}`,
      description: '',
      facts: [],
      position: 0,
      phases: [
        {
          id: `p-${t.id}`,
          name: `Milestone ${t.position + 1}`,
          start: WEEKS[first]!.start,
          end: WEEKS[last]!.end,
          offeringId: `o-${gpuId}`,
          gpuId,
          runs: { low: 1, high: 1 },
          workload: null,
          appEstimate: null,
          authorEstimate: { hours: { low: hours, high: hours }, usd: { low: 0, high: 0 }, hoursPerRun: null, usdPerRun: null, text: '' },
        },
      ],
    });
    // The current plan: the milestone's hours spread over its weeks (sometimes short, sometimes labelled, sometimes not).
    let left = hours * (r() < 0.85 ? 1 : 0.5);
    for (let w = first; w <= last && left > 0; w++) {
      const h = w === last ? left : Math.round(left * r());
      if (h <= 0) continue;
      allocations.push({
        id: `a-${t.id}-${w}`,
        trackId: t.id,
        week: WEEKS[w]!.week,
        offeringId: `o-${gpuId}`,
        gpuId,
        gpuCount: 1,
        hours: Math.min(168, h),
        phaseId: pick([`p-${t.id}`, `p-${t.id}`, null]),
        note: null,
      });
      left -= h;
    }
  }
  return {
    project,
    tracks,
    milestones,
    allocations,
    pools: [
      { id: 'pool', projectId: 'p', name: 'Shared pool', capacity, unit: 'gpus', offeringIds: ['o-l4', 'o-a100'], gpuIds: [], notes: null },
    ],
    plannedPrices: [],
    notes: [],
    claims: [],
  };
}

const CAPACITY_KINDS = new Set(['pool-over-capacity', 'milestone-short-hours']);

describe('the optimizer and the checks share one capacity model (issue 27 item 4)', () => {
  it('on 60 generated plans: never infeasible where the checks accept the plan, never a schedule the checks flag', async () => {
    const disagreements: string[] = [];
    let accepted = 0;
    let turns = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const plan = generatedPlan(seed);
      const before = analyzePlan(plan, catalog).problems;
      const acceptedByChecks = !before.some((p) => p.severity === 'error');
      if (acceptedByChecks) accepted++;
      if (before.some((p) => p.kind === 'pool-concurrency')) turns++;
      const built = buildScheduleModel(plan, catalog, { objective: 'cost' });
      const answer = await solveLpText(built.model.toLpText(), built.model.variables.length, { timeLimitSeconds: 20 });
      const result = readSchedule(built, plan, answer, 'cost', '2026-01-01T00:00:00.000Z');
      if (acceptedByChecks && result.status === 'infeasible')
        disagreements.push(
          `seed ${seed}: the checks accept the plan, the optimizer says ${result.binding.map((b) => b.message).join(' ')}`,
        );
      if (result.status !== 'infeasible') {
        const flagged = analyzePlan(result.plan, catalog).problems.filter((p) => CAPACITY_KINDS.has(p.kind));
        for (const p of flagged) disagreements.push(`seed ${seed}: the optimizer's schedule is flagged: ${p.message}`);
      }
    }
    // The generator makes plans of both sorts: accepted ones, and ones whose bookings take turns in a pool.
    expect(accepted).toBeGreaterThan(20);
    expect(turns).toBeGreaterThan(5);
    expect(disagreements).toEqual([]);
  }, 120_000);
});
