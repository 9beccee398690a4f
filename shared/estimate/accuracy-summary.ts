/**
 * The estimation model's calibration as the report prints it: every row's model figure computed now from the live
 * model (h100-measurements.ts), the in-sample range from those rows, and the held-out figures of accuracy-figures.ts
 * (generated from the live model; accuracy.test.ts fails when they are stale). Nothing here is typed by hand.
 */
import { ACCURACY } from './accuracy-figures';
import { FITTED, type EfficiencyConstants } from './calibration';
import { H100_MEASUREMENTS, h100Estimate, h100RowDisplayLabel } from './h100-measurements';

export interface CalibrationSummary {
  summary: string;
  source: string;
  rows: Array<{ workload: string; measured: number; model: number; ratio: number }>;
}

const pct = (n: number, of: number) => `${Math.round((100 * n) / of)}%`;

export function calibrationSummary(c: EfficiencyConstants = FITTED): CalibrationSummary {
  const rows = H100_MEASUREMENTS.map((r) => {
    const model = h100Estimate(c, r).throughput.samplesPerSecond;
    return {
      workload: `${h100RowDisplayLabel(r)}, batch ${r.batch}, ${r.amp}`,
      measured: Number(r.samples_per_s.toFixed(1)),
      model: Number(model.toFixed(1)),
      ratio: Number((model / r.samples_per_s).toFixed(2)),
    };
  });
  const lo = Math.min(...rows.map((r) => r.ratio));
  const hi = Math.max(...rows.map((r) => r.ratio));
  const { gpu, model } = ACCURACY.heldOut;
  return {
    summary:
      `Fitted on ${rows.length} measured training workloads on one H100 SXM 80GB (PyTorch 2.11 eager, AdamW): on those same rows every throughput is within ×${lo.toFixed(2)} to ×${hi.toFixed(2)} of the measurement (in-sample). ` +
      `Other GPUs through their datasheet peaks and per-architecture factors fitted on ${ACCURACY.inSample.published.n} published rows of one harness (NVIDIA DeepLearningExamples); ` +
      `held out of the fit, a GPU is predicted with median error ×${gpu.medianError.toFixed(2)} and ${pct(gpu.within15, gpu.n)} of rows within ×1.5 (leave one GPU out), ` +
      `a model with median error ×${model.medianError.toFixed(2)} and ${pct(model.within15, model.n)} within ×1.5 (leave one model out). ` +
      'Other harnesses and models (plain PyTorch, depthwise convolutions, long sequences without fused attention) are predicted less well. GPU time only, data already on the GPU.',
    source:
      "the calibration measurements shipped with the app: 15 training workloads timed on one H100 SXM 80GB (PyTorch 2.11 eager, AdamW), with the live model's figure on each",
    rows,
  };
}
