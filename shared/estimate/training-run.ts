/**
 * One workload on one GPU type: memory (framework peak and fits), largest batch, step time as a roofline with a
 * per-step floor, multi-GPU data parallel, and the explanation of every figure.
 */
import type { Gpu } from '../domain/catalog';
import { fmt, fmtBytes, fmtFlops, loraParams, type ActivationRegime, type ModelProfile } from './architecture';
import { ASSUMPTIONS, FITTED, type EfficiencyConstants } from './calibration';
import type { Workload } from './workload';

const GiB = 2 ** 30;
/** passes over the logits tensors (bf16 out, fp32 upcast, log-softmax, backward), each counted at its (act + 8) B per entry. */
const LOGITS_PASSES = 4;

export type Bound = 'compute' | 'memory' | 'overhead';

export interface MemoryEstimate {
  peakGiB: number; weightsGiB: number; gradientsGiB: number; optimizerGiB: number; activationsGiB: number;
  /** part of activationsGiB held by the language-model logits (bf16 logits, fp32 upcast, log-softmax). */
  logitsGiB: number;
  workspaceGiB: number;
  /** what `fits` compares with the GPU memory: peak × (1 + headroom) + CUDA context. */
  requiredGiB: number;
  gpuMemoryGiB: number;
}

export interface ThroughputEstimate {
  samplesPerSecond: number; tokensPerSecond: number | null; stepSeconds: number; bound: Bound;
  /** samples/s after the optional input-pipeline ceiling (what the training time uses). */
  effectiveSamplesPerSecond: number;
  computeSeconds: number; memorySeconds: number; overheadSeconds: number; communicationSeconds: number;
  flopsPerStep: number; bytesPerStep: number;
  microBatch: number; accumulationSteps: number;
}

export interface ExplanationLine { label: string; value: string; formula?: string }

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
  adafactor: { state: 0.05, traffic: 16, note: 'Adafactor: factored second moment (rows + columns per matrix), taken as 0.05 B per parameter, no first moment' },
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
  if (precision === 'bf16' && t.fp16) return { tflops: t.fp32 ?? 1, used: 'fp32 (no bf16)', note: `${gpu.name} has no bf16 units: bf16 runs emulated at about fp32 speed; fp16 with a grad scaler would use ${t.fp16} TFLOP/s` };
  return { tflops: t.fp32 ?? 1, used: 'fp32', note: `${gpu.name} has no ${precision} tensor peak in the catalog: fp32 speed assumed` };
}

function round(n: number, digits = 4): number {
  if (!Number.isFinite(n)) return 0;
  if (n === 0) return 0;
  const p = 10 ** Math.max(0, digits - Math.ceil(Math.log10(Math.abs(n))));
  return Math.round(n * p) / p;
}

export interface RunOptions { constants?: EfficiencyConstants }

