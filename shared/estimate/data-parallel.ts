/** Data parallel over several GPUs (and nodes): the gradient all-reduce over the machine's links, and what it costs a step. */
import type { Gpu } from '../domain/catalog';
import type { EfficiencyConstants } from './calibration';
import { intraNodeLink, nodeNetworkLink, type Link, type OfferingInterconnect } from './interconnect';
import type { ResolvedModel } from './training-run-types';
import { fmt, fmtBytes, round } from './units';

export interface DataParallelResult {
  allReduceSeconds: number;
  hiddenSeconds: number;
  exposedSeconds: number;
  syncSeconds: number;
  efficiency: number;
  link: Link;
  linkLabel: string;
  networkLabel: string | null;
  inferred: boolean;
  limit: string;
  formula: string;
}

/**
 * Data-parallel step on gpuCount GPUs over nodeCount nodes: ring all-reduce of the fp32 gradients
 * (2(g−1)/g × bytes ÷ achieved link bandwidth + 2(g−1) latencies per bucket), the node network across nodes,
 * hidden behind the backward pass (DDP buckets) up to `overlap` of it, except the last bucket; plus a
 * synchronisation/straggler share of the step per doubling of the GPU count.
 */
export function dataParallel(
  model: ResolvedModel,
  gpu: Gpu,
  gpuCount: number,
  nodeCount: number,
  microStepSeconds: number,
  stepSeconds: number,
  c: EfficiencyConstants,
  offering?: OfferingInterconnect | null,
  statedBy: 'offering' | 'workload' = 'offering',
): DataParallelResult {
  const d = c.dataParallel;
  const bytes = model.trainableParams * d.gradientBytes;
  const perNode = Math.max(1, Math.ceil(gpuCount / Math.max(1, nodeCount)));
  const link = intraNodeLink(gpu, perNode, offering, statedBy);
  const buckets = Math.max(1, Math.ceil(bytes / d.bucketBytes));
  // without peer-to-peer every copy is staged in host memory: a ring over both CPU sockets also crosses the socket link
  const crossSocket = (n: number, l: Link) => (l.kind === 'pcie-host' && n > d.gpusPerSocket ? d.hostCrossSocket : 1);
  const ring = (n: number, l: Link) =>
    n <= 1
      ? 0
      : (((2 * (n - 1)) / n) * bytes) / (d.linkEfficiency[l.kind] * crossSocket(n, l) * l.gbs * 1e9) +
        2 * (n - 1) * l.latencySeconds * buckets;
  const intra = ring(perNode, link);
  const net = nodeCount > 1 ? nodeNetworkLink(offering) : null;
  const inter = net
    ? (((2 * (gpuCount - 1)) / gpuCount) * bytes) / (d.linkEfficiency.network * net.gbs * 1e9) +
      2 * (nodeCount - 1) * net.latencySeconds * buckets
    : 0;
  const allReduce = Math.max(intra, inter);
  const backward = (2 / 3) * microStepSeconds;
  const lastBucket = allReduce * Math.min(1, d.bucketBytes / Math.max(1, bytes));
  const exposed = Math.max(allReduce - d.overlap * backward, lastBucket);
  const hidden = allReduce - exposed;
  const sync = stepSeconds * d.syncPerDoubling * Math.log2(gpuCount);
  const efficiency = stepSeconds / (stepSeconds + exposed + sync);
  const bottleneck =
    net && inter >= intra
      ? net.label
      : `${link.label}${crossSocket(perNode, link) < 1 ? ', staged copies crossing the CPU socket link' : ''}`;
  const limit =
    exposed > sync
      ? `limited by the gradient all-reduce over ${bottleneck}: ${fmtBytes(bytes)} of gradients take ${round(allReduce * 1000, 3)} ms per step, of which ${round(exposed * 1000, 3)} ms cannot hide behind the ${round(backward * 1000, 3)} ms backward pass`
      : `near-linear: the all-reduce (${round(allReduce * 1000, 3)} ms over ${bottleneck}) hides behind the backward pass; what remains is synchronisation between GPUs (${round(sync * 1000, 3)} ms)`;
  const formula =
    `ring: 2 × (g−1)/g × ${fmtBytes(bytes)} (${d.gradientBytes} B × ${fmt(model.trainableParams)} trainable) ÷ (${d.linkEfficiency[link.kind]} × ${link.gbs} GB/s ${link.label}) with g = ${perNode} GPUs per node` +
    (crossSocket(perNode, link) < 1
      ? ` × ${d.hostCrossSocket} (host-staged copies cross the CPU socket link: more than ${d.gpusPerSocket} GPUs)`
      : '') +
    (net
      ? `; across ${nodeCount} nodes: 2 × (n−1)/n × gradients ÷ (${d.linkEfficiency.network} × ${round(net.gbs, 4)} GB/s ${net.label})`
      : '') +
    `; + ${buckets} buckets × 2(g−1) × ${link.latencySeconds * 1e6} µs latency; up to ${d.overlap * 100}% of backward hides it, the last ${fmtBytes(d.bucketBytes)} bucket never`;
  return {
    allReduceSeconds: allReduce,
    hiddenSeconds: hidden,
    exposedSeconds: exposed,
    syncSeconds: sync,
    efficiency,
    link,
    linkLabel: link.label,
    networkLabel: net?.label ?? null,
    inferred: link.inferred,
    limit,
    formula,
  };
}
