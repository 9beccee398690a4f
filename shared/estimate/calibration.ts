import type { ArchFamily, Link } from './interconnect';

/**
 * The few efficiency constants of the estimation model, fitted on ../shared/calibration/h100-sxm-measured.jsonl
 * (one H100 SXM 80GB, PyTorch 2.11 eager, AdamW, synthetic data on the GPU). The fit is
 * `shared/estimate/calibration.test.ts` (it prints the fitted values and the error table; run
 * `npx vitest run shared/estimate/calibration.test.ts`). They transfer to other GPUs through the datasheet:
 * compute time scales with the GPU's dense peak for the precision, memory time with its bandwidth; the host-side
 * per-op overhead is a property of the framework and the CPU, not of the GPU.
 */
export interface EfficiencyConstants {
  /** achievable fraction of the dense datasheet peak for conv/matmul FLOPs (tensor cores or FP32 units). */
  computeEfficiency: number;
  /** width (channels / hidden size) at which matmuls reach half of computeEfficiency: efficiency × w/(w + w0). */
  halfEfficiencyWidth: number;
  /** half-efficiency width scales with the GPU's dense peak for the precision: w0 × (peak ÷ 989 TFLOP/s)^exponent (bigger GPUs need wider matmuls to fill). */
  halfWidthPeakExponent: number;
  /** achievable fraction of the datasheet memory bandwidth for the step's memory traffic. */
  bandwidthEfficiency: number;
  /** passes over the saved activations per step (written in forward, read in backward, gradient written and read, plus the elementwise ops in between). */
  activationTrafficPasses: number;
  /** host time per framework op per training step (forward op + its backward + its share of the optimizer), seconds. */
  secondsPerOp: number;
  /** extra host time per autocast cast inserted before a conv/linear, seconds. */
  secondsPerCast: number;
  /** GPU-side time per framework op (its forward and backward kernels' launch gaps and tails), seconds. */
  gpuSecondsPerOp: number;
  /** GPU-side fixed time per step: optimizer and zero-grad kernels, allocator and sync, seconds. */
  fixedStepSeconds: number;
  /** fraction of the shorter of compute and memory time that does not overlap the longer one (0 = pure max roofline, 1 = sum). */
  nonOverlap: number;
  /**
   * extra passes over a 2-D convnet's saved activations when it runs in NCHW (PyTorch's default memory format) with
   * fp16/bf16 tensor-core convolutions: cuDNN transposes each conv's input and output to NHWC and back. 0 in
   * channels-last (what the H100 measurements use).
   */
  nchwTransposePasses: number;
  /** framework workspaces allocated through PyTorch's caching allocator (cuBLAS/cuDNN), GiB. */
  frameworkWorkspaceGiB: number;
  /** per architecture family: achieved fraction of the datasheet peak relative to Hopper (conv / matmul) and of the bandwidth. */
  architecture: Record<ArchFamily, ArchitectureFactors>;
  /** per software stack: multipliers on the host floor, the GPU launch gaps and the elementwise activation passes. */
  stacks: Record<Stack, StackFactors>;
  /** data-parallel all-reduce and its overlap with backward. */
  dataParallel: DataParallelConstants;
}

export interface ArchitectureFactors {
  /** convolution FLOPs (cuDNN) relative to Hopper's fraction of its own peak. */
  conv: number;
  /** matmul/attention FLOPs (cuBLAS) relative to Hopper. */
  matmul: number;
  /** achieved memory bandwidth relative to Hopper's fraction (large L2 caches raise it). */
  bandwidth: number;
  /**
   * achieved bandwidth on a convnet's activation traffic relative to Hopper's (cuDNN kernels and elementwise ops over
   * NHWC tensors; large L2 caches serve part of it, so the product with bandwidthEfficiency may pass 1).
   */
  convBandwidth: number;
  /** board watts needed per dense TFLOP/s to hold the datasheet clock under tensor load: boards with less (A10, L4, T4, RTX 6000 Ada, H100 PCIe) throttle to TDP ÷ this. */
  wattsPerTflop: number;
}

export const STACKS = ['eager', 'compiled', 'optimized'] as const;
/** memory formats of a 2-D convnet's tensors (torch.channels_last, or PyTorch's default contiguous NCHW). */
export const MEMORY_FORMATS = ['channels-last', 'nchw'] as const;
export type MemoryFormat = (typeof MEMORY_FORMATS)[number];
export type Stack = (typeof STACKS)[number];
export interface StackFactors {
  hostFloor: number;
  launchGaps: number;
  activationPasses: number;
}

