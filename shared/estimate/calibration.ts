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
  /** framework workspaces allocated through PyTorch's caching allocator (cuBLAS/cuDNN), GiB. */
  frameworkWorkspaceGiB: number;
}

/** Fitted values (see calibration.test.ts for the fit and its error table). */
export const FITTED: EfficiencyConstants = {
  computeEfficiency: 0.5, // 50% of the dense peak for wide matmuls …
  halfEfficiencyWidth: 256, // … × width/(width+256): 37% at hidden 768, 47% at 4096, ~28% for ResNet-34's convs
  bandwidthEfficiency: 0.8, // fixed (not identifiable separately from the passes below)
  activationTrafficPasses: 16, // bytes elementwise kernels move per step ≈ 16 × the saved layer activations (logits: 4 passes, stated)
  secondsPerOp: 120e-6, // PyTorch eager host time per op per step (forward + backward + optimizer share)
  secondsPerCast: 90e-6, // autocast cast before each conv/linear
  fixedStepSeconds: 0.5e-3, // optimizer/zero-grad/allocator per step on the GPU
  gpuSecondsPerOp: 40e-6, // GPU launch gaps and kernel tails per op (forward and backward kernels)
  nonOverlap: 0, // pure roofline: step = max(compute, memory) + gaps
  frameworkWorkspaceGiB: 0.04, // cuBLAS/cuDNN workspaces in max_memory_allocated
};

/** Stated assumptions that are not fitted (datasheets and common practice). */
export const ASSUMPTIONS = {
  /** CUDA context and kernels loaded on the device, outside PyTorch's allocator, GiB. */
  cudaContextGiB: 0.5,
  /** caching-allocator fragmentation: reserved ÷ allocated seen in the measurements (1.0–1.17). */
  allocatorHeadroom: 0.1,
  /** achievable fraction of the interconnect bandwidth for a ring all-reduce. */
  interconnectEfficiency: 0.7,
  /** interconnect per GPU when the catalog has none: PCIe 4.0 x16, GB/s. */
  defaultInterconnectGBs: 25,
  /** share of the all-reduce hidden behind the backward pass (DDP buckets overlap communication). */
  allReduceOverlap: 0.5,
  /** NF4 weights with double quantization (bitsandbytes QLoRA): bytes per quantized parameter. */
  qloraBytesPerParam: 0.516,
} as const;

/** The H100 SXM datasheet peaks used by the calibration (../shared/calibration/README.md). */
export const H100_SXM_DATASHEET = {
  id: 'h100-sxm-80gb', name: 'NVIDIA H100 SXM 80GB', vendor: 'NVIDIA', architecture: 'Hopper',
  memoryGiB: 80, memoryBandwidthGBs: 3350,
  tflops: { fp32: 67, tf32: 495, fp16: 989, bf16: 989, fp8: 1979 },
  tdpWatts: 700, interconnectGBs: 450, source: '../shared/calibration/README.md (NVIDIA H100 datasheet, dense)', notes: null,
};
