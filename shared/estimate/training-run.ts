/**
 * One workload on one GPU type: memory (framework peak and fits), largest batch, step time as a roofline with a
 * per-step floor, multi-GPU data parallel, and the explanation of every figure.
 */
import type { Gpu } from '../domain/catalog';
import { loraParams } from './architecture';
import type { ActivationRegime, ModelProfile } from './model-profile';
import { fmt, fmtBytes, fmtFlops } from './units';
import { ASSUMPTIONS, CUDNN_WORKSPACE, FITTED, UNCERTAINTY, type EfficiencyConstants, type Stack } from './calibration';
import { ARCH_LABELS, archFamily, intraNodeLink, nodeNetworkLink, type Link, type OfferingInterconnect } from './interconnect';
import type { Workload } from './workload';

const GiB = 2 ** 30;
/** the H100 SXM dense bf16 peak the constants were fitted at (TFLOP/s). */
const REFERENCE_PEAK_TFLOPS = 989;
/** passes over the logits tensors (bf16 out, fp32 upcast, log-softmax, backward), each counted at its (act + 8) B per entry. */
const LOGITS_PASSES = 4;

export type Bound = 'compute' | 'memory' | 'overhead';

export interface MemoryEstimate {
  peakGiB: number;
  weightsGiB: number;
  gradientsGiB: number;
  optimizerGiB: number;
  activationsGiB: number;
  /** part of activationsGiB held by the language-model logits (bf16 logits, fp32 upcast, log-softmax). */
  logitsGiB: number;
  workspaceGiB: number;
  /** what `fits` compares with the GPU memory: peak × (1 + headroom) + CUDA context. */
  requiredGiB: number;
  gpuMemoryGiB: number;
}

export interface ThroughputEstimate {
  samplesPerSecond: number;
  tokensPerSecond: number | null;
  stepSeconds: number;
  bound: Bound;
  /** samples/s after the optional input-pipeline ceiling (what the training time uses). */
  effectiveSamplesPerSecond: number;
  computeSeconds: number;
  memorySeconds: number;
  overheadSeconds: number;
  communicationSeconds: number;
  flopsPerStep: number;
  bytesPerStep: number;
  microBatch: number;
  accumulationSteps: number;
  /** software stack the step time assumes. */
  stack: Stack;
  /** range of samples/s from the measured spread of this regime (see calibration.ts UNCERTAINTY). */
  samplesPerSecondLow: number;
  samplesPerSecondHigh: number;
  uncertainty: { regime: string; basis: string };
  /** data parallel: throughput ÷ (GPUs × one GPU's), with what limits it; null on one GPU. */
  scaling: ScalingEstimate | null;
}

export interface ScalingEstimate {
  gpuCount: number;
  nodeCount: number;
  efficiency: number;
  link: string;
  network: string | null;
  allReduceSeconds: number;
  hiddenSeconds: number;
  exposedSeconds: number;
  syncSeconds: number;
  /** what limits the scaling, in words. */
  limit: string;
}

export interface ExplanationLine {
  label: string;
  value: string;
  formula?: string;
}

export interface TrainingRunEstimate {
  gpuId: string;
  gpuCount: number;
  fits: boolean;
  /** largest per-GPU batch that fits (0: not even one sample). */
  largestBatch: number;
  memory: MemoryEstimate;
  throughput: ThroughputEstimate;
  /** training hours at the effective throughput (null without dataset and epochs). */
  hours: number | null;
  notes: string[];
  explanation: ExplanationLine[];
}

export interface ResolvedModel {
  label: string;
  profile: ModelProfile;
  trainableParams: number;
  loraParams: number;
}

/** Trainable parameters by method. */
export function resolveTrainable(profile: ModelProfile, w: Workload): { trainable: number; lora: number } {
  if (w.method === 'full') return { trainable: profile.params - profile.frozenExtraParams, lora: 0 };
  const lora = loraParams(profile, w.lora?.rank ?? 16, w.lora?.targets ?? ['q', 'k', 'v', 'o']);
  return { trainable: lora, lora };
}

