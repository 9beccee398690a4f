/**
 * How a run uses an offering's machine (issue 28 item 8). An offering's price is of its whole instance (a10g-largex4:
 * 4 A10G, $20/h), so the run uses every GPU it pays for: data parallel over all of them, and as many instances as the
 * workload's GPUs need (8 GPUs on a 4-GPU instance = 2 instances, over the node network). Its hours are the wall-clock
 * hours of that run; its cost is hours × the instance-hour price × instances.
 */
import { gpuShortName } from '../domain/offer-label';

export interface OfferingSetup {
  /** GPUs in one instance of the offering (the catalog's gpuCount: what its price buys). */
  gpusPerInstance: number;
  /** instances rented for the run (more than one when the workload asks for more GPUs than one instance holds). */
  instances: number;
  /** GPUs the run uses, data parallel: instances × gpusPerInstance. */
  gpus: number;
  /** GPUs the workload asks for (its gpuCount). */
  workloadGpus: number;
  /** samples a second of the run on all its GPUs. */
  samplesPerSecond: number;
  /** "4 × A10G, data-parallel", "2 instances × 8 × A100, data-parallel", "1 × L4". */
  label: string;
  /** the sentence that says what is used and paid, in the estimate's explanation and cost basis. */
  text: string;
}

/** Instances and GPUs a workload takes on an offering; null when the offering cannot hold it (a node's GPUs on one instance). */
export function offeringShape(
  gpusPerInstance: number,
  workloadGpus: number,
  nodeCount: number,
): { instances: number; gpus: number; nodes: number } | null {
  const perInstance = Math.max(1, gpusPerInstance);
  if (nodeCount > 1) {
    // the workload names its nodes: one instance per node, each holding a node's GPUs
    const perNode = Math.ceil(workloadGpus / nodeCount);
    return perInstance >= perNode ? { instances: nodeCount, gpus: nodeCount * perInstance, nodes: nodeCount } : null;
  }
  if (perInstance >= workloadGpus) return { instances: 1, gpus: perInstance, nodes: 1 };
  // several single-GPU rentals are not a cluster the estimator models: those are not priced for a multi-GPU workload
  if (perInstance === 1) return null;
  const instances = Math.ceil(workloadGpus / perInstance);
  return { instances, gpus: instances * perInstance, nodes: instances };
}

/** The setup of a run on an offering, in words. */
export function describeSetup(
  gpuName: string,
  shape: { instances: number; gpus: number },
  gpusPerInstance: number,
  workloadGpus: number,
  batchSize: number,
  samplesPerSecond: number,
): OfferingSetup {
  const short = gpuShortName(gpuName).replace(/\s+\d+\s?GB\b.*$/i, '');
  const perInstance = Math.max(1, gpusPerInstance);
  const box = `${perInstance} × ${short}`;
  const label =
    shape.instances > 1
      ? `${shape.instances} instances × ${box}, data-parallel`
      : perInstance > 1
        ? `${box}, data-parallel`
        : `1 × ${short}`;
  const asked = `the workload asks for ${workloadGpus} GPU${workloadGpus > 1 ? 's' : ''}`;
  const why =
    shape.gpus === workloadGpus
      ? ''
      : shape.gpus > workloadGpus
        ? `; ${asked}, and the price is of the whole instance, so the run uses all ${shape.gpus} it pays for`
        : '';
  const text =
    shape.gpus > 1
      ? `${label}: ${shape.gpus} GPUs${shape.instances > 1 ? ` on ${shape.instances} instances of ${perInstance} (${asked}; instances talk over the node network)` : ''}, global batch ${shape.gpus} × ${batchSize} = ${shape.gpus * batchSize}${why}; hours are wall-clock hours of the run on all ${shape.gpus} GPUs (${shape.gpus} GPU-hours per hour), priced per instance-hour`
      : `${label}: hours are wall-clock hours on its one GPU, priced per instance-hour`;
  return { gpusPerInstance: perInstance, instances: shape.instances, gpus: shape.gpus, workloadGpus, samplesPerSecond, label, text };
}
