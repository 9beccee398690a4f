import { describe, expect, it } from 'vitest';
import gpusJson from '../../resources/catalog/gpus.json';
import type { Gpu } from '../domain/catalog';
import { isUserError } from '../domain/errors';
import { estimateWorkloadAcrossCatalog } from './estimate';

const gpus = (gpusJson as unknown as { gpus: Gpu[] }).gpus;
const estimate = (workload: unknown) => estimateWorkloadAcrossCatalog(workload, gpus, []);
const refusal = (workload: unknown) => {
  try {
    estimate(workload);
  } catch (error) {
    if (isUserError(error)) return error;
    throw error;
  }
  return null;
};
const run = { dataset: { samples: 1000 }, epochs: 1, batchSize: 8 };

describe('non-finite estimates are refused, never shown as 0 (issue 11 item 6)', () => {
  it('a custom model near 1e308 parameters, FLOPs or activation bytes is refused at its field', () => {
    for (const [field, custom] of [
      ['custom.params', { params: 1.7e308, forwardFlopsPerSample: 1e9, activationBytesPerSample: 1e6 }],
      ['custom.forwardFlopsPerSample', { params: 1e6, forwardFlopsPerSample: 1.7e308, activationBytesPerSample: 1e6 }],
      ['custom.activationBytesPerSample', { params: 1e6, forwardFlopsPerSample: 1e9, activationBytesPerSample: 1.7e308 }],
    ] as const) {
      const error = refusal({ model: { custom }, ...run });
      expect(error, field).not.toBeNull();
      expect(error!.message).toContain(field);
    }
  });

  it('a data loader of 5e-324 samples per second is refused, not "0 hours"', () => {
    const error = refusal({ model: { preset: 'resnet50' }, ...run, inputPipelineSamplesPerSecond: 5e-324 });
    expect(error?.message).toMatch(/inputPipelineSamplesPerSecond must be at least 0.001/);
  });

  it('inside the bounds every figure is finite and positive: the largest custom model does not fit, in finite GiB', () => {
    const e = estimate({ model: { custom: { params: 1e14, forwardFlopsPerSample: 1e21, activationBytesPerSample: 1e15 } }, ...run });
    for (const r of e.results) {
      expect(r.fits).toBe(false);
      expect(Number.isFinite(r.memory.peakGiB) && r.memory.peakGiB > 0).toBe(true);
      if (r.training?.hours !== undefined && r.training.hours !== null) expect(Number.isFinite(r.training.hours)).toBe(true);
    }
    const slow = estimate({ model: { preset: 'resnet50' }, ...run, inputPipelineSamplesPerSecond: 0.001 });
    for (const r of slow.results) if (r.training?.hours != null) expect(r.training.hours).toBeGreaterThan(250);
  });
});
