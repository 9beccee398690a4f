import { describe, expect, it } from 'vitest';
import { analyzePlan } from './checks';
import { phaseEarlyStopping, phaseRunHours } from './run-rule-checks';
import { loadExample, plannedCatalog } from './test-fixtures';
import type { Plan } from './types';

const runProblems = (plan: Plan) =>
  analyzePlan(plan, plannedCatalog(plan)).problems.filter((p) => p.kind.startsWith('run-') || p.kind.startsWith('dataset-'));

/** The example as it was before its workloads carried their document's checkpointing. */
const withoutCheckpoints = (plan: Plan): Plan => ({
  ...plan,
  milestones: plan.milestones.map((m) => ({
    ...m,
    phases: m.phases.map((ph) => {
      if (!ph.workload) return ph;
      const { resumeFromCheckpoint: _r, checkpointEveryMinutes: _c, ...rest } = ph.workload;
      return { ...ph, workload: rest };
    }),
  })),
});

describe('run-rule plan checks on the VitalDB example (seed 001)', () => {
  it("the example's workloads resume from checkpoints every 5 epochs, as its document says: no run-rule problem", () => {
    expect(runProblems(loadExample().plan)).toEqual([]);
  });

  it("without checkpointing, M3's 36–48 h runs and M2's 24–36 h experiments on Colab (24 h sessions) are errors in the Problems panel", () => {
    const plan = withoutCheckpoints(loadExample().plan);
    const problems = runProblems(plan);
    expect(problems.map((p) => `${p.kind} ${p.severity} ${p.message.split(' takes ')[0]}`)).toEqual([
      "run-over-session error M2 Experimentation's run",
      "run-over-session error M3's run",
    ]);
    const m3 = problems.find((p) => p.message.startsWith("M3's run"))!;
    expect(m3.message).toContain("M3's run takes 36–48 h (author) on colab-pro-plus-a100-40gb; a Google Colab session ends after 24 h");
    expect(m3.message).toContain('enable checkpointing every ≤ 24 h and resume from it');
    expect(m3.cell).toMatchObject({ row: 'milestone', milestoneId: m3.milestoneId });
  });

  it('checkpointing that fits (resume, every 5 epochs ≈ 2 h) clears the problem; M1 (8–12 h) never had one', () => {
    const plan = withoutCheckpoints(loadExample().plan);
    const withResume: Plan = {
      ...plan,
      milestones: plan.milestones.map((m) => ({
        ...m,
        phases: m.phases.map((ph) => ({ ...ph, workload: { ...ph.workload, resumeFromCheckpoint: true, checkpointEveryMinutes: 120 } })),
      })),
    };
    expect(runProblems(withResume)).toEqual([]);
  });

  it("the app's estimate per run counts too, and the message names both figures", () => {
    const plan = withoutCheckpoints(loadExample().plan);
    const m1 = plan.milestones[0]!;
    const phase = {
      ...m1.phases[0]!,
      appEstimate: { hours: 150, hoursPerRun: 30, usd: '0', computedAt: '2025-12-10T00:00:00Z', priceAsOf: null, basis: 'test' },
    };
    expect(phaseRunHours(phase)).toEqual({ low: 8, high: 30, text: '8–12 h (author; app estimate 30 h)' });
    const changed: Plan = { ...plan, milestones: [{ ...m1, phases: [phase] }, ...plan.milestones.slice(1)] };
    expect(runProblems(changed).some((p) => p.message.startsWith("M1's run takes 8–12 h (author; app estimate 30 h)"))).toBe(true);
  });
});

describe('early stopping on a plan milestone', () => {
  it("applies the workload's expected fraction to the app's estimate as its own line", () => {
    const { plan } = loadExample();
    const phase = {
      ...plan.milestones[2]!.phases[0]!,
      workload: { ...plan.milestones[2]!.phases[0]!.workload, earlyStopping: { expectedFraction: 0.7 } },
      appEstimate: { hours: 40, hoursPerRun: 10, usd: '120.00', computedAt: '2025-12-10T00:00:00Z', priceAsOf: null, basis: 'test' },
    };
    expect(phaseEarlyStopping(phase)).toMatchObject({ hoursSaved: 12, usdSaved: '36.00', hoursWith: 28, usdWith: '84.00' });
    expect(phaseEarlyStopping({ ...phase, workload: { ...phase.workload, earlyStopping: undefined } })).toBeNull();
    expect(phaseEarlyStopping({ ...phase, appEstimate: null })).toBeNull();
  });
});
