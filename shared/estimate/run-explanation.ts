/** The explanation of an estimate: every figure with its formula, in the order a lead reads them. */
import type { Gpu } from '../domain/catalog';
import { ARCH_LABELS } from './interconnect';
import { ASSUMPTIONS, CUDNN_WORKSPACE, type EfficiencyConstants, type Stack } from './calibration';
import type { DataParallelResult } from './data-parallel';
import { GiB, OPTIMIZER_BYTES, type memoryBytes } from './run-memory';
import { LOGITS_PASSES, REFERENCE_PEAK_TFLOPS, type StepTime } from './step-time';
import type { ActivationRegime } from './model-profile';
import type { Bound, ExplanationLine, ResolvedModel, ThroughputEstimate } from './training-run-types';
import { fmt, fmtBytes, fmtFlops, round } from './units';
import type { Workload } from './workload';

export interface RunFigures {
  model: ResolvedModel;
  w: Workload;
  gpu: Gpu;
  gpuCount: number;
  c: EfficiencyConstants;
  t: StepTime;
  regime: ActivationRegime;
  mem: ReturnType<typeof memoryBytes>;
  dp: DataParallelResult | null;
  runBatch: number;
  accumulation: number;
  stepSeconds: number;
  singleStepSeconds: number;
  commSeconds: number;
  peakGiB: number;
  activations: number;
  ws: { desired: number; granted: number };
  required: number;
  fits: boolean;
  largestBatch: number;
  throughput: ThroughputEstimate;
  hours: number | null;
  effective: number;
}

/** Every line of the explanation of one estimate. */
export function explainRun(x: RunFigures): ExplanationLine[] {
  const { model, w, gpu, gpuCount, c, t, regime, mem, dp, runBatch, accumulation, stepSeconds, singleStepSeconds, commSeconds } = x;
  const { peakGiB, activations, ws, required, fits, largestBatch, throughput, hours, effective } = x;
  const p = model.profile;
  const conv = p.family === 'cnn1d' || p.family === 'cnn2d';
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
      formula: `FLOPs ÷ (${round(t.efficiency, 3)} × ${round(t.sustainedTflops, 4)} TFLOP/s ${t.peak.used}${t.sustainedTflops < t.peak.tflops ? ` sustained: the ${gpu.tdpWatts} W board holds ${round(t.sustainedTflops, 4)} of its ${t.peak.tflops} TFLOP/s peak (${c.architecture[t.family].wattsPerTflop} W per TFLOP/s for ${ARCH_LABELS[t.family]})` : ' peak'}); efficiency = ${c.computeEfficiency} × ${t.archScale} (${ARCH_LABELS[t.family]}, ${conv ? 'convolutions' : 'matmuls'}, relative to Hopper) × width ${round(p.matmulWidth, 4)} ÷ (width + ${round(t.halfWidth, 3)}); half-efficiency width ${c.halfEfficiencyWidth} × (${t.peak.tflops} ÷ ${REFERENCE_PEAK_TFLOPS})^${c.halfWidthPeakExponent}`,
    },
    {
      label: 'Memory traffic per step',
      value: fmtBytes(t.bytes),
      formula: `weights ${fmtBytes(t.weightTraffic)} + optimizer ${fmtBytes(t.optimizerTraffic)} + ${c.activationTrafficPasses} passes × saved layer activations ${fmtBytes(t.layerActivations)}${t.logits ? ` + ${LOGITS_PASSES} passes × logits ${fmtBytes(t.logits)}` : ''}`,
    },
    {
      label: 'Memory time',
      value: `${round(t.memorySeconds * 1000, 3)} ms`,
      formula: `bytes ÷ (${round(t.bandwidth, 3)} × ${gpu.memoryBandwidthGBs} GB/s); ${round(t.bandwidth, 3)} = ${c.bandwidthEfficiency} × ${conv ? `${c.architecture[t.family].convBandwidth} for a convnet's traffic on` : `${c.architecture[t.family].bandwidth} for`} ${ARCH_LABELS[t.family]}`,
    },
    ...memoryFormatLine(x),
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
      formula: `compute ${round(t.computeSeconds * 1000, 3)} ms, memory ${round(t.memorySeconds * 1000, 3)} ms${t.transposeSeconds > 0 ? `, NCHW transposes ${round(t.transposeSeconds * 1000, 3)} ms` : ''}, GPU launch gaps ${round(t.launchGapSeconds * 1000, 3)} ms, host floor ${round(t.overheadSeconds * 1000, 3)} ms`,
    },
    {
      label: 'Step time',
      value: `${round(stepSeconds * 1000, 3)} ms (${t.bound}-bound)`,
      formula: `max(floor, max(compute, memory) + ${c.nonOverlap} × min(compute, memory)${t.transposeSeconds > 0 ? ` + NCHW transposes ${round(t.transposeSeconds * 1000, 3)} ms` : ''} + GPU launch gaps ${round(t.launchGapSeconds * 1000, 3)} ms (${c.gpuSecondsPerOp * 1e6} µs per op + ${c.fixedStepSeconds * 1000} ms))${gpuCount > 1 ? ` + exposed all-reduce ${round(commSeconds * 1000, 3)} ms` : ''}`,
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
      formula: 'the estimator’s calibration: H100 measurements and published training throughputs (Lambda Labs tables, with their sources)',
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
  return explanation;
}

/** A 2-D convnet's memory format: what NCHW's transposes cost the step, or that channels-last avoids them. */
function memoryFormatLine({ model, w, c, t, gpu }: RunFigures): ExplanationLine[] {
  if (model.profile.family !== 'cnn2d') return [];
  if (t.transposeSeconds > 0)
    return [
      {
        label: 'Memory format',
        value: `NCHW: cuDNN transposes each convolution's tensors to NHWC and back, +${round(t.transposeSeconds * 1000, 3)} ms per step (channels-last would avoid it)`,
        formula: `${c.nchwTransposePasses} passes × saved layer activations ${fmtBytes(t.layerActivations)} = ${fmtBytes(t.transposeBytes)} ÷ (${round(t.bandwidth, 3)} × ${gpu.memoryBandwidthGBs} GB/s), as kernels of their own between the convolutions; fitted on the published H100 ResNet-50 rows (NCHW) against the H100 calibration rows (channels-last)`,
      },
    ];
  return [
    {
      label: 'Memory format',
      value:
        w.memoryFormat === 'nchw'
          ? 'NCHW in fp32: convolutions run without tensor-core transposes in this model'
          : 'channels-last (NHWC), as the H100 measurements: no transposes around the convolutions',
      formula: `NCHW with fp16/bf16 would add ${c.nchwTransposePasses} passes over the saved activations (about 25% on a memory-bound ResNet-50; published channels-last speedups: 22–30%)`,
    },
  ];
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
