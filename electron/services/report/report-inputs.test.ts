import { describe, expect, it } from 'vitest';
import type { Plan } from '../../../shared/domain/plan/types';
import { estimateWorkloadAcrossCatalog } from '../../../shared/estimate/estimate';
import { gpus, offerings, VITALDB_M1_WORKLOAD } from '../../../shared/estimate/test-catalog';
import { phaseEstimatesOf } from './report-inputs';

const workload = VITALDB_M1_WORKLOAD;

describe('the PDF hardware table says which GPUs have no measurement behind them (issue 29 item 3)', () => {
  it('an alternative on an unmeasured GPU carries "no measurement on this GPU: range widened to …", a measured one null', () => {
    const plan = { milestones: [{ phases: [{ id: 'p1', workload, offeringId: null }] }] } as unknown as Plan;
    const [phase] = phaseEstimatesOf(plan, gpus, (w) =>
      estimateWorkloadAcrossCatalog(w, gpus, offerings, { gpuIds: ['t4-16gb', 'l4-24gb', 'rtx-4090-24gb', 'h100-sxm-80gb'] }),
    );
    const byGpu = new Map(phase!.alternatives.map((a) => [a.gpuId, a]));
    expect(byGpu.get('t4-16gb')!.noMeasurement).toMatch(
      /^no measurement on this GPU \(NVIDIA T4 16GB\): range widened to ×0\.\d\d–×\d\.\d\d/,
    );
    expect(byGpu.get('l4-24gb')!.noMeasurement).toMatch(/range widened to/);
    expect(byGpu.get('rtx-4090-24gb')!.noMeasurement).toBeNull();
    expect(byGpu.get('h100-sxm-80gb')!.noMeasurement).toBeNull();
  });
});