export interface DataParallelConstants {
  /** achieved fraction of a link's datasheet bandwidth in a ring all-reduce (NCCL bus bandwidth ÷ datasheet). */
  linkEfficiency: Record<Link['kind'], number>;
  /** fraction of the backward pass the bucketed all-reduce can hide behind (DDP overlaps buckets with the remaining backward). */
  overlap: number;
  /** step time lost to synchronisation and stragglers per doubling of the GPU count (fraction of the step). */
  syncPerDoubling: number;
  /**
   * fraction of the host-staged bandwidth left when a ring without peer-to-peer spans both CPU sockets (more than
   * `gpusPerSocket` GPUs in a node): every copy is staged in host memory and crosses the inter-socket link.
   */
  hostCrossSocket: number;
  /** GPUs under one CPU socket in a multi-socket PCIe server (8-GPU PCIe servers: 4 per socket). */
  gpusPerSocket: number;
  /** gradient bytes per trainable parameter all-reduced (PyTorch DDP reduces the fp32 .grad tensors under AMP). */
  gradientBytes: number;
  /** DDP bucket size (bytes): the last bucket cannot overlap with backward. */
  bucketBytes: number;
}

/** Fitted values (see calibration.test.ts for the fit and its error table). */
export const FITTED: EfficiencyConstants = {
  computeEfficiency: 0.55, // 55% of the dense peak for wide matmuls …
  halfEfficiencyWidth: 256, // … × width/(width+256) on the H100 (bf16): 41% at hidden 768, 52% at 4096, ~31% for ResNet-34's convs
  halfWidthPeakExponent: 0.25, // w0 scales with (peak ÷ H100 bf16 peak)^0.25: smaller GPUs fill with narrower matmuls
  bandwidthEfficiency: 0.8, // fixed (not identifiable separately from the passes below)
  activationTrafficPasses: 16, // bytes elementwise kernels move per step ≈ 16 × the saved layer activations (logits: 4 passes, stated)
  secondsPerOp: 120e-6, // PyTorch eager host time per op per step (forward + backward + optimizer share)
  secondsPerCast: 90e-6, // autocast cast before each conv/linear
  fixedStepSeconds: 0.5e-3, // optimizer/zero-grad/allocator per step on the GPU
  gpuSecondsPerOp: 40e-6, // GPU launch gaps and kernel tails per op (forward and backward kernels)
  // NCHW transposes (Lambda's ResNet-50 runs are NCHW, the H100 rows channels-last): the published rows fit 3 to 6 equally
  // well (benchmarks.test.ts FIT=1); 4 puts a memory-bound ResNet-50's NCHW penalty at ×1.25, inside the published ×1.22–1.30
  nchwTransposePasses: 4,
  nonOverlap: 0, // pure roofline: step = max(compute, memory) + gaps
  frameworkWorkspaceGiB: 0.04, // cuBLAS/cuDNN workspaces in max_memory_allocated
  // Fitted on resources/benchmarks/published-training-throughput.json (shared/estimate/benchmarks.test.ts, FIT=1); Hopper = 1 by definition.
  architecture: {
    volta: { conv: 0.7, matmul: 0.8, bandwidth: 0.9, convBandwidth: 1.1, wattsPerTflop: 2.5 },
    turing: { conv: 1.1, matmul: 1.2, bandwidth: 0.9, convBandwidth: 1.35, wattsPerTflop: 2.8 }, // no published Turing row in the set: taken as Ampere GA10x (stated)
    'ampere-ga100': { conv: 0.5, matmul: 0.8, bandwidth: 0.8, convBandwidth: 1, wattsPerTflop: 1 }, // A100 40GB PCIe (250 W) throttles
    'ampere-ga10x': { conv: 1.1, matmul: 1.2, bandwidth: 0.9, convBandwidth: 1.35, wattsPerTflop: 2.8 }, // A10 (150 W) and A6000 (300 W) throttle
    ada: { conv: 0.8, matmul: 1, bandwidth: 1, convBandwidth: 1.5, wattsPerTflop: 2.2 }, // 72–96 MB of L2 serve part of a convnet's traffic; RTX 6000 Ada (300 W), L4 (72 W) throttle
    hopper: { conv: 1, matmul: 1, bandwidth: 1, convBandwidth: 1, wattsPerTflop: 0 }, // the H100 SXM measurements define 1
    blackwell: { conv: 1, matmul: 1, bandwidth: 1, convBandwidth: 1, wattsPerTflop: 0 }, // no data: taken as Hopper (stated)
    other: { conv: 1, matmul: 1, bandwidth: 1, convBandwidth: 1, wattsPerTflop: 0 },
  },
  stacks: {
    eager: { hostFloor: 1, launchGaps: 1, activationPasses: 1 }, // the H100 measurements (PyTorch eager)
    compiled: { hostFloor: 0.35, launchGaps: 0.6, activationPasses: 0.75 }, // torch.compile: fused elementwise ops, fewer launches (stated, between eager and optimized)
    optimized: { hostFloor: 0.1, launchGaps: 0.3, activationPasses: 0.5 }, // fused kernels + CUDA graphs / fused optimizer (NVIDIA DeepLearningExamples)
  },
  dataParallel: {
    // NVLink/NVSwitch and network: NCCL bus bandwidth ≈ 75–80% of the datasheet (stated); PCIe fitted on the published rows
    // (gridDataParallel in benchmarks.test.ts). On the 65 rows kept the fit is flat: 'pcie-p2p' 0.6, 0.7 or 0.8 (each with
    // its syncPerDoubling, 0.005–0.02) leaves no row outside 0.10, the mean error within 0.002 of the best, so 0.7 stays.
    linkEfficiency: { nvswitch: 0.75, nvlink: 0.75, 'nvlink-bridge': 0.7, 'pcie-p2p': 0.7, 'pcie-host': 0.3, network: 0.8 },
    overlap: 0, // fitted: on none of the published machines does the all-reduce measurably hide behind the backward pass
    syncPerDoubling: 0.005, // fitted: 0.5% of the step per doubling of GPUs (stragglers, barrier)
    hostCrossSocket: 0.6, // fitted on the 8-GPU RTX 2080 Ti rows (no peer-to-peer): staged copies cross the CPU socket link
    gpusPerSocket: 4, // stated: 8-GPU PCIe servers put 4 GPUs under each CPU socket
    gradientBytes: 4,
    bucketBytes: 25e6,
  },
};