const OPTIMIZER_BYTES: Record<Workload['optimizer'], { state: number; traffic: number; note: string }> = {
  adamw: { state: 8, traffic: 32, note: 'AdamW: two fp32 moments, 8 B per trainable parameter' },
  adam: { state: 8, traffic: 32, note: 'Adam: two fp32 moments, 8 B per trainable parameter' },
  sgd: { state: 0, traffic: 12, note: 'SGD: no state' },
  'sgd-momentum': { state: 4, traffic: 20, note: 'SGD with momentum: one fp32 buffer, 4 B per trainable parameter' },
  adafactor: {
    state: 0.05,
    traffic: 16,
    note: 'Adafactor: factored second moment (rows + columns per matrix), taken as 0.05 B per parameter, no first moment',
  },
  'adamw-8bit': { state: 2, traffic: 14, note: 'AdamW 8-bit (bitsandbytes): two 8-bit moments, 2 B per trainable parameter' },
};

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

function round(n: number, digits = 4): number {
  if (!Number.isFinite(n)) return 0;
  if (n === 0) return 0;
  const p = 10 ** Math.max(0, digits - Math.ceil(Math.log10(Math.abs(n))));
  return Math.round(n * p) / p;
}

export interface RunOptions {
  constants?: EfficiencyConstants;
  /** the machine's links (an offering's interconnect); without it, the GPU's catalog interconnect. */
  interconnect?: OfferingInterconnect | null;
}

/** Memory of a per-GPU batch (bytes). */
function memoryBytes(model: ResolvedModel, w: Workload, regime: ActivationRegime, batch: number, c: EfficiencyConstants) {
  const p = model.profile;
  const base = p.params - p.frozenExtraParams;
  let weights: number;
  let cache = 0;
  const mixed = w.precision === 'bf16' || w.precision === 'fp16';
  if (w.method === 'full') {
    weights = 4 * base + 2 * p.frozenExtraParams;
    if (mixed) cache = 2 * p.matmulParams;
  } else if (w.method === 'lora') {
    weights = 2 * p.params + 4 * model.loraParams;
  } else {
    weights = ASSUMPTIONS.qloraBytesPerParam * p.matmulParams + 2 * (p.params - p.matmulParams) + 4 * model.loraParams;
  }
  const grads = 4 * model.trainableParams;
  const opt = OPTIMIZER_BYTES[w.optimizer].state * model.trainableParams;
  const act = p.activationBytes(regime);
  const perSample = w.gradientCheckpointing ? act.checkpointed : act.full;
  const logits = p.logitsPerSample * (regime.act + 8);
  const workspace = c.frameworkWorkspaceGiB * GiB;
  const ddpBuckets = w.gpuCount > 1 ? 4 * model.trainableParams : 0;
  return {
    weights: weights + cache,
    cache,
    grads: grads + ddpBuckets,
    opt,
    perSample,
    logitsPerSample: logits,
    workspace,
    fixed: weights + cache + grads + ddpBuckets + opt + workspace,
    formula: act.formula,
  };
}

function regimeOf(w: Workload): ActivationRegime {
  const mixed = w.precision === 'bf16' || w.precision === 'fp16' || w.method !== 'full';
  return {
    act: mixed ? 2 : 4,
    stream: w.method === 'full' ? 4 : 2,
    frozen: w.method !== 'full',
    loraTargets: w.method === 'full' ? [] : (w.lora?.targets ?? ['q', 'k', 'v', 'o']),
  };
}

