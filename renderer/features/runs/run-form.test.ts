import { describe, expect, it } from 'vitest';
import type { RunsViewData } from '../../../shared/ipc/contract/runs';
import { correctionWordsAfterRatio, estimateCorrection, runFiguresOf, runHoursText } from './run-form';

describe('run form', () => {
  it('turns the time typed with its unit into hours, and names the field in error', () => {
    expect(runFiguresOf({ time: '90', unit: 'minutes', samplesPerSecond: '' })).toEqual({
      figures: { hours: 1.5, samplesPerSecond: null },
    });
    expect(runFiguresOf({ time: '2', unit: 'days', samplesPerSecond: '812.5' })).toEqual({
      figures: { hours: 48, samplesPerSecond: 812.5 },
    });
    expect(runFiguresOf({ time: '', unit: 'hours', samplesPerSecond: '' })).toEqual({
      errors: { time: expect.stringContaining('more than 0') },
    });
    expect(runFiguresOf({ time: '400', unit: 'days', samplesPerSecond: '-1' })).toEqual({
      errors: { time: expect.stringContaining('at most a year'), samplesPerSecond: expect.stringContaining('more than 0') },
    });
    expect(runHoursText(0.5)).toBe('30 min');
    expect(runHoursText(60)).toBe('60 h (2.5 days)');
  });

  it("finds the correction an estimate takes and the runs behind it: the offering's own, else the same GPU's", () => {
    const run = (id: number) => ({ runId: id, hours: 8, estimatedHours: 1, ratio: 8 });
    const view = {
      projectId: 'p',
      runs: [],
      billed: [],
      corrections: [
        {
          modelFamily: 'resnet34-1d',
          modelLabel: 'ResNet34-1D',
          offeringId: 'colab-l4',
          offeringLabel: 'Colab — L4',
          gpuId: 'l4-24gb',
          ratio: 8,
          measured: { geometricMean: 8, min: 8, max: 8, runs: 2 },
          override: null,
          ignored: false,
          evidence: [run(1), run(2)],
          text: '×8 from 2 runs of yours on Colab — L4',
        },
      ],
    } satisfies RunsViewData;
    const workload = { model: { preset: 'resnet34-1d' } };
    expect(estimateCorrection(view, workload, 'colab-l4', 'l4-24gb')).toMatchObject({ ratio: 8, runIds: [1, 2] });
    const sameGpu = estimateCorrection(view, workload, 'runpod-l4', 'l4-24gb');
    expect(sameGpu?.ratio).toBeCloseTo(8, 10);
    expect(sameGpu?.runIds).toEqual([1, 2]);
    expect(estimateCorrection(view, workload, 'runpod-a100', 'a100-40gb')).toBeNull();
    expect(estimateCorrection(view, { model: { preset: 'llama-3-8b' } }, 'colab-l4', 'l4-24gb')).toBeNull();
  });

  it("shows a correction's ratio once: the words after it drop the ratio the line already shows", () => {
    expect(correctionWordsAfterRatio('×11.9 from 1 run of yours on Colab Pro+ — L4', 11.93)).toBe('from 1 run of yours on Colab Pro+ — L4');
    expect(correctionWordsAfterRatio('×2 set by you on Colab Pro+ — L4; your 1 run measured ×11.9', 2)).toBe(
      'set by you on Colab Pro+ — L4; your 1 run measured ×11.9',
    );
    // a text that does not start with the ratio (set aside, a GPU's runs elsewhere worded differently) is kept whole
    expect(correctionWordsAfterRatio('set aside: ×11.9 from 1 run of yours on Colab Pro+ — L4 not applied', null)).toMatch(/^set aside/);
    expect(correctionWordsAfterRatio('×1.5 from 2 runs', 11.9)).toBe('×1.5 from 2 runs');
  });
});
