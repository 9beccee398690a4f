import { describe, expect, it } from 'vitest';
import { buildCorrections, correctionFor, formatRatio, modelFamilyOf, type RecordedRun } from './corrections';

const run = (id: number, hours: number, offeringId = 'colab-pro-plus-l4-24gb', gpuId = 'l4-24gb'): RecordedRun => ({
  id,
  projectId: 'p',
  workloadId: 'vitaldb-m1',
  workloadName: 'M1',
  workload: { model: { preset: 'resnet34-1d' } },
  modelFamily: 'resnet34-1d',
  offeringId,
  gpuId,
  hours,
  samplesPerSecond: null,
  source: { kind: 'manual' },
  milestoneId: null,
  recordedAt: '2026-11-29T00:00:00.000Z',
});
const labels = { offering: (id: string) => (id === 'colab-pro-plus-l4-24gb' ? 'Colab Pro+ L4' : id), model: (f: string) => f };

describe('modelFamilyOf', () => {
  it('is the preset (by id or alias), else the decoder shape, else custom', () => {
    expect(modelFamilyOf({ model: { preset: 'resnet34-1d' } }).id).toBe('resnet34-1d');
    expect(modelFamilyOf({ model: { decoder: { layers: 32, hidden: 4096 } } }).id).toBe('decoder-32x4096');
    expect(modelFamilyOf({ model: { custom: {} } }).id).toBe('custom');
  });
});

describe('buildCorrections', () => {
  it('one run: its ratio, said as the issue asks', () => {
    const [c] = buildCorrections([run(1, 8)], [], () => 8 / 11.9, labels);
    expect(c!.ratio).toBeCloseTo(11.9, 10);
    expect(c!.text).toBe('×11.9 from 1 run of yours on Colab Pro+ L4');
    expect(c!.measured).toMatchObject({ runs: 1 });
  });

  it('several runs: the geometric mean with the min–max; a run the estimator cannot price is not counted', () => {
    const runs = [run(1, 2), run(2, 8), run(3, 5)];
    const [c] = buildCorrections(runs, [], (r) => (r.id === 3 ? null : 1), labels);
    expect(c!.ratio).toBeCloseTo(4, 10); // √(2 × 8)
    expect(c!.measured).toEqual({ geometricMean: c!.ratio, min: 2, max: 8, runs: 2 });
    expect(c!.text).toBe('×4 from 2 runs of yours on Colab Pro+ L4 (×2–×8)');
    expect(c!.evidence.map((e) => e.ratio)).toEqual([2, 8, null]);
  });

  it('a ratio set by hand wins; an ignored correction applies nothing; a setting alone is a correction', () => {
    const set = buildCorrections(
      [run(1, 2)],
      [{ modelFamily: 'resnet34-1d', offeringId: 'colab-pro-plus-l4-24gb', ratio: 1.5, ignored: false }],
      () => 1,
      labels,
    );
    expect(set[0]!.ratio).toBe(1.5);
    expect(set[0]!.text).toBe('×1.5 set by you on Colab Pro+ L4; your 1 run measured ×2');
    const off = buildCorrections(
      [run(1, 2)],
      [{ modelFamily: 'resnet34-1d', offeringId: 'colab-pro-plus-l4-24gb', ratio: null, ignored: true }],
      () => 1,
      labels,
    );
    expect(off[0]!.ratio).toBeNull();
    expect(correctionFor(off, 'resnet34-1d', 'colab-pro-plus-l4-24gb', 'l4-24gb')).toBeNull();
    const alone = buildCorrections([], [{ modelFamily: 'bert-base', offeringId: 'x', ratio: 2, ignored: false }], () => 1, labels);
    expect(alone.map((c) => [c.modelFamily, c.ratio])).toEqual([['bert-base', 2]]);
  });
});

describe('correctionFor', () => {
  const cs = buildCorrections([run(1, 3), run(2, 12, 'gcp-g2-l4', 'l4-24gb')], [], () => 1, labels);
  it("takes the offering's own correction first", () => {
    expect(correctionFor(cs, 'resnet34-1d', 'colab-pro-plus-l4-24gb', 'l4-24gb')?.ratio).toBeCloseTo(3, 10);
  });
  it("else the GPU's, over every offering of it, and says where from", () => {
    const c = correctionFor(cs, 'resnet34-1d', 'runpod-l4', 'l4-24gb', 'L4');
    expect(c!.ratio).toBeCloseTo(6, 10);
    expect(c!.text).toBe('×6 from 2 runs of yours on the same GPU (L4) elsewhere: Colab Pro+ L4, gcp-g2-l4 (×3–×12)');
  });
  it('nothing for another family or GPU', () => {
    expect(correctionFor(cs, 'bert-base', 'colab-pro-plus-l4-24gb', 'l4-24gb')).toBeNull();
    expect(correctionFor(cs, 'resnet34-1d', 'a100', 'a100-40gb')).toBeNull();
  });
  it('formats three significant figures', () => {
    expect([formatRatio(11.94), formatRatio(1.2549), formatRatio(0.87345)]).toEqual(['×11.9', '×1.25', '×0.873']);
  });
});