/** Memory of a per-GPU batch (bytes). */
function memoryBytes(model: ResolvedModel, w: Workload, regime: ActivationRegime, batch: number, c: EfficiencyConstants) {
  const p = model.profile;
  const base = p.params - p.frozenExtraParams;
  let weights: number; let cache = 0;
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
  return { weights: weights + cache, cache, grads: grads + ddpBuckets, opt, perSample, logitsPerSample: logits, workspace, fixed: weights + cache + grads + ddpBuckets + opt + workspace, formula: act.formula };
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
function stepTime(model: ResolvedModel, w: Workload, gpu: Gpu, batch: number, perSampleActivation: number, perSampleLogits: number, c: EfficiencyConstants) {
  const p = model.profile;
  const ckpt = w.gradientCheckpointing ? 1 : 0;
  const linMult = w.method === 'full' ? 3 + ckpt : 2 + ckpt;
  const loraFlops = 2 * model.loraParams * (p.tokensPerSample ?? 1) * 3;
  const flopsPerSample = linMult * p.forwardLinearFlops + (3 + ckpt) * p.forwardAttentionFlops + p.forwardFrozenFlops + loraFlops;
  const flops = batch * flopsPerSample;
  const peak = peakTflops(gpu, w.precision);
  const efficiency = c.computeEfficiency * p.matmulWidth / (p.matmulWidth + c.halfEfficiencyWidth);
  const computeSeconds = flops / (efficiency * peak.tflops * 1e12);

  const mixed = w.precision === 'bf16' || w.precision === 'fp16' || w.method !== 'full';
  const computeBytes = mixed ? 2 : 4;
  let weightTraffic: number;
  if (w.method === 'full') weightTraffic = 3 * p.matmulParams * computeBytes + (mixed ? 6 * p.matmulParams : 0);
  else if (w.method === 'lora') weightTraffic = (2 + ckpt) * p.matmulParams * 2;
  else weightTraffic = (2 + ckpt) * p.matmulParams * (ASSUMPTIONS.qloraBytesPerParam + 4);
  const optimizerTraffic = OPTIMIZER_BYTES[w.optimizer].traffic * model.trainableParams;
  // layer activations pass through many elementwise kernels; the loss's logits through a few (write, fp32 upcast, log-softmax and its backward)
  const layerActivations = Math.max(0, perSampleActivation - perSampleLogits);
  const activationTraffic = c.activationTrafficPasses * batch * layerActivations * (w.gradientCheckpointing ? 1.5 : 1) + LOGITS_PASSES * batch * perSampleLogits;
  const bytes = weightTraffic + optimizerTraffic + activationTraffic;
  const memorySeconds = bytes / (c.bandwidthEfficiency * gpu.memoryBandwidthGBs * 1e9);

  const casts = mixed ? p.matmulOps : 0;
  const overheadSeconds = p.forwardOps * (1 + 0.5 * ckpt) * c.secondsPerOp + casts * c.secondsPerCast;
  const ops = p.forwardOps * (1 + 0.5 * ckpt) + casts;
  const launchGapSeconds = ops * c.gpuSecondsPerOp + c.fixedStepSeconds;
  const gpuSeconds = Math.max(computeSeconds, memorySeconds) + c.nonOverlap * Math.min(computeSeconds, memorySeconds) + launchGapSeconds;
  const step = Math.max(gpuSeconds, overheadSeconds);
  let bound: Bound = overheadSeconds >= gpuSeconds ? 'overhead' : computeSeconds >= memorySeconds ? 'compute' : 'memory';
  return { step, bound, launchGapSeconds, efficiency, computeSeconds, memorySeconds, overheadSeconds, flops, bytes, peak, weightTraffic, optimizerTraffic, activationTraffic, layerActivations: batch * layerActivations, logits: batch * perSampleLogits, flopsPerSample };
}

export function estimateTrainingRun(model: ResolvedModel, w: Workload, gpu: Gpu, gpuCount: number, options: RunOptions = {}): TrainingRunEstimate {
  const c = options.constants ?? FITTED;
  const p = model.profile;
  const notes: string[] = [];
  const regime = regimeOf(w);
  const mem = memoryBytes(model, { ...w, gpuCount }, regime, w.batchSize, c);

  const capacity = gpu.memoryGiB * GiB;
  const usable = (capacity - ASSUMPTIONS.cudaContextGiB * GiB) / (1 + ASSUMPTIONS.allocatorHeadroom);
  const largestBatch = mem.perSample > 0 ? Math.max(0, Math.floor((usable - mem.fixed) / mem.perSample)) : (usable >= mem.fixed ? w.batchSize : 0);
  const peakBytes = mem.fixed + w.batchSize * mem.perSample;
  const required = peakBytes * (1 + ASSUMPTIONS.allocatorHeadroom) + ASSUMPTIONS.cudaContextGiB * GiB;
  const fits = required <= capacity;
  let microBatch = w.batchSize; let accumulation = 1;
  if (!fits && largestBatch >= 1) {
    accumulation = Math.ceil(w.batchSize / largestBatch);
    microBatch = Math.ceil(w.batchSize / accumulation);
    notes.push(`Batch ${w.batchSize} does not fit in ${gpu.memoryGiB} GiB; largest batch that fits is ${largestBatch}: use micro-batch ${microBatch} × ${accumulation} gradient-accumulation steps (time below assumes that).`);
  } else if (!fits) {
    notes.push(`Does not fit: even one sample needs ${round((mem.fixed + mem.perSample) * (1 + ASSUMPTIONS.allocatorHeadroom) / GiB + ASSUMPTIONS.cudaContextGiB, 3)} GiB of ${gpu.memoryGiB} GiB${w.method === 'full' && p.family === 'decoder' ? ' — try LoRA/QLoRA, gradient checkpointing or more GPUs' : w.gradientCheckpointing ? '' : ' — try gradient checkpointing'}.`);
  }

  const runBatch = Math.max(1, microBatch);
  const t = stepTime(model, w, gpu, runBatch, mem.perSample, mem.logitsPerSample, c);
  if (t.peak.note) notes.push(t.peak.note);
  let stepSeconds = t.step * accumulation;

  // Data parallel: ring all-reduce of the gradients once per optimizer step.
  let commSeconds = 0;
  if (gpuCount > 1) {
    const gradBytes = model.trainableParams * 4;
    const link = (gpu.interconnectGBs ?? ASSUMPTIONS.defaultInterconnectGBs) * ASSUMPTIONS.interconnectEfficiency * 1e9;
    commSeconds = (2 * (gpuCount - 1) / gpuCount) * gradBytes / link;
    const exposed = Math.max(commSeconds * (1 - ASSUMPTIONS.allReduceOverlap), commSeconds - 0.6 * stepSeconds);
    stepSeconds += Math.max(0, exposed);
    if (!gpu.interconnectGBs) notes.push(`No interconnect figure for ${gpu.name}: PCIe 4.0 x16 (${ASSUMPTIONS.defaultInterconnectGBs} GB/s) assumed for the all-reduce.`);
  }
  const samplesPerSecond = (w.batchSize * gpuCount) / stepSeconds;
  const effective = w.inputPipelineSamplesPerSecond ? Math.min(samplesPerSecond, w.inputPipelineSamplesPerSecond) : samplesPerSecond;
  if (w.inputPipelineSamplesPerSecond && w.inputPipelineSamplesPerSecond < samplesPerSecond) notes.push(`The input pipeline (${w.inputPipelineSamplesPerSecond} samples/s) limits training below the GPU ceiling of ${round(samplesPerSecond, 4)} samples/s.`);
  const tokens = p.tokensPerSample;
  let hours: number | null = null;
  if (w.dataset && w.epochs !== undefined) {
    const samples = 'samples' in w.dataset ? w.dataset.samples : w.dataset.tokens / Math.max(1, tokens ?? 1);
    hours = (samples * w.epochs) / effective / 3600;
  }
  if (t.bound === 'overhead') notes.push('Launch-bound: the step time is the framework\'s per-op floor, so a larger batch costs little extra time per step (see calibration facts).');
  if ((p.family === 'cnn1d' || p.family === 'cnn2d') && (w.precision === 'fp32' || w.precision === 'tf32')) notes.push('fp32 convolutions: with cudnn.benchmark, cuDNN may take extra workspace beyond this peak, sized to the free memory (on the 80 GB H100 the 1-D ResNet-34 at batch 1024 peaked at 33.8 GiB against 2.5 GiB of tensors); it picks leaner algorithms where memory is short, so a fit is not refused for it — bf16 avoids the question.');

  // When the batch is split for gradient accumulation, the memory shown is that of the micro-batch that runs.
  const shownBatch = accumulation > 1 ? runBatch : w.batchSize;
  const shownPeak = mem.fixed + shownBatch * mem.perSample;
  const peakGiB = shownPeak / GiB;
  const activations = shownBatch * mem.perSample / GiB;
  if (accumulation > 1) notes.push(`Memory shown for micro-batch ${runBatch} (batch ${w.batchSize} would need ${round(required / GiB, 4)} GiB).`);
  const memory: MemoryEstimate = {
    peakGiB: round(peakGiB), weightsGiB: round(mem.weights / GiB), gradientsGiB: round(mem.grads / GiB), optimizerGiB: round(mem.opt / GiB),
    activationsGiB: round(activations), logitsGiB: round(shownBatch * mem.logitsPerSample / GiB), workspaceGiB: round(mem.workspace / GiB),
    requiredGiB: round((accumulation > 1 ? shownPeak * (1 + ASSUMPTIONS.allocatorHeadroom) + ASSUMPTIONS.cudaContextGiB * GiB : required) / GiB), gpuMemoryGiB: gpu.memoryGiB,
  };
  const throughput: ThroughputEstimate = {
    samplesPerSecond: round(samplesPerSecond), tokensPerSecond: tokens ? round(samplesPerSecond * tokens) : null,
    stepSeconds: round(stepSeconds), bound: t.bound, effectiveSamplesPerSecond: round(effective),
    computeSeconds: round(t.computeSeconds), memorySeconds: round(t.memorySeconds), overheadSeconds: round(t.overheadSeconds), communicationSeconds: round(commSeconds),
    flopsPerStep: round(t.flops * accumulation, 6), bytesPerStep: round(t.bytes * accumulation, 6), microBatch: runBatch, accumulationSteps: accumulation,
  };
  const explanation: ExplanationLine[] = [
    { label: 'Model', value: `${model.label}: ${fmt(p.params)} parameters, ${fmt(model.trainableParams)} trainable (${w.method}${w.method !== 'full' ? `, rank ${w.lora?.rank ?? 16} on ${(w.lora?.targets ?? ['q', 'k', 'v', 'o']).join(',')}` : ''})` },
    { label: 'Forward FLOPs per sample', value: fmtFlops(p.forwardLinearFlops + p.forwardAttentionFlops + p.forwardFrozenFlops), formula: `matmul/conv ${fmt(p.forwardLinearFlops)} + attention ${fmt(p.forwardAttentionFlops)}${p.forwardFrozenFlops ? ` + frozen vision ${fmt(p.forwardFrozenFlops)}` : ''} (2 × MACs)` },
    { label: 'FLOPs per step', value: fmtFlops(t.flops * accumulation), formula: `micro-batch ${runBatch} × ${fmt(t.flopsPerSample)} (backward = 2× forward for trained weights${w.method !== 'full' ? ', 1× for frozen ones' : ''}${w.gradientCheckpointing ? ', +1 forward recomputed' : ''})${accumulation > 1 ? ` × ${accumulation} accumulation steps` : ''}` },
    { label: 'Compute time', value: `${round(t.computeSeconds * 1000, 3)} ms`, formula: `FLOPs ÷ (${round(t.efficiency, 3)} × ${t.peak.tflops} TFLOP/s ${t.peak.used} peak); efficiency = ${c.computeEfficiency} × width ${round(p.matmulWidth, 4)} ÷ (width + ${c.halfEfficiencyWidth})` },
    { label: 'Memory traffic per step', value: fmtBytes(t.bytes), formula: `weights ${fmtBytes(t.weightTraffic)} + optimizer ${fmtBytes(t.optimizerTraffic)} + ${c.activationTrafficPasses} passes × saved layer activations ${fmtBytes(t.layerActivations)}${t.logits ? ` + ${LOGITS_PASSES} passes × logits ${fmtBytes(t.logits)}` : ''}` },
    { label: 'Memory time', value: `${round(t.memorySeconds * 1000, 3)} ms`, formula: `bytes ÷ (${c.bandwidthEfficiency} × ${gpu.memoryBandwidthGBs} GB/s)` },
    { label: 'Per-step floor (launch overhead)', value: `${round(t.overheadSeconds * 1000, 3)} ms`, formula: `${p.forwardOps} ops × ${c.secondsPerOp * 1e6} µs${regime.act === 2 && p.matmulOps ? ` + ${p.matmulOps} autocast casts × ${c.secondsPerCast * 1e6} µs` : ''}` },
    { label: 'Step time', value: `${round(stepSeconds * 1000, 3)} ms (${t.bound}-bound)`, formula: `max(floor, max(compute, memory) + ${c.nonOverlap} × min(compute, memory) + GPU launch gaps ${round(t.launchGapSeconds * 1000, 3)} ms (${c.gpuSecondsPerOp * 1e6} µs per op + ${c.fixedStepSeconds * 1000} ms))${gpuCount > 1 ? ` + exposed all-reduce ${round(commSeconds * 1000, 3)} ms` : ''}` },
    { label: 'Activations per sample', value: fmtBytes(mem.perSample), formula: `${mem.formula}${w.gradientCheckpointing ? '; checkpointing keeps each layer input plus one layer' : ''}` },
    { label: 'Peak memory (PyTorch max_memory_allocated)', value: `${round(peakGiB, 4)} GiB`, formula: `weights ${round(mem.weights / GiB, 3)} (${w.method === 'full' ? `4 B × params${regime.act === 2 ? ' + 2 B autocast copy of matmul weights' : ''}` : w.method === 'lora' ? '2 B × frozen base + 4 B × adapters' : `${ASSUMPTIONS.qloraBytesPerParam} B × 4-bit base + 4 B × adapters`}) + gradients ${round(mem.grads / GiB, 3)} (4 B × trainable) + optimizer ${round(mem.opt / GiB, 3)} (${OPTIMIZER_BYTES[w.optimizer].note}) + activations ${round(activations, 3)} + workspace ${c.frameworkWorkspaceGiB}` },
    { label: 'Fits', value: `${fits ? 'yes' : 'no'}: needs ${round(required / GiB, 4)} GiB of ${gpu.memoryGiB} GiB`, formula: `peak × ${1 + ASSUMPTIONS.allocatorHeadroom} allocator headroom + ${ASSUMPTIONS.cudaContextGiB} GiB CUDA context; largest batch ${largestBatch}` },
    { label: 'Calibration', value: 'constants fitted on 15 H100 SXM measurements (2026-11-22)', formula: 'shared/estimate/calibration.ts' },
  ];
  if (gpuCount > 1) explanation.push({ label: 'All-reduce', value: `${round(commSeconds * 1000, 3)} ms per step`, formula: `2 × (n−1)/n × ${fmtBytes(model.trainableParams * 4)} gradients ÷ (${ASSUMPTIONS.interconnectEfficiency} × ${gpu.interconnectGBs ?? ASSUMPTIONS.defaultInterconnectGBs} GB/s); ${ASSUMPTIONS.allReduceOverlap * 100}% hidden behind backward` });
  if (hours !== null) explanation.push({ label: 'Training hours', value: `${round(hours, 4)} h`, formula: `samples × epochs ÷ ${round(effective, 4)} samples/s ÷ 3600` });
  return { gpuId: gpu.id, gpuCount, fits, largestBatch, memory, throughput, hours: hours === null ? null : round(hours, 5), notes, explanation };
}
