/**
 * The review's technical appendix (its last section): the estimation model's constants in words, each with its value
 * in its unit and where it comes from ("Blackwell: matrix products, relative to Hopper: ×1 — no published data: taken
 * as Hopper"). The constants' code names (`architecture.blackwell.matmul`, `secondsPerOp`) never reach the page. Pure.
 */
import { ARCH_LABELS, type ArchFamily } from '../../estimate/interconnect';
import { COST_SETTING_LABELS, type CostSettings } from '../settings/cost-settings';
import type { ReportInputs } from './report-input-types';
import type { ReportModel } from './report-model-types';

type Wording = { name: string; value: (v: number) => string; source: string };

const n = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: 4 });
const times = (v: number) => `×${n(v)}`;
const micro = (v: number) => `${n(v * 1e6)} µs`;
const plain = (unit: string) => (v: number) => `${n(v)}${unit ? ` ${unit}` : ''}`;

const H100_FIT = 'fitted on the H100 SXM 80GB training measurements (PyTorch eager, AdamW)';
const PUBLISHED_FIT = "fitted on published training throughputs (Lambda Labs' public benchmark tables, NVIDIA DeepLearningExamples)";
const STATED = 'stated assumption';

/** The top-level speed and memory constants. */
const TOP: Record<string, Wording> = {
  computeEfficiency: {
    name: 'Share of the GPU’s dense peak reached by wide matrix products',
    value: (v) => `${n(v)} of the dense peak`,
    source: H100_FIT,
  },
  halfEfficiencyWidth: { name: 'Layer width at which that share is halved', value: plain('channels'), source: H100_FIT },
  halfWidthPeakExponent: {
    name: 'Growth of that width with the GPU’s peak (exponent of peak ÷ H100 peak)',
    value: plain(''),
    source: H100_FIT,
  },
  bandwidthEfficiency: {
    name: 'Share of the memory bandwidth reached',
    value: (v) => `${n(v)} of the datasheet bandwidth`,
    source: 'fixed: it cannot be fitted apart from the memory passes below',
  },
  activationTrafficPasses: { name: 'Memory passes over the saved activations per step', value: plain('passes'), source: H100_FIT },
  secondsPerOp: { name: 'Host time per framework operation per step', value: micro, source: H100_FIT },
  secondsPerCast: { name: 'Host time per mixed-precision cast', value: micro, source: H100_FIT },
  gpuSecondsPerOp: { name: 'GPU launch gap per operation', value: micro, source: H100_FIT },
  fixedStepSeconds: { name: 'Fixed GPU time per step: optimizer, zeroing, allocator', value: micro, source: H100_FIT },
  nonOverlap: {
    name: 'Share of the shorter of compute and memory time not hidden behind the longer',
    value: (v) => `${n(v)} (0: a step takes the longer of compute and memory time)`,
    source: H100_FIT,
  },
  nchwTransposePasses: {
    name: 'Extra memory passes of a 2-D convnet stored channels-first (NCHW) in half precision',
    value: plain('passes'),
    source: `${PUBLISHED_FIT}: ResNet-50 runs`,
  },
  frameworkWorkspaceGiB: { name: 'Library workspace memory (cuBLAS, cuDNN)', value: plain('GiB'), source: H100_FIT },
  cudaContextGiB: {
    name: 'CUDA context on the GPU',
    value: plain('GiB'),
    source: 'stated: memory used outside PyTorch in the H100 measurements',
  },
  allocatorHeadroom: {
    name: 'Allocator fragmentation headroom',
    value: (v) => `${n(v)} of the memory allocated`,
    source: 'stated: reserved ÷ allocated seen in the H100 measurements (1.0–1.17)',
  },
  qloraBytesPerParam: {
    name: 'Bytes per quantized parameter (QLoRA, 4-bit with double quantization)',
    value: plain('bytes'),
    source: 'stated: the bitsandbytes NF4 format',
  },
  spotInterruptionsPerHour: {
    name: 'Spot interruptions per hour',
    value: plain(''),
    source: 'stated: about one per 20 hours (providers publish 5–20% a month)',
  },
  spotRestartMinutes: { name: 'Time to restart after a spot interruption', value: plain('minutes'), source: STATED },
  subscriptionHoursPerDay: { name: 'Hours a day a subscription can be used', value: plain('h'), source: STATED },
  reservedHoursPerMonth: {
    name: 'Machine-hours a month a reservation is used in all',
    value: (v) => (v === 0 ? '0 (the run alone carries the commitment)' : `${n(v)} h`),
    source: STATED,
  },
};

const FACTORS: Record<string, { words: string; value: (v: number) => string }> = {
  conv: { words: 'convolutions, share of peak relative to Hopper', value: times },
  matmul: { words: 'matrix products, share of peak relative to Hopper', value: times },
  bandwidth: { words: 'memory bandwidth reached, relative to Hopper', value: times },
  convBandwidth: { words: 'bandwidth on a convnet’s activations, relative to Hopper', value: times },
  wattsPerTflop: {
    words: 'board watts needed per dense TFLOP/s to hold the clock',
    value: (v) => (v === 0 ? '0 (never power-limited)' : `${n(v)} W`),
  },
};
const FAMILY_SOURCES: Partial<Record<ArchFamily, string>> = {
  turing: 'no published Turing row: taken as Ampere GA10x (stated)',
  hopper: 'the H100 SXM measurements define Hopper as 1',
  blackwell: 'no published data: taken as Hopper (stated)',
  other: 'no data: taken as Hopper (stated)',
};

