import { describe, expect, it } from 'vitest';
import { ACCURACY } from './accuracy-figures';
import { toCliJson } from './cli-json';
import { estimateWorkloadAcrossCatalog } from './estimate';
import { MEASURED_GPU_IDS, gpuEvidence } from './gpu-evidence';
import { single } from './published-benchmarks';
import { gpus, offerings, VITALDB_M1_WORKLOAD } from './test-catalog';

// VitalDB M3-like: a ResNet34-1D run the document weighs between a T4 and an L4 (issue 29).
const workload = VITALDB_M1_WORKLOAD;
const gpu = (id: string) => gpus.find((g) => g.id === id)!;
const worst = ACCURACY.heldOut.gpu.worstError;

describe('the evidence behind a GPU widens its range when it has no measurement (issue 29 item 3)', () => {
  it('every GPU with a published row or the H100 calibration is measured; T4, L4, A10G and L40S are not', () => {
    for (const r of single) expect(MEASURED_GPU_IDS.has(r.gpuId)).toBe(true);
    expect(gpuEvidence(gpu('h100-sxm-80gb')).evidence).toBe('measured');
    expect(gpuEvidence(gpu('a10-24gb')).evidence).toBe('measured');
    for (const id of ['t4-16gb', 'l4-24gb', 'a10g-24gb', 'l40s-48gb']) expect(gpuEvidence(gpu(id)).evidence).toBe('no-measurement');
  });

  it('the range on an unmeasured GPU is wider than on a measured one and covers the leave-one-GPU-out worst ratio', () => {
    const e = estimateWorkloadAcrossCatalog(workload, gpus, offerings, {
      gpuIds: ['a10-24gb', 'a10g-24gb', 't4-16gb', 'l4-24gb', 'rtx-4090-24gb'],
    });
    const t = (id: string) => e.results.find((r) => r.gpuId === id)!.throughput;
    const width = (id: string) => t(id).samplesPerSecondHigh / t(id).samplesPerSecondLow;
    for (const [unmeasured, measured] of [
      ['a10g-24gb', 'a10-24gb'],
      ['l4-24gb', 'rtx-4090-24gb'],
      ['t4-16gb', 'a10-24gb'],
    ] as const) {
      expect(t(measured).evidence.kind).toBe('measured');
      expect(t(unmeasured).evidence.kind).toBe('no-measurement');
      expect(width(unmeasured)).toBeGreaterThan(width(measured));
      // model ÷ measured anywhere in [1/worst, worst] stays inside the range (to the rounding of the figures)
      const sps = t(unmeasured).samplesPerSecond;
      expect(t(unmeasured).samplesPerSecondLow).toBeLessThanOrEqual((sps / worst) * 1.001);
      expect(t(unmeasured).samplesPerSecondHigh).toBeGreaterThanOrEqual(sps * worst * 0.999);
      expect(t(unmeasured).uncertainty.regime).toMatch(/no measurement on this GPU/);
    }
    // a measured GPU keeps the spread measured in its regime: narrower than the held-out worst
    expect(t('a10-24gb').samplesPerSecondHigh).toBeLessThan(t('a10-24gb').samplesPerSecond * worst);
  });

  it('estimate --json carries the evidence and its reason, with the widening read from the live accuracy figures', () => {
    const json = toCliJson(estimateWorkloadAcrossCatalog(workload, gpus, offerings, { gpuIds: ['t4-16gb', 'a10-24gb'] }));
    const t4 = json.results.find((r) => r.gpuId === 't4-16gb')!;
    const a10 = json.results.find((r) => r.gpuId === 'a10-24gb')!;
    expect(a10.throughput.evidence).toBe('measured');
    expect(t4.throughput.evidence).toBe('no-measurement');
    expect(t4.throughput.evidenceReason).toContain(`no measurement on this GPU (NVIDIA T4`);
    expect(t4.throughput.evidenceReason).toContain(`range widened to ×${(1 / worst).toFixed(2)}–×${worst.toFixed(2)}`);
    expect(t4.throughput.evidenceReason).toContain(`median ×${ACCURACY.heldOut.gpu.medianError.toFixed(2)}`);
    // Turing has no measured GPU at all: the reason says its factors come from another architecture
    expect(t4.throughput.evidenceReason).toMatch(/no GPU of its architecture \(Turing/);
    expect(t4.notes.some((n) => n.startsWith('No measurement on this GPU'))).toBe(true);
    expect(t4.explanation.find((l) => l.label === 'Range')!.formula).toContain('range widened to');
  });
});