/** Stated assumptions that are not fitted (datasheets and common practice). */
export const ASSUMPTIONS = {
  /** CUDA context and kernels loaded on the device, outside PyTorch's allocator, GiB. */
  cudaContextGiB: 0.5,
  /** caching-allocator fragmentation: reserved ÷ allocated seen in the measurements (1.0–1.17). */
  allocatorHeadroom: 0.1,
  /** NF4 weights with double quantization (bitsandbytes QLoRA): bytes per quantized parameter. */
  qloraBytesPerParam: 0.516,
} as const;

/**
 * cuDNN workspace of fp32 convolutions with cudnn.benchmark: cuDNN asks for the fastest algorithm's workspace, and
 * PyTorch offers it only what is free, so cuDNN falls back to leaner algorithms when memory is short. Desired workspace
 * = fixed + perActivation × the batch's saved activations, fitted on the H100 fp32 CNN rows (1-D convs over long
 * windows pick FFT/implicit-GEMM algorithms with far larger buffers than 2-D ones); the workspace shown is
 * min(desired, free memory), and never decides `fits`.
 */
export const CUDNN_WORKSPACE = {
  cnn1d: { fixedGiB: 1.0, perActivation: 12.9 },
  cnn2d: { fixedGiB: 1.95, perActivation: 0.2 },
} as const;

/**
 * The range of an estimate, from the measured spread of model ÷ measured throughput in its regime
 * (shared/estimate/calibration.test.ts H100 rows and shared/estimate/benchmarks.test.ts published rows; those tests
 * check these bounds cover every row). Multi-GPU adds the worst scaling-efficiency error seen.
 */
export const UNCERTAINTY = {
  overhead: {
    label: 'launch-bound',
    modelOverMeasuredMin: 0.85,
    modelOverMeasuredMax: 1.15,
    basis: '8 launch-bound rows: model ÷ measured from ×0.86 to ×1.09',
  },
  memory: {
    label: 'memory-bound',
    modelOverMeasuredMin: 0.8,
    modelOverMeasuredMax: 1.3,
    basis: '21 memory-bound rows: model ÷ measured from ×0.85 to ×1.24',
  },
  compute: {
    label: 'compute-bound',
    modelOverMeasuredMin: 0.9,
    modelOverMeasuredMax: 1.15,
    basis: '19 compute-bound rows: model ÷ measured from ×0.92 to ×1.09',
  },
  multiGpu: {
    efficiencyError: 0.1,
    basis: 'all 65 published 2–8 GPU rows within ±0.10 in scaling efficiency (12 more excluded in the file, with the reason)',
  },
};

/** The H100 SXM datasheet peaks used by the calibration (../shared/calibration/README.md). */
export const H100_SXM_DATASHEET = {
  id: 'h100-sxm-80gb',
  name: 'NVIDIA H100 SXM 80GB',
  vendor: 'NVIDIA',
  architecture: 'Hopper',
  memoryGiB: 80,
  memoryBandwidthGBs: 3350,
  tflops: { fp32: 67, tf32: 495, fp16: 989, bf16: 989, fp8: 1979 },
  tdpWatts: 700,
  interconnectGBs: 450,
  source: 'NVIDIA H100 SXM datasheet, dense peaks (as the calibration set states them)',
  notes: null,
};

/** The constants as flat `name → number` pairs (nested ones as `architecture.volta.conv`), for tables and reports. */
export function flattenConstants(value: object, prefix = ''): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(value)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'number') out[key] = v;
    else if (v && typeof v === 'object') Object.assign(out, flattenConstants(v as object, key));
  }
  return out;
}
