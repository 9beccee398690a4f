/**
 * What the estimator can say about an accelerator. The step-time model is calibrated on PyTorch over CUDA GPUs; a TPU
 * (XLA, TPU-optimized code) or a CPU-only flavour is priced and listed in the catalog, but gets no time estimate
 * rather than a wrong number.
 */
import type { Gpu } from '../domain/catalog';

export type AcceleratorKind = 'gpu' | 'tpu' | 'cpu';

export function acceleratorKind(gpu: Pick<Gpu, 'vendor' | 'architecture' | 'id'>): AcceleratorKind {
  if (gpu.vendor === 'CPU' || gpu.id.startsWith('cpu-')) return 'cpu';
  if (/\bTPU\b/i.test(gpu.architecture ?? '') || gpu.id.startsWith('tpu-')) return 'tpu';
  return 'gpu';
}

export const NO_ESTIMATE_REASON: Record<Exclude<AcceleratorKind, 'gpu'>, string> = {
  tpu: 'no estimate for TPUs: priced and listed in the catalog, but the time model is calibrated on PyTorch over CUDA GPUs; a TPU runs TPU-optimized (JAX/XLA) code whose step time the app does not model (the source document “Hardware Selection Guide”: "TPUs require TPU-optimized code. Most TRL training uses GPUs").',
  cpu: 'no estimate for CPU-only flavours: priced and listed for data validation and preprocessing (the source document “Hardware Selection Guide”: "Not recommended for training: Too slow for any meaningful training"); the app models GPU training only.',
};

export interface Unestimated {
  gpuId: string;
  gpuName: string;
  kind: Exclude<AcceleratorKind, 'gpu'>;
  reason: string;
  /** the catalog's offerings of it (priced and listed, not estimated) */
  offeringIds: string[];
}

/** Splits the accelerators into those the model estimates and those it lists without an estimate (with the reason). */
export function splitEstimable<G extends Gpu>(
  gpus: readonly G[],
  offerings: ReadonlyArray<{ id: string; gpuId: string }> = [],
): { estimable: G[]; unestimated: Unestimated[] } {
  const estimable: G[] = [];
  const unestimated: Unestimated[] = [];
  for (const gpu of gpus) {
    const kind = acceleratorKind(gpu);
    if (kind === 'gpu') estimable.push(gpu);
    else
      unestimated.push({
        gpuId: gpu.id,
        gpuName: gpu.name,
        kind,
        reason: NO_ESTIMATE_REASON[kind],
        offeringIds: offerings.filter((o) => o.gpuId === gpu.id).map((o) => o.id),
      });
  }
  return { estimable, unestimated };
}
