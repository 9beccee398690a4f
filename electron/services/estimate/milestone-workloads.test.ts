import { afterAll, describe, expect, it } from 'vitest';
import { EXAMPLE_PROJECT_ID } from '../../../shared/domain/plan/example';
import { resolveBundledWorkloads } from '../../../shared/domain/plan/milestone-workloads';
import { isUserError } from '../../../shared/domain/errors';
import { createTestApp } from '../../test-support/test-app';

const app = createTestApp();
afterAll(() => app.dispose());

describe('one workload per VitalDB milestone (seed 001: 1-second windows of 100 samples)', () => {
  it("the saved workload is the milestone phase's workload, and both give the same hours per run", async () => {
    const saved = await app.handlers.invoke('estimate:list-workloads', {});
    const view = await app.handlers.invoke('plan:refresh-estimates', { projectId: EXAMPLE_PROJECT_ID });
    if (!saved.ok || !view.ok) throw new Error('channels failed');
    const phases = view.value.plan.milestones.flatMap((m) => m.phases);
    const pairs: Array<[string, string]> = [
      ['vitaldb-m1', 'm1-training'],
      ['vitaldb-m2', 'm2-experimentation'],
      ['vitaldb-m2-final', 'm2-final'],
      ['vitaldb-m3', 'm3-training'],
    ];
    for (const [workloadId, phaseId] of pairs) {
      const workload = saved.value.workloads.find((w) => w.id === workloadId)!;
      const phase = phases.find((p) => p.id === phaseId)!;
      expect(workload.workload, workloadId).toEqual(phase.workload);
      expect((workload.workload as { input: { windowSamples: number } }).input.windowSamples).toBe(100);
      const estimate = await app.handlers.invoke('estimate:run', { workload: workload.workload, gpuIds: [phase.gpuId!] });
      if (!estimate.ok) throw new Error(estimate.error.message);
      const hours = estimate.value.results[0]!.training!.hours;
      expect(phase.appEstimate?.hoursPerRun, phaseId).toBe(Math.round(hours * 1000) / 1000);
    }
  });

  it('refuses a bundled workload naming a phase the example project does not have', () => {
    const project = { plan: { milestones: [{ code: 'M1', phases: [{ id: 'm1-training', workload: { epochs: 1 } }] }] } };
    expect(resolveBundledWorkloads([{ id: 'x', name: 'x', fromPhase: 'm1-training' }], project)[0]!.workload).toEqual({ epochs: 1 });
    let error: unknown;
    try {
      resolveBundledWorkloads([{ id: 'x', name: 'x', fromPhase: 'm9' }], project);
    } catch (e) {
      error = e;
    }
    expect(isUserError(error) && error.details).toMatchObject({ field: 'x.fromPhase', value: 'm9' });
  });
});
