/**
 * What measurement an estimate on a GPU rests on (issue 29 item 3). A GPU with training throughput rows of its own
 * (the H100 SXM calibration rows, the published single-GPU rows in resources/benchmarks/) keeps the spread measured in
 * its regime (calibration.ts UNCERTAINTY). A GPU with none (T4, L4, A10G, L40S … today) is estimated from its
 * datasheet with its architecture's factors fitted on other GPUs — exactly what "leave one GPU out" measures — so its
 * range is widened to at least that held-out worst error, read from the live accuracy figures (accuracy-figures.ts).
 */
import benchmarks from '../../resources/benchmarks/published-training-throughput.json';
import gpusJson from '../../resources/catalog/gpus.json';
import type { Gpu } from '../domain/catalog';
import { ACCURACY } from './accuracy-figures';
import { H100_SXM_DATASHEET } from './calibration';
import { ARCH_LABELS, archFamily, type ArchFamily } from './interconnect';

export type Evidence = 'measured' | 'no-measurement';

export interface GpuEvidence {
  evidence: Evidence;
  /** in words: what the range rests on ("no measurement on this GPU: range widened to …"). */
  reason: string;
  /** model ÷ measured throughput bounds the range must cover at least (1 and 1 when measured: the regime's spread). */
  modelOverMeasuredMin: number;
  modelOverMeasuredMax: number;
}

const published = (benchmarks as unknown as { singleGpu: Array<{ gpuId: string; benchmarkGpu: string }> }).singleGpu;

/** GPUs with measured single-GPU training throughput behind the constants: the published rows and the H100 calibration. */
export const MEASURED_GPU_IDS: ReadonlySet<string> = new Set([H100_SXM_DATASHEET.id, ...published.map((r) => r.gpuId)]);

const measuredRows = (gpuId: string) => published.filter((r) => r.gpuId === gpuId).length + (gpuId === H100_SXM_DATASHEET.id ? 15 : 0);

/** Architectures with at least one measured GPU (their factors are fitted; the others' are taken from a neighbour). */
const MEASURED_ARCHITECTURES: ReadonlySet<ArchFamily> = new Set(
  (gpusJson as unknown as { gpus: Gpu[] }).gpus.filter((g) => MEASURED_GPU_IDS.has(g.id)).map((g) => archFamily(g)),
);

const x = (v: number) => `×${v.toFixed(2)}`;

/** The evidence behind an estimate on `gpu`: its own measured rows, or none (then the held-out error widens the range). */
export function gpuEvidence(gpu: Pick<Gpu, 'architecture' | 'name' | 'id'>): GpuEvidence {
  if (MEASURED_GPU_IDS.has(gpu.id))
    return {
      evidence: 'measured',
      reason: `measured on this GPU: ${measuredRows(gpu.id)} training-throughput rows of ${gpu.name} behind the constants; range from the spread measured in this regime`,
      modelOverMeasuredMin: 1,
      modelOverMeasuredMax: 1,
    };
  const family = archFamily(gpu);
  const archMeasured = MEASURED_ARCHITECTURES.has(family);
  const byGpu = ACCURACY.heldOut.gpu;
  const byArch = ACCURACY.heldOut.architecture;
  // the worst error held out: a GPU predicted from its architecture's other GPUs; with no measured GPU in the
  // architecture at all, also the leave-one-architecture-out worst (factors taken from another architecture)
  const worst = archMeasured ? byGpu.worstError : Math.max(byGpu.worstError, byArch.worstError);
  const basis = `leave one GPU out: median ${x(byGpu.medianError)}, worst ${x(byGpu.worstError)} on ${byGpu.n} rows${archMeasured ? '' : `; leave one architecture out: median ${x(byArch.medianError)}, worst ${x(byArch.worstError)}`}`;
  const why = archMeasured
    ? `its ${ARCH_LABELS[family]} factors are fitted on other GPUs of that architecture`
    : `no GPU of its architecture (${ARCH_LABELS[family]}) is measured either: its factors are taken from a neighbouring architecture`;
  return {
    evidence: 'no-measurement',
    reason: `no measurement on this GPU (${gpu.name}): range widened to ${x(1 / worst)}–${x(worst)} of the estimated throughput, the worst error of a GPU held out of the fit (${basis}); ${why}`,
    modelOverMeasuredMin: 1 / worst,
    modelOverMeasuredMax: worst,
  };
}
