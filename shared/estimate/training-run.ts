/**
 * One workload on one GPU type: memory (framework peak and fits, run-memory.ts), largest batch, step time as a
 * roofline with a per-step floor (step-time.ts), multi-GPU data parallel (data-parallel.ts), and the explanation of
 * every figure (run-explanation.ts).
 */
import { workloadInterconnectOf } from './workload-interconnect';
import type { Gpu } from '../domain/catalog';
import { ASSUMPTIONS, CUDNN_WORKSPACE, FITTED, UNCERTAINTY } from './calibration';
import { dataParallel } from './data-parallel';
import { gpuEvidence } from './gpu-evidence';
import { explainRun } from './run-explanation';
import { GiB, memoryBytes, regimeOf } from './run-memory';
import { stepTime } from './step-time';
import type {
  MemoryEstimate,
  ResolvedModel,
  RunOptions,
  ScalingEstimate,
  ThroughputEstimate,
  TrainingRunEstimate,
} from './training-run-types';
import { round } from './units';
import type { Workload } from './workload';

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
  // the machine's links: the offering's where it states them, else the workload's (`interconnect`, `p2p`), else the GPU's
  const workloadLink = options.interconnect ? null : workloadInterconnectOf(w);
  const dp =
    gpuCount > 1
      ? dataParallel(
          model,
          gpu,
          gpuCount,
          w.nodeCount ?? 1,
          t.step,
          singleStepSeconds,
          c,
          options.interconnect ?? workloadLink,
          workloadLink ? 'workload' : 'offering',
        )
      : null;
  if (dp) {
    stepSeconds += dp.exposedSeconds + dp.syncSeconds;
    if (workloadLink)
      notes.push(`The workload states the machine's link: ${dp.linkLabel}; an offering that states its own links uses those.`);
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
  const regimeSpread = UNCERTAINTY[t.bound];
  // a GPU with no measurement of its own: the range covers at least the error of a GPU held out of the fit
  const evidence = gpuEvidence(gpu);
  const spread = {
    modelOverMeasuredMin: Math.min(regimeSpread.modelOverMeasuredMin, evidence.modelOverMeasuredMin),
    modelOverMeasuredMax: Math.max(regimeSpread.modelOverMeasuredMax, evidence.modelOverMeasuredMax),
  };
  if (evidence.evidence === 'no-measurement') notes.push(`${evidence.reason[0]!.toUpperCase()}${evidence.reason.slice(1)}.`);
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
    memoryFormat: p.family === 'cnn2d' ? w.memoryFormat : null,
    samplesPerSecondLow: round((samplesPerSecond / spread.modelOverMeasuredMax) * (1 - dpSpread)),
    samplesPerSecondHigh: round((samplesPerSecond / spread.modelOverMeasuredMin) * (1 + dpSpread)),
    uncertainty: {
      regime:
        regimeSpread.label + (dp ? ' + multi-GPU' : '') + (evidence.evidence === 'no-measurement' ? ', no measurement on this GPU' : ''),
      basis: `${evidence.evidence === 'no-measurement' ? `${evidence.reason}; ` : ''}${regimeSpread.basis}${dp ? `; scaling efficiency ±${UNCERTAINTY.multiGpu.efficiencyError} (${UNCERTAINTY.multiGpu.basis})` : ''}`,
    },
    evidence: { kind: evidence.evidence, reason: evidence.reason },
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
  const explanation = explainRun({
    model,
    w,
    gpu,
    gpuCount,
    c,
    t,
    regime,
    mem,
    dp,
    runBatch,
    accumulation,
    stepSeconds,
    singleStepSeconds,
    commSeconds,
    peakGiB,
    activations,
    ws,
    required,
    fits,
    largestBatch,
    throughput,
    hours,
    effective,
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