const STACK_NAMES: Record<string, string> = {
  eager: 'PyTorch eager',
  compiled: 'torch.compile',
  optimized: 'Fused kernels with CUDA graphs',
};
const STACK_FACTORS: Record<string, string> = {
  hostFloor: 'host time per step',
  launchGaps: 'GPU launch gaps',
  activationPasses: 'memory passes of elementwise operations',
};
const STACK_SOURCES: Record<string, string> = {
  eager: 'the H100 measurements (PyTorch eager) define 1',
  compiled: 'stated: between eager and fused kernels',
  optimized: 'NVIDIA DeepLearningExamples (stated)',
};

const LINKS: Record<string, string> = {
  nvswitch: 'NVSwitch',
  nvlink: 'NVLink',
  'nvlink-bridge': 'an NVLink bridge',
  'pcie-p2p': 'PCIe with peer-to-peer',
  'pcie-host': 'PCIe through host memory',
  network: 'the network between machines',
};
const DATA_PARALLEL: Record<string, Wording> = {
  overlap: {
    name: 'Share of the gradient all-reduce hidden behind the backward pass',
    value: plain(''),
    source: `${PUBLISHED_FIT}: 2–8 GPU rows`,
  },
  syncPerDoubling: {
    name: 'Step time lost to synchronisation per doubling of the GPUs',
    value: (v) => `${n(v * 100)}% of the step`,
    source: `${PUBLISHED_FIT}: 2–8 GPU rows`,
  },
  hostCrossSocket: {
    name: 'Bandwidth left when a ring without peer-to-peer crosses CPU sockets',
    value: (v) => `${n(v)} of the host-staged bandwidth`,
    source: `${PUBLISHED_FIT}: 8-GPU RTX 2080 Ti rows`,
  },
  gpusPerSocket: { name: 'GPUs under one CPU socket in a PCIe server', value: plain(''), source: 'stated: 8-GPU PCIe servers' },
  gradientBytes: {
    name: 'Gradient bytes all-reduced per trainable parameter',
    value: plain('bytes'),
    source: 'stated: PyTorch DDP reduces fp32 gradients',
  },
  bucketBytes: { name: 'Gradient bucket size (PyTorch DDP)', value: (v) => `${n(v / 1e6)} MB`, source: 'stated: the PyTorch DDP default' },
};

/** One constant (its flattened key and group) in words; unknown keys are said from their parts, never as a dotted id. */
export function constantInWords(group: string, key: string, value: number): { name: string; value: string; source: string } {
  const parts = key.split('.');
  if (parts[0] === 'architecture' && parts.length === 3) {
    const family = parts[1] as ArchFamily;
    const factor = FACTORS[parts[2]!];
    if (ARCH_LABELS[family] && factor)
      return {
        name: `${ARCH_LABELS[family]}: ${factor.words}`,
        value: factor.value(value),
        source: FAMILY_SOURCES[family] ?? PUBLISHED_FIT,
      };
  }
  if (parts[0] === 'stacks' && parts.length === 3 && STACK_NAMES[parts[1]!] && STACK_FACTORS[parts[2]!])
    return {
      name: `${STACK_NAMES[parts[1]!]}: ${STACK_FACTORS[parts[2]!]}, relative to PyTorch eager`,
      value: times(value),
      source: STACK_SOURCES[parts[1]!]!,
    };
  if (parts[0] === 'dataParallel') {
    if (parts[1] === 'linkEfficiency' && LINKS[parts[2]!])
      return {
        name: `All-reduce over ${LINKS[parts[2]!]}: share of the link’s datasheet bandwidth reached`,
        value: `${n(value)} of the datasheet bandwidth`,
        source: parts[2]!.startsWith('pcie')
          ? `${PUBLISHED_FIT}: 2–8 GPU rows`
          : 'stated: NCCL bus bandwidth is about 75–80% of the datasheet',
      };
    const w = DATA_PARALLEL[parts[1]!];
    if (w && parts.length === 2) return { name: w.name, value: w.value(value), source: w.source };
  }
  const top = TOP[key];
  if (top) return { name: top.name, value: top.value(value), source: top.source };
  const setting = COST_SETTING_LABELS[key as keyof CostSettings];
  if (setting) return { name: setting.label, value: `${n(value)} ${setting.unit}`, source: 'Settings (the app’s cost assumptions)' };
  const words = parts.map((p) => p.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()).join(', ');
  return { name: `${words.charAt(0).toUpperCase()}${words.slice(1)}`, value: n(value), source: group === 'efficiency' ? H100_FIT : STATED };
}

const GROUP_TITLES: Record<string, string> = {
  efficiency: 'Speed',
  memory: 'Memory',
  cost: 'Cost',
};

/** The technical appendix: every constant of the estimator in words, grouped (speed, memory, cost), with its source. */
export function reportTechnical(input: ReportInputs): ReportModel['technical'] {
  return {
    intro:
      'The constants the estimation model rests on, for a technical reader: speed constants are fitted on measurements ' +
      '(see the calibration in section Assumptions), per-architecture factors are relative to Hopper (H100 = 1), and ' +
      'stated ones are assumptions said here so they can be questioned.',
    rows: Object.entries(input.constants).flatMap(([group, values]) =>
      Object.entries(values).map(([key, value]) => ({ group: GROUP_TITLES[group] ?? 'Other', ...constantInWords(group, key, value) })),
    ),
  };
}
