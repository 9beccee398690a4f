/** What an estimate of one workload on one GPU type says: memory, throughput, scaling, explanation (training-run.ts). */
import type { EfficiencyConstants, MemoryFormat, Stack } from './calibration';
import type { OfferingInterconnect } from './interconnect';
import type { ModelProfile } from './model-profile';

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
  /** memory format of a 2-D convnet's tensors (null for other models). */
  memoryFormat: MemoryFormat | null;
  /** range of samples/s from the measured spread of this regime (see calibration.ts UNCERTAINTY). */
  samplesPerSecondLow: number;
  samplesPerSecondHigh: number;
  uncertainty: { regime: string; basis: string };
  /** what measurement the range rests on: the GPU's own rows, or none (range widened to the held-out error; gpu-evidence.ts). */
  evidence: { kind: 'measured' | 'no-measurement'; reason: string };
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

export interface RunOptions {
  constants?: EfficiencyConstants;
  /** the machine's links (an offering's interconnect); without it, the GPU's catalog interconnect. */
  interconnect?: OfferingInterconnect | null;
}
