/**
 * Step time of a per-GPU micro-batch as a roofline with a per-step floor: FLOPs at the sustained peak (architecture,
 * width and power factors), bytes at the achieved bandwidth, the host's per-op floor and the GPU's launch gaps.
 */
import type { Gpu } from '../domain/catalog';
import { ASSUMPTIONS, type EfficiencyConstants } from './calibration';
import { archFamily } from './interconnect';
import { OPTIMIZER_BYTES } from './run-memory';
import type { Bound, ResolvedModel } from './training-run-types';
import type { Workload } from './workload';

/** the H100 SXM dense bf16 peak the constants were fitted at (TFLOP/s). */
export const REFERENCE_PEAK_TFLOPS = 989;
/** passes over the logits tensors (bf16 out, fp32 upcast, log-softmax, backward), each counted at its (act + 8) B per entry. */
export const LOGITS_PASSES = 4;

function peakTflops(gpu: Gpu, precision: Workload['precision']): { tflops: number; used: string; note: string | null } {
  const t = gpu.tflops;
  if (precision === 'fp32' || precision === 'tf32') {
    if (t.tf32) return { tflops: t.tf32, used: 'tf32 tensor', note: null };
    return { tflops: t.fp32 ?? 1, used: 'fp32', note: `${gpu.name} has no TF32: fp32 math at ${t.fp32} TFLOP/s` };
  }
  const v = t[precision];
  if (v) return { tflops: v, used: `${precision} tensor`, note: null };
  if (precision === 'bf16' && t.fp16)
    return {
      tflops: t.fp32 ?? 1,
      used: 'fp32 (no bf16)',
      note: `${gpu.name} has no bf16 units: bf16 runs emulated at about fp32 speed; fp16 with a grad scaler would use ${t.fp16} TFLOP/s`,
    };
  return { tflops: t.fp32 ?? 1, used: 'fp32', note: `${gpu.name} has no ${precision} tensor peak in the catalog: fp32 speed assumed` };
}

/**
 * Passes over the saved activations that NCHW adds to a 2-D convnet with fp16/bf16 tensor-core convolutions: cuDNN
 * transposes each conv's tensors to NHWC and back (channels-last avoids them; 1-D convs have no channels-last format).
 */
function nchwTransposePasses(family: string, w: Workload, mixed: boolean, c: EfficiencyConstants): number {
  return family === 'cnn2d' && mixed && w.memoryFormat === 'nchw' ? c.nchwTransposePasses : 0;
}

/** Step time of a per-GPU micro-batch (seconds) and its parts. */
export function stepTime(
  model: ResolvedModel,
  w: Workload,
  gpu: Gpu,
  batch: number,
  perSampleActivation: number,
  perSampleLogits: number,
  c: EfficiencyConstants,
) {
  const p = model.profile;
  const ckpt = w.gradientCheckpointing ? 1 : 0;
  const linMult = w.method === 'full' ? 3 + ckpt : 2 + ckpt;
  const loraFlops = 2 * model.loraParams * (p.tokensPerSample ?? 1) * 3;
  const flopsPerSample = linMult * p.forwardLinearFlops + (3 + ckpt) * p.forwardAttentionFlops + p.forwardFrozenFlops + loraFlops;
  const flops = batch * flopsPerSample;
  const peak = peakTflops(gpu, w.precision);
  const family = archFamily(gpu);
  const arch = c.architecture[family];
  const stack = c.stacks[w.stack ?? 'eager'];
  const conv = p.family === 'cnn1d' || p.family === 'cnn2d';
  const archScale = conv ? arch.conv : arch.matmul;
  // Power: a board whose TDP is below wattsPerTflop × its peak cannot hold the datasheet clock under tensor load.
  const powerCap = gpu.tdpWatts && arch.wattsPerTflop > 0 ? gpu.tdpWatts / arch.wattsPerTflop : Infinity;
  const sustainedTflops = Math.min(peak.tflops, powerCap);
  const halfWidth = c.halfEfficiencyWidth * (peak.tflops / REFERENCE_PEAK_TFLOPS) ** c.halfWidthPeakExponent;
  const efficiency = (Math.min(0.95, c.computeEfficiency * archScale) * p.matmulWidth) / (p.matmulWidth + halfWidth);
  const computeSeconds = flops / (efficiency * sustainedTflops * 1e12);

  const mixed = w.precision === 'bf16' || w.precision === 'fp16' || w.method !== 'full';
  const computeBytes = mixed ? 2 : 4;
  let weightTraffic: number;
  if (w.method === 'full') weightTraffic = 3 * p.matmulParams * computeBytes + (mixed ? 6 * p.matmulParams : 0);
  else if (w.method === 'lora') weightTraffic = (2 + ckpt) * p.matmulParams * 2;
  else weightTraffic = (2 + ckpt) * p.matmulParams * (ASSUMPTIONS.qloraBytesPerParam + 4);
  const optimizerTraffic = OPTIMIZER_BYTES[w.optimizer].traffic * model.trainableParams;
  // layer activations pass through many elementwise kernels; the loss's logits through a few (write, fp32 upcast, log-softmax and its backward)
  const layerActivations = Math.max(0, perSampleActivation - perSampleLogits);
  const activationTraffic =
    c.activationTrafficPasses * stack.activationPasses * batch * layerActivations * (w.gradientCheckpointing ? 1.5 : 1) +
    LOGITS_PASSES * batch * perSampleLogits;
  const bytes = weightTraffic + optimizerTraffic + activationTraffic;
  // a convnet's traffic may pass the DRAM datasheet where a large L2 serves part of it (Ada); other traffic cannot
  const bandwidth = conv ? c.bandwidthEfficiency * arch.convBandwidth : Math.min(1, c.bandwidthEfficiency * arch.bandwidth);
  const bytesPerSecond = bandwidth * gpu.memoryBandwidthGBs * 1e9;
  const memorySeconds = bytes / bytesPerSecond;
  // NCHW: the transposes are kernels of their own between the convs, so their time adds to the step whatever bounds it
  const transposeBytes = nchwTransposePasses(p.family, w, mixed, c) * batch * layerActivations;
  const transposeSeconds = transposeBytes / bytesPerSecond;

  const casts = mixed ? p.matmulOps : 0;
  const overheadSeconds = (p.forwardOps * (1 + 0.5 * ckpt) * c.secondsPerOp + casts * c.secondsPerCast) * stack.hostFloor;
  const ops = p.forwardOps * (1 + 0.5 * ckpt) + casts;
  const launchGapSeconds = (ops * c.gpuSecondsPerOp + c.fixedStepSeconds) * stack.launchGaps;
  const gpuSeconds =
    Math.max(computeSeconds, memorySeconds) + c.nonOverlap * Math.min(computeSeconds, memorySeconds) + transposeSeconds + launchGapSeconds;
  const step = Math.max(gpuSeconds, overheadSeconds);
  const bound: Bound = overheadSeconds >= gpuSeconds ? 'overhead' : computeSeconds >= memorySeconds ? 'compute' : 'memory';
  return {
    step,
    bound,
    launchGapSeconds,
    efficiency,
    halfWidth,
    sustainedTflops,
    powerCap,
    family,
    archScale,
    bandwidth,
    computeSeconds,
    memorySeconds,
    transposeSeconds,
    transposeBytes,
    overheadSeconds,
    flops,
    bytes,
    peak,
    weightTraffic,
    optimizerTraffic,
    activationTraffic,
    layerActivations: batch * layerActivations,
    logits: batch * perSampleLogits,
    flopsPerSample,
  };
}

export type StepTime = ReturnType<typeof stepTime>;