/** Step time of a per-GPU micro-batch (seconds) and its parts. */
function stepTime(
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
  const bandwidth = Math.min(1, c.bandwidthEfficiency * arch.bandwidth);
  const memorySeconds = bytes / (bandwidth * gpu.memoryBandwidthGBs * 1e9);

  const casts = mixed ? p.matmulOps : 0;
  const overheadSeconds = (p.forwardOps * (1 + 0.5 * ckpt) * c.secondsPerOp + casts * c.secondsPerCast) * stack.hostFloor;
  const ops = p.forwardOps * (1 + 0.5 * ckpt) + casts;
  const launchGapSeconds = (ops * c.gpuSecondsPerOp + c.fixedStepSeconds) * stack.launchGaps;
  const gpuSeconds = Math.max(computeSeconds, memorySeconds) + c.nonOverlap * Math.min(computeSeconds, memorySeconds) + launchGapSeconds;
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

export function estimateTrainingRun(
  model: ResolvedModel,
  w: Workload,
  gpu: Gpu,
  gpuCount: number,
  options: RunOptions = {},
): TrainingRunEstimate {
  const c = options.constants ?? FITTED;
  const p = model.profile;
  const notes: string[] = [];
  const regime = regimeOf(w);
  const mem = memoryBytes(model, { ...w, gpuCount }, regime, w.batchSize, c);

  const capacity = gpu.memoryGiB * GiB;
  const usable = (capacity - ASSUMPTIONS.cudaContextGiB * GiB) / (1 + ASSUMPTIONS.allocatorHeadroom);
  const largestBatch =
    mem.perSample > 0 ? Math.max(0, Math.floor((usable - mem.fixed) / mem.perSample)) : usable >= mem.fixed ? w.batchSize : 0;
  const peakBytes = mem.fixed + w.batchSize * mem.perSample;
  // cuDNN's benchmark workspace for fp32 convolutions: what it asks for, bounded by what is free (never decides the fit).
  const cudnnFamily = (p.family === 'cnn1d' || p.family === 'cnn2d') && regime.act === 4 ? CUDNN_WORKSPACE[p.family] : null;
  const cudnnWorkspace = (batch: number) => {
    if (!cudnnFamily) return { desired: 0, granted: 0 };
    const desired = cudnnFamily.fixedGiB * GiB + cudnnFamily.perActivation * batch * mem.perSample;
    const free = Math.max(0, usable - (mem.fixed + batch * mem.perSample));
    return { desired, granted: Math.min(desired, free) };
  };
  const required = peakBytes * (1 + ASSUMPTIONS.allocatorHeadroom) + ASSUMPTIONS.cudaContextGiB * GiB;
  const fits = required <= capacity;
  let microBatch = w.batchSize;
  let accumulation = 1;
  if (!fits && largestBatch >= 1) {
    accumulation = Math.ceil(w.batchSize / largestBatch);
    microBatch = Math.ceil(w.batchSize / accumulation);
    notes.push(
      `Batch ${w.batchSize} does not fit in ${gpu.memoryGiB} GiB; largest batch that fits is ${largestBatch}: use micro-batch ${microBatch} × ${accumulation} gradient-accumulation steps (time below assumes that).`,
    );
  } else if (!fits) {
    notes.push(
      `Does not fit: even one sample needs ${round(((mem.fixed + mem.perSample) * (1 + ASSUMPTIONS.allocatorHeadroom)) / GiB + ASSUMPTIONS.cudaContextGiB, 3)} GiB of ${gpu.memoryGiB} GiB${w.method === 'full' && p.family === 'decoder' ? ' — try LoRA/QLoRA, gradient checkpointing or more GPUs' : w.gradientCheckpointing ? '' : ' — try gradient checkpointing'}.`,
    );
  }

  const runBatch = Math.max(1, microBatch);
  const t = stepTime(model, w, gpu, runBatch, mem.perSample, mem.logitsPerSample, c);
  if (t.peak.note) notes.push(t.peak.note);
  let stepSeconds = t.step * accumulation;

  // Data parallel: bucketed ring all-reduce of the gradients once per optimizer step, overlapped with backward.
  const singleStepSeconds = stepSeconds;
  const dp = gpuCount > 1 ? dataParallel(model, gpu, gpuCount, w.nodeCount ?? 1, t.step, singleStepSeconds, c, options.interconnect) : null;
  if (dp) {
    stepSeconds += dp.exposedSeconds + dp.syncSeconds;
    if (dp.inferred) notes.push(`No interconnect figure in the catalog for ${gpu.name}: ${dp.linkLabel} assumed for the all-reduce.`);
  }
  const commSeconds = dp?.allReduceSeconds ?? 0;
  const samplesPerSecond = (w.batchSize * gpuCount) / stepSeconds;
  const effective = w.inputPipelineSamplesPerSecond ? Math.min(samplesPerSecond, w.inputPipelineSamplesPerSecond) : samplesPerSecond;
  if (w.inputPipelineSamplesPerSecond && w.inputPipelineSamplesPerSecond < samplesPerSecond)
    notes.push(
      `The input pipeline (${w.inputPipelineSamplesPerSecond} samples/s) limits training below the GPU ceiling of ${round(samplesPerSecond, 4)} samples/s.`,
    );
  const tokens = p.tokensPerSample;
  let hours: number | null = null;
  if (w.dataset && w.epochs !== undefined) {
    const samples = 'samples' in w.dataset ? w.dataset.samples : w.dataset.tokens / Math.max(1, tokens ?? 1);
    hours = (samples * w.epochs) / effective / 3600;
  }
  if (t.bound === 'overhead')
    notes.push(
      "Launch-bound: the step time is the framework's per-op floor, so a larger batch costs little extra time per step (see calibration facts).",
    );

  // When the batch is split for gradient accumulation, the memory shown is that of the micro-batch that runs.
  const shownBatch = accumulation > 1 ? runBatch : w.batchSize;
  const ws = cudnnWorkspace(shownBatch);
  const shownPeak = mem.fixed + shownBatch * mem.perSample + ws.granted;
  if (cudnnFamily)
    notes.push(
      ws.granted < ws.desired
        ? `fp32 convolutions: cuDNN would take ${round(ws.desired / GiB, 3)} GiB of workspace for its fastest algorithms but only ${round(ws.granted / GiB, 3)} GiB is free: it falls back to leaner, slower algorithms; the batch still fits on the tensors alone.`
        : `fp32 convolutions: cuDNN takes about ${round(ws.granted / GiB, 3)} GiB of workspace (cudnn.benchmark), included in the peak; it is sized to free memory, so it never blocks a fit.`,
    );
  const peakGiB = shownPeak / GiB;
  const activations = (shownBatch * mem.perSample) / GiB;
  if (accumulation > 1)
    notes.push(`Memory shown for micro-batch ${runBatch} (batch ${w.batchSize} would need ${round(required / GiB, 4)} GiB).`);
  const memory: MemoryEstimate = {
    peakGiB: round(peakGiB),
    weightsGiB: round(mem.weights / GiB),
    gradientsGiB: round(mem.grads / GiB),
    optimizerGiB: round(mem.opt / GiB),
    activationsGiB: round(activations),
    logitsGiB: round((shownBatch * mem.logitsPerSample) / GiB),
    workspaceGiB: round((mem.workspace + ws.granted) / GiB),
    requiredGiB: round(
      (accumulation > 1 ? shownPeak * (1 + ASSUMPTIONS.allocatorHeadroom) + ASSUMPTIONS.cudaContextGiB * GiB : required) / GiB,
    ),
    gpuMemoryGiB: gpu.memoryGiB,
  };
  const spread = UNCERTAINTY[t.bound];
  const dpSpread = dp ? UNCERTAINTY.multiGpu.efficiencyError / Math.max(0.05, dp.efficiency) : 0;
  const scaling: ScalingEstimate | null = dp
    ? {
        gpuCount,
        nodeCount: w.nodeCount ?? 1,
        efficiency: round(dp.efficiency, 3),
        link: dp.linkLabel,
        network: dp.networkLabel,
        allReduceSeconds: round(dp.allReduceSeconds),
        hiddenSeconds: round(dp.hiddenSeconds),
        exposedSeconds: round(dp.exposedSeconds),
        syncSeconds: round(dp.syncSeconds),
        limit: dp.limit,
      }
    : null;
  const throughput: ThroughputEstimate = {
    stack: w.stack ?? 'eager',
    samplesPerSecondLow: round((samplesPerSecond / spread.modelOverMeasuredMax) * (1 - dpSpread)),
    samplesPerSecondHigh: round((samplesPerSecond / spread.modelOverMeasuredMin) * (1 + dpSpread)),
    uncertainty: {
      regime: spread.label + (dp ? ' + multi-GPU' : ''),
      basis: `${spread.basis}${dp ? `; scaling efficiency ±${UNCERTAINTY.multiGpu.efficiencyError} (${UNCERTAINTY.multiGpu.basis})` : ''}`,
    },
    scaling,
    samplesPerSecond: round(samplesPerSecond),
    tokensPerSecond: tokens ? round(samplesPerSecond * tokens) : null,
    stepSeconds: round(stepSeconds),
    bound: t.bound,
    effectiveSamplesPerSecond: round(effective),
    computeSeconds: round(t.computeSeconds),
    memorySeconds: round(t.memorySeconds),
    overheadSeconds: round(t.overheadSeconds),
    communicationSeconds: round(commSeconds),
    flopsPerStep: round(t.flops * accumulation, 6),
    bytesPerStep: round(t.bytes * accumulation, 6),
    microBatch: runBatch,
    accumulationSteps: accumulation,
  };
  const explanation: ExplanationLine[] = [
    {
      label: 'Model',
      value: `${model.label}: ${fmt(p.params)} parameters, ${fmt(model.trainableParams)} trainable (${w.method}${w.method !== 'full' ? `, rank ${w.lora?.rank ?? 16} on ${(w.lora?.targets ?? ['q', 'k', 'v', 'o']).join(',')}` : ''})`,
    },
    {
      label: 'Forward FLOPs per sample',
      value: fmtFlops(p.forwardLinearFlops + p.forwardAttentionFlops + p.forwardFrozenFlops),
      formula: `matmul/conv ${fmt(p.forwardLinearFlops)} + attention ${fmt(p.forwardAttentionFlops)}${p.forwardFrozenFlops ? ` + frozen vision ${fmt(p.forwardFrozenFlops)}` : ''} (2 × MACs)`,
    },
    {
      label: 'FLOPs per step',
      value: fmtFlops(t.flops * accumulation),
      formula: `micro-batch ${runBatch} × ${fmt(t.flopsPerSample)} (backward = 2× forward for trained weights${w.method !== 'full' ? ', 1× for frozen ones' : ''}${w.gradientCheckpointing ? ', +1 forward recomputed' : ''})${accumulation > 1 ? ` × ${accumulation} accumulation steps` : ''}`,
    },
    {
      label: 'Compute time',
      value: `${round(t.computeSeconds * 1000, 3)} ms`,
      formula: `FLOPs ÷ (${round(t.efficiency, 3)} × ${round(t.sustainedTflops, 4)} TFLOP/s ${t.peak.used}${t.sustainedTflops < t.peak.tflops ? ` sustained: the ${gpu.tdpWatts} W board holds ${round(t.sustainedTflops, 4)} of its ${t.peak.tflops} TFLOP/s peak (${c.architecture[t.family].wattsPerTflop} W per TFLOP/s for ${ARCH_LABELS[t.family]})` : ' peak'}); efficiency = ${c.computeEfficiency} × ${t.archScale} (${ARCH_LABELS[t.family]}, ${p.family === 'cnn1d' || p.family === 'cnn2d' ? 'convolutions' : 'matmuls'}, relative to Hopper) × width ${round(p.matmulWidth, 4)} ÷ (width + ${round(t.halfWidth, 3)}); half-efficiency width ${c.halfEfficiencyWidth} × (${t.peak.tflops} ÷ ${REFERENCE_PEAK_TFLOPS})^${c.halfWidthPeakExponent}`,
    },
    {
      label: 'Memory traffic per step',
      value: fmtBytes(t.bytes),
      formula: `weights ${fmtBytes(t.weightTraffic)} + optimizer ${fmtBytes(t.optimizerTraffic)} + ${c.activationTrafficPasses} passes × saved layer activations ${fmtBytes(t.layerActivations)}${t.logits ? ` + ${LOGITS_PASSES} passes × logits ${fmtBytes(t.logits)}` : ''}`,
    },
    {
      label: 'Memory time',
      value: `${round(t.memorySeconds * 1000, 3)} ms`,
      formula: `bytes ÷ (${round(t.bandwidth, 3)} × ${gpu.memoryBandwidthGBs} GB/s); ${round(t.bandwidth, 3)} = ${c.bandwidthEfficiency} × ${c.architecture[t.family].bandwidth} for ${ARCH_LABELS[t.family]}`,
    },
    {
      label: 'Per-step floor (launch overhead)',
      value: `${round(t.overheadSeconds * 1000, 3)} ms`,
      formula: `(${p.forwardOps} ops × ${c.secondsPerOp * 1e6} µs${regime.act === 2 && p.matmulOps ? ` + ${p.matmulOps} autocast casts × ${c.secondsPerCast * 1e6} µs` : ''}) × ${c.stacks[w.stack ?? 'eager'].hostFloor} for the ${w.stack ?? 'eager'} stack`,
    },
    {
      label: 'Software stack',
      value: stackLabel(w.stack ?? 'eager'),
      formula: `host floor × ${c.stacks[w.stack ?? 'eager'].hostFloor}, GPU launch gaps × ${c.stacks[w.stack ?? 'eager'].launchGaps}, elementwise activation passes × ${c.stacks[w.stack ?? 'eager'].activationPasses}`,
    },
    {
      label: 'Bound',
      value: boundWhy(t, runBatch, gpu.tdpWatts),
      formula: `compute ${round(t.computeSeconds * 1000, 3)} ms, memory ${round(t.memorySeconds * 1000, 3)} ms, GPU launch gaps ${round(t.launchGapSeconds * 1000, 3)} ms, host floor ${round(t.overheadSeconds * 1000, 3)} ms`,
    },
    {
      label: 'Step time',
      value: `${round(stepSeconds * 1000, 3)} ms (${t.bound}-bound)`,
      formula: `max(floor, max(compute, memory) + ${c.nonOverlap} × min(compute, memory) + GPU launch gaps ${round(t.launchGapSeconds * 1000, 3)} ms (${c.gpuSecondsPerOp * 1e6} µs per op + ${c.fixedStepSeconds * 1000} ms))${gpuCount > 1 ? ` + exposed all-reduce ${round(commSeconds * 1000, 3)} ms` : ''}`,
    },
    {
      label: 'Activations per sample',
      value: fmtBytes(mem.perSample),
      formula: `${mem.formula}${w.gradientCheckpointing ? '; checkpointing keeps each layer input plus one layer' : ''}`,
    },
    {
      label: 'Peak memory (PyTorch max_memory_allocated)',
      value: `${round(peakGiB, 4)} GiB`,
      formula: `weights ${round(mem.weights / GiB, 3)} (${w.method === 'full' ? `4 B × params${regime.act === 2 ? ' + 2 B autocast copy of matmul weights' : ''}` : w.method === 'lora' ? '2 B × frozen base + 4 B × adapters' : `${ASSUMPTIONS.qloraBytesPerParam} B × 4-bit base + 4 B × adapters`}) + gradients ${round(mem.grads / GiB, 3)} (4 B × trainable) + optimizer ${round(mem.opt / GiB, 3)} (${OPTIMIZER_BYTES[w.optimizer].note}) + activations ${round(activations, 3)} + workspace ${c.frameworkWorkspaceGiB}${ws.desired > 0 ? ` + cuDNN workspace ${round(ws.granted / GiB, 3)} (min(desired ${CUDNN_WORKSPACE_FORMULA(p.family)}, free memory))` : ''}`,
    },
    {
      label: 'Fits',
      value: `${fits ? 'yes' : 'no'}: needs ${round(required / GiB, 4)} GiB of ${gpu.memoryGiB} GiB`,
      formula: `peak × ${1 + ASSUMPTIONS.allocatorHeadroom} allocator headroom + ${ASSUMPTIONS.cudaContextGiB} GiB CUDA context; largest batch ${largestBatch}`,
    },
    {
      label: 'Calibration',
      value: `constants fitted on 15 H100 SXM measurements (2026-11-22) and on published training throughputs of 11 GPUs and 2–8 GPU machines; this GPU: ${ARCH_LABELS[t.family]}`,
      formula: 'shared/estimate/calibration.ts; resources/benchmarks/published-training-throughput.json (Lambda Labs tables, with sources)',
    },
  ];
  if (dp) {
    explanation.push({
      label: 'All-reduce',
      value: `${round(dp.allReduceSeconds * 1000, 3)} ms per step, ${round(dp.hiddenSeconds * 1000, 3)} ms hidden behind backward`,
      formula: dp.formula,
    });
    explanation.push({
      label: 'Scaling efficiency',
      value: `${round(dp.efficiency * 100, 3)}% on ${gpuCount} GPUs${(w.nodeCount ?? 1) > 1 ? ` over ${w.nodeCount} nodes` : ''}: ${dp.limit}`,
      formula: `one-GPU step ${round(singleStepSeconds * 1000, 3)} ms ÷ (that + exposed all-reduce ${round(dp.exposedSeconds * 1000, 3)} ms + sync ${round(dp.syncSeconds * 1000, 3)} ms (${c.dataParallel.syncPerDoubling * 100}% per doubling of GPUs))`,
    });
  }
  explanation.push({
    label: 'Range',
    value: `${round(throughput.samplesPerSecondLow, 4)}–${round(throughput.samplesPerSecondHigh, 4)} samples/s (${throughput.uncertainty.regime})`,
    formula: throughput.uncertainty.basis,
  });
  if (hours !== null)
    explanation.push({
      label: 'Training hours',
      value: `${round(hours, 4)} h`,
      formula: `samples × epochs ÷ ${round(effective, 4)} samples/s ÷ 3600`,
    });
  return {
    gpuId: gpu.id,
    gpuCount,
    fits,
    largestBatch,
    memory,
    throughput,
    hours: hours === null ? null : round(hours, 5),
    notes,
    explanation,
  };
}

function CUDNN_WORKSPACE_FORMULA(family: string): string {
  const k = family === 'cnn1d' ? CUDNN_WORKSPACE.cnn1d : CUDNN_WORKSPACE.cnn2d;
  return `${k.fixedGiB} GiB + ${k.perActivation} × activations`;
}

function stackLabel(s: Stack): string {
  return s === 'eager'
    ? 'eager PyTorch (default)'
    : s === 'compiled'
      ? 'torch.compile (fused elementwise kernels)'
      : 'optimized: fused kernels, fused optimizer, CUDA graphs';
}

/** Which bound applies, and why, in words. */
function boundWhy(
  t: {
    bound: Bound;
    computeSeconds: number;
    memorySeconds: number;
    overheadSeconds: number;
    launchGapSeconds: number;
    step: number;
    sustainedTflops: number;
    peak: { tflops: number; used: string };
  },
  batch: number,
  tdpWatts: number | null,
): string {
  const ms = (x: number) => `${round(x * 1000, 3)} ms`;
  if (t.bound === 'overhead')
    return `launch-bound: at batch ${batch} the host issues the step's kernels in ${ms(t.overheadSeconds)}, longer than the GPU needs for them (${ms(Math.max(t.computeSeconds, t.memorySeconds) + t.launchGapSeconds)}); a larger batch would cost little extra time per step`;
  if (t.bound === 'memory')
    return `memory-bound: moving the step's bytes takes ${ms(t.memorySeconds)}, more than its FLOPs (${ms(t.computeSeconds)}) and the host floor (${ms(t.overheadSeconds)}); more bandwidth, not more TFLOP/s, would help`;
  const power =
    t.sustainedTflops < t.peak.tflops
      ? ` at the ${round(t.sustainedTflops, 3)} TFLOP/s the ${tdpWatts} W board sustains (of its ${t.peak.tflops} TFLOP/s ${t.peak.used} peak: it throttles to its power limit)`
      : ` at ${t.peak.tflops} TFLOP/s ${t.peak.used} peak`;
  return `compute-bound: the step's FLOPs take ${ms(t.computeSeconds)}${power}, more than its memory traffic (${ms(t.memorySeconds)}) and the host floor (${ms(t.overheadSeconds)}); more sustained TFLOP/s would help, a larger batch would not`;
}

interface DataParallelResult {
  allReduceSeconds: number;
  hiddenSeconds: number;
  exposedSeconds: number;
  syncSeconds: number;
  efficiency: number;
  link: Link;
  linkLabel: string;
  networkLabel: string | null;
  inferred: boolean;
  limit: string;
  formula: string;
}

/**
 * Data-parallel step on gpuCount GPUs over nodeCount nodes: ring all-reduce of the fp32 gradients
 * (2(g−1)/g × bytes ÷ achieved link bandwidth + 2(g−1) latencies per bucket), the node network across nodes,
 * hidden behind the backward pass (DDP buckets) up to `overlap` of it, except the last bucket; plus a
 * synchronisation/straggler share of the step per doubling of the GPU count.
 */
export function dataParallel(
  model: ResolvedModel,
  gpu: Gpu,
  gpuCount: number,
  nodeCount: number,
  microStepSeconds: number,
  stepSeconds: number,
  c: EfficiencyConstants,
  offering?: OfferingInterconnect | null,
): DataParallelResult {
  const d = c.dataParallel;
  const bytes = model.trainableParams * d.gradientBytes;
  const perNode = Math.max(1, Math.ceil(gpuCount / Math.max(1, nodeCount)));
  const link = intraNodeLink(gpu, perNode, offering);
  const buckets = Math.max(1, Math.ceil(bytes / d.bucketBytes));
  // without peer-to-peer every copy is staged in host memory: a ring over both CPU sockets also crosses the socket link
  const crossSocket = (n: number, l: Link) => (l.kind === 'pcie-host' && n > d.gpusPerSocket ? d.hostCrossSocket : 1);
  const ring = (n: number, l: Link) =>
    n <= 1
      ? 0
      : (((2 * (n - 1)) / n) * bytes) / (d.linkEfficiency[l.kind] * crossSocket(n, l) * l.gbs * 1e9) +
        2 * (n - 1) * l.latencySeconds * buckets;
  const intra = ring(perNode, link);
  const net = nodeCount > 1 ? nodeNetworkLink(offering) : null;
  const inter = net
    ? (((2 * (gpuCount - 1)) / gpuCount) * bytes) / (d.linkEfficiency.network * net.gbs * 1e9) +
      2 * (nodeCount - 1) * net.latencySeconds * buckets
    : 0;
  const allReduce = Math.max(intra, inter);
  const backward = (2 / 3) * microStepSeconds;
  const lastBucket = allReduce * Math.min(1, d.bucketBytes / Math.max(1, bytes));
  const exposed = Math.max(allReduce - d.overlap * backward, lastBucket);
  const hidden = allReduce - exposed;
  const sync = stepSeconds * d.syncPerDoubling * Math.log2(gpuCount);
  const efficiency = stepSeconds / (stepSeconds + exposed + sync);
  const bottleneck =
    net && inter >= intra
      ? net.label
      : `${link.label}${crossSocket(perNode, link) < 1 ? ', staged copies crossing the CPU socket link' : ''}`;
  const limit =
    exposed > sync
      ? `limited by the gradient all-reduce over ${bottleneck}: ${fmtBytes(bytes)} of gradients take ${round(allReduce * 1000, 3)} ms per step, of which ${round(exposed * 1000, 3)} ms cannot hide behind the ${round(backward * 1000, 3)} ms backward pass`
      : `near-linear: the all-reduce (${round(allReduce * 1000, 3)} ms over ${bottleneck}) hides behind the backward pass; what remains is synchronisation between GPUs (${round(sync * 1000, 3)} ms)`;
  const formula =
    `ring: 2 × (g−1)/g × ${fmtBytes(bytes)} (${d.gradientBytes} B × ${fmt(model.trainableParams)} trainable) ÷ (${d.linkEfficiency[link.kind]} × ${link.gbs} GB/s ${link.label}) with g = ${perNode} GPUs per node` +
    (crossSocket(perNode, link) < 1
      ? ` × ${d.hostCrossSocket} (host-staged copies cross the CPU socket link: more than ${d.gpusPerSocket} GPUs)`
      : '') +
    (net
      ? `; across ${nodeCount} nodes: 2 × (n−1)/n × gradients ÷ (${d.linkEfficiency.network} × ${round(net.gbs, 4)} GB/s ${net.label})`
      : '') +
    `; + ${buckets} buckets × 2(g−1) × ${link.latencySeconds * 1e6} µs latency; up to ${d.overlap * 100}% of backward hides it, the last ${fmtBytes(d.bucketBytes)} bucket never`;
  return {
    allReduceSeconds: allReduce,
    hiddenSeconds: hidden,
    exposedSeconds: exposed,
    syncSeconds: sync,
    efficiency,
    link,
    linkLabel: link.label,
    networkLabel: net?.label ?? null,
    inferred: link.inferred,
    limit,
    formula,
  };
}
