import { describe, expect, it } from 'vitest';
import { analyzePlan } from './checks';
import { gpuReadName, phaseRunSize } from './run-gpu-checks';
import { loadExample, plannedCatalog } from './test-fixtures';
import type { Plan } from './types';

const gpuProblems = (plan: Plan) =>
  analyzePlan(plan, plannedCatalog(plan)).problems.filter(
    (p) => p.kind === 'run-over-offering-gpus' || p.kind === 'run-nodes-without-network',
  );

/** The example with M2's experimentation phase (on Colab Pro+ with one L4) given these workload fields. */
function withM2Workload(fields: Record<string, unknown>): Plan {
  const { plan } = loadExample();
  return {
    ...plan,
    milestones: plan.milestones.map((m, i) =>
      i === 1 ? { ...m, phases: m.phases.map((ph, j) => (j === 0 ? { ...ph, workload: { ...ph.workload, ...fields } } : ph)) } : m,
    ),
  };
}

describe('run size against the offering (issue 17)', () => {
  it('the example as seeded runs on one GPU per phase: no problem', () => {
    expect(gpuProblems(loadExample().plan)).toEqual([]);
  });

  it('a milestone run on 8 GPUs on an offering of 1× L4 is a warning naming the GPU as a person reads it', () => {
    const problems = gpuProblems(withM2Workload({ gpuCount: 8 }));
    expect(problems).toHaveLength(1);
    const p = problems[0]!;
    expect(p).toMatchObject({ kind: 'run-over-offering-gpus', severity: 'warning' });
    expect(p.message).toBe(
      "M2 Experimentation's run needs 8 GPUs in one machine, but colab-pro-plus-l4-24gb has 1× L4 24GB: the run cannot start as planned. " +
        'Choose an offering with 8 or more L4 24GB GPUs, or spread the run over 8 machines (nodeCount in the workload).',
    );
    expect(p.cell).toMatchObject({ row: 'milestone', milestoneId: p.milestoneId, phaseId: expect.any(String) });
  });

  it('8 GPUs over 8 one-GPU machines fit the offering, but the offering states no network between machines', () => {
    const problems = gpuProblems(withM2Workload({ gpuCount: 8, nodeCount: 8 }));
    expect(problems.map((p) => p.kind)).toEqual(['run-nodes-without-network']);
    expect(problems[0]!.message).toContain(
      'spreads 8 L4 24GB GPUs over 8 machines, but colab-pro-plus-l4-24gb states no network between machines',
    );
    expect(problems[0]!.message).toContain('assumes 100 Gb/s Ethernet');
  });

  it("the run's size comes from the workload, else the app estimate's GPUs; GPU ids read as names", () => {
    const phase = loadExample().plan.milestones[1]!.phases[0]!;
    expect(phaseRunSize({ ...phase, workload: { gpuCount: 4, nodeCount: 2 } })).toEqual({ gpus: 4, nodes: 2 });
    expect(
      phaseRunSize({
        ...phase,
        workload: {},
        appEstimate: { hours: 1, hoursPerRun: 1, gpus: 2, usd: '0', computedAt: '2025-12-10T00:00:00Z', priceAsOf: null, basis: 'test' },
      }),
    ).toEqual({ gpus: 2, nodes: 1 });
    expect(phaseRunSize({ ...phase, workload: null, appEstimate: null })).toBeNull();
    expect(gpuReadName('rtx-4090-24gb')).toBe('RTX 4090 24GB');
    expect(gpuReadName('my-own-gpu')).toBe('my-own-gpu');
  });
});

describe('the offer named without repeating its GPU', () => {
  it('"Colab Pro+ — L4" on an L4 reads "Colab Pro+" in the message', () => {
    const plan = withM2Workload({ gpuCount: 8 });
    const catalog = plannedCatalog(plan);
    const labelled = {
      offerings: catalog.offerings.map((o) => (o.id === 'colab-pro-plus-l4-24gb' ? { ...o, label: 'Colab Pro+ — L4' } : o)),
    };
    const p = analyzePlan(plan, labelled).problems.find((x) => x.kind === 'run-over-offering-gpus')!;
    expect(p.message).toContain('but Colab Pro+ has 1× L4 24GB');
  });
});
