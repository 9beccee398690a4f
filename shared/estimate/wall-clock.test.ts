import { describe, expect, it } from 'vitest';
import { isUserError } from '../domain/errors';
import { toCliJson } from './cli-json';
import { estimateWorkloadAcrossCatalog } from './estimate';
import { gpus, offerings } from './test-catalog';
import { wallClock } from './wall-clock';
import { parseWorkload } from './workload';

const resnet50 = {
  model: { preset: 'resnet50' },
  input: { imageSize: 224 },
  batchSize: 256,
  precision: 'bf16',
  dataset: { samples: 1_281_167, format: 'jpeg', location: 'local', validationSamples: 50_000 },
  epochs: 90,
};

const run = (gpuSamplesPerSecond: number) => ({ family: 'cnn2d', trainableParams: 25.6e6, tokensPerSample: null, gpuSamplesPerSecond });

describe('wall-clock time to a trained model (issue 29 item 1)', () => {
  it('an epoch takes the slower of the GPU and the input pipeline, and says which in words', () => {
    const w = parseWorkload(resnet50);
    const slowHost = wallClock(w, run(3000), { vcpus: 4, sessionHours: null })!;
    expect(slowHost.bound).toBe('input');
    expect(slowHost.inputSamplesPerSecond).toBe(600);
    expect(slowHost.lines.find((l) => l.label === 'Training')!.value).toMatch(/input-bound: 4 vCPUs decode about 600 images\/s/);
    // the training part is the samples at the input rate; the GPU-only hours beside it at the GPU's
    expect(slowHost.breakdown.trainingHours).toBeCloseTo((1_281_167 * 90) / 600 / 3600, 2);
    expect(slowHost.gpuHours).toBeCloseTo((1_281_167 * 90) / 3000 / 3600, 2);
    const bigHost = wallClock(w, run(3000), { vcpus: 96, sessionHours: null })!;
    expect(bigHost.bound).toBe('gpu');
    expect(bigHost.breakdown.trainingHours).toBeCloseTo(bigHost.gpuHours, 3);
    expect(bigHost.lines.find((l) => l.label === 'Training')!.value).toMatch(/^.*GPU-bound/);
  });

  it('the parts add up: setup + training + validation + checkpoints + restarts', () => {
    const w = parseWorkload(resnet50);
    const c = wallClock(w, run(3000), { vcpus: 96, sessionHours: null })!;
    const b = c.breakdown;
    expect(b.setupHours).toBeCloseTo(10 / 60, 5);
    expect(b.validationHours).toBeGreaterThan(0);
    expect(b.checkpointHours).toBeGreaterThan(0);
    expect(b.restartHours).toBe(0);
    expect(c.hours).toBeCloseTo(b.setupHours + b.trainingHours + b.validationHours + b.checkpointHours + b.restartHours, 2);
    expect(c.hours).toBeGreaterThan(c.gpuHours);
  });

  it('data on Google Drive is copied first; a session limit adds restarts with a resume, none without', () => {
    const w = parseWorkload({ ...resnet50, dataset: { ...resnet50.dataset, location: 'drive' } });
    const colab = wallClock(w, run(600), { vcpus: 8, sessionHours: 24 })!;
    // 1.33 M × 110 kB ≈ 146 GB at 65 MB/s ≈ 0.63 h of copy on top of the 10 min environment
    expect(colab.breakdown.setupHours).toBeGreaterThan(0.7);
    expect(colab.lines.find((l) => l.label === 'Setup')!.formula).toMatch(/copy .* GB from drive at 65 MB\/s/);
    expect(colab.hours).toBeGreaterThan(24);
    expect(colab.breakdown.restartHours).toBeGreaterThan(0);
    expect(colab.lines.find((l) => l.label === 'Restarts')!.value).toMatch(/session restart/);
    const noResume = wallClock({ ...w, resumeFromCheckpoint: false }, run(600), { vcpus: 8, sessionHours: 24 })!;
    expect(noResume.breakdown.restartHours).toBe(0);
    expect(noResume.lines.find((l) => l.label === 'Restarts')!.value).toMatch(/cannot finish/);
  });

  it('a stated inputPipelineSamplesPerSecond replaces the modelled pipeline', () => {
    const w = parseWorkload({ ...resnet50, inputPipelineSamplesPerSecond: 100 });
    const c = wallClock(w, run(3000), { vcpus: 96, sessionHours: null })!;
    expect(c.inputSamplesPerSecond).toBe(100);
    expect(c.lines.find((l) => l.label === 'Training')!.value).toMatch(/inputPipelineSamplesPerSecond/);
  });

  it('rejects bad dataset fields with a message naming the field', () => {
    const bad: Array<[Record<string, unknown>, RegExp]> = [
      [{ samples: 10, format: 'gif' }, /dataset\.format: dataset\.format must be one of jpeg, png, audio, tokens, array/],
      [{ samples: 10, location: 's3' }, /dataset\.location must be one of local, network-disk, object-storage, drive/],
      [{ samples: 10, bytesPerSample: 0 }, /dataset\.bytesPerSample must be more than 0/],
      [{ samples: 10, validationSamples: 1.5 }, /dataset\.validationSamples must be a whole number/],
    ];
    for (const [dataset, message] of bad) {
      let error: unknown;
      try {
        parseWorkload({ ...resnet50, dataset });
      } catch (e) {
        error = e;
      }
      expect(isUserError(error), JSON.stringify(dataset)).toBe(true);
      expect((error as Error).message).toMatch(message);
    }
  });

  it('the estimate: each offering its own wall clock from its vCPUs; costs of the wall-clock hours once the data is described', () => {
    const e = estimateWorkloadAcrossCatalog(resnet50, gpus, offerings, { gpuIds: ['t4-16gb', 'a100-sxm-80gb'] });
    const a100 = e.results.find((r) => r.gpuId === 'a100-sxm-80gb')!;
    const hf = a100.training!.offerings.find((o) => o.offeringId === 'hf-jobs-a100-large')!;
    expect(hf.wallClock!.vcpus).toBe(12);
    expect(hf.wallClock!.described).toBe(true);
    expect(hf.hours).toBeCloseTo(hf.wallClock!.hours, 2);
    expect(a100.explanation.map((l) => l.label)).toEqual(expect.arrayContaining(['Wall-clock hours', 'Setup', 'Training', 'Validation']));
    const json = toCliJson(e);
    const jsonOffer = json.results
      .find((r) => r.gpuId === 'a100-sxm-80gb')!
      .training!.offerings.find((o) => o.offeringId === 'hf-jobs-a100-large')!;
    expect(jsonOffer.wallClock).toMatchObject({ hours: hf.wallClock!.hours, billed: true, breakdown: { setupHours: expect.any(Number) } });
  });

  it('without a described dataset the costs stay on the GPU-only hours, and the wall clock is shown beside them', () => {
    const plain = { ...resnet50, dataset: { samples: 1_281_167 } };
    const e = estimateWorkloadAcrossCatalog(plain, gpus, offerings, { gpuIds: ['a100-sxm-80gb'] });
    const r = e.results[0]!;
    const o = r.training!.offerings.find((x) => x.priceKind === 'on-demand')!;
    expect(o.wallClock!.described).toBe(false);
    expect(o.hours).toBeCloseTo(r.training!.hours, 2);
    expect(r.explanation.find((l) => l.label === 'Wall-clock hours')!.formula).toMatch(/costs use the GPU-only hours/);
  });
});
