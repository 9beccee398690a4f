/** The estimate as the CLI prints it with --json (docs/cli.md's shape, plus what the app adds). */
import type { WorkloadEstimate } from './estimate';
import type { OfferingSetup } from './offering-setup';
import type { WallClock } from './wall-clock';

/** Wall-clock time to a trained model with its parts (hours), the GPU-only hours beside it, and what bounds an epoch. */
function wallClockJson(w: WallClock) {
  return {
    hours: w.hours,
    gpuHours: w.gpuHours,
    bound: w.bound,
    inputSamplesPerSecond: w.inputSamplesPerSecond,
    breakdown: w.breakdown,
    /** true: the offering's cost is of these hours (the workload describes its data); false: of the GPU-only hours. */
    billed: w.described,
  };
}

/**
 * What the run uses on an offering and what its figures are of (issue 28 item 8): `hours` are wall-clock hours of the
 * run on all `gpus` (instances × gpusPerInstance, data parallel); the price is per instance (`priceUnit`), and
 * `usdPerGpuHour` is that price over the instance's GPUs.
 */
function setupJson(s: OfferingSetup, hours: number, price: { usd: number; per: string }) {
  return {
    label: s.label,
    gpusPerInstance: s.gpusPerInstance,
    instances: s.instances,
    gpus: s.gpus,
    workloadGpus: s.workloadGpus,
    samplesPerSecond: s.samplesPerSecond,
    instanceHours: Math.round(hours * s.instances * 1e4) / 1e4,
    gpuHours: Math.round(hours * s.gpus * 1e4) / 1e4,
    priceUnit: price.per === 'hour' ? 'instance-hour' : price.per === 'month' ? 'instance-month' : 'machine',
    usdPerGpuHour: price.per === 'hour' ? Math.round((price.usd / s.gpusPerInstance) * 1e4) / 1e4 : null,
    text: s.text,
  };
}

/** The docs/cli.md JSON shape (plus explanation), with every number finite. */
export function toCliJson(e: WorkloadEstimate) {
  return {
    model: { params: e.model.params, trainableParams: e.model.trainableParams, forwardFlopsPerSample: e.model.forwardFlopsPerSample },
    results: e.results.map((r) => ({
      gpuId: r.gpuId,
      gpuCount: r.gpuCount,
      fits: r.fits,
      largestBatch: r.largestBatch,
      memory: {
        peakGiB: r.memory.peakGiB,
        weightsGiB: r.memory.weightsGiB,
        gradientsGiB: r.memory.gradientsGiB,
        optimizerGiB: r.memory.optimizerGiB,
        activationsGiB: r.memory.activationsGiB,
        logitsGiB: r.memory.logitsGiB,
        requiredGiB: r.memory.requiredGiB,
      },
      stack: r.throughput.stack,
      ...(r.throughput.memoryFormat ? { memoryFormat: r.throughput.memoryFormat } : {}),
      nodeCount: e.workload.nodeCount,
      ...(e.workload.interconnect
        ? { interconnect: e.workload.interconnect, ...(e.workload.p2p === undefined ? {} : { p2p: e.workload.p2p }) }
        : {}),
      throughput: {
        samplesPerSecond: r.throughput.samplesPerSecond,
        samplesPerSecondLow: r.throughput.samplesPerSecondLow,
        samplesPerSecondHigh: r.throughput.samplesPerSecondHigh,
        /** what the range rests on: "measured" (the GPU's own rows) or "no-measurement" (widened; the reason says to what). */
        evidence: r.throughput.evidence.kind,
        evidenceReason: r.throughput.evidence.reason,
        tokensPerSecond: r.throughput.tokensPerSecond,
        stepSeconds: r.throughput.stepSeconds,
        bound: r.throughput.bound,
        microBatch: r.throughput.microBatch,
        accumulationSteps: r.throughput.accumulationSteps,
      },
      ...(r.throughput.scaling ? { scaling: r.throughput.scaling } : {}),
      ...(r.training
        ? {
            training: {
              hours: r.training.hours,
              ...(r.training.wallClock ? { wallClock: wallClockJson(r.training.wallClock) } : {}),
              offerings: r.training.offerings.map((o) => ({
                offeringId: o.offeringId,
                priceKind: o.priceKind,
                usd: o.usd,
                usdLow: o.usdLow,
                usdHigh: o.usdHigh,
                hours: o.hours,
                asOf: o.asOf,
                source: o.source,
                ...(o.setup ? { setup: setupJson(o.setup, o.hours, o.price) } : {}),
                ...(o.wallClock ? { wallClock: wallClockJson(o.wallClock) } : {}),
                ...(o.runRules?.length ? { runRules: o.runRules } : {}),
                ...(o.earlyStopping ? { earlyStopping: o.earlyStopping } : {}),
              })),
            },
          }
        : {}),
      notes: r.notes,
      explanation: r.explanation,
    })),
    unestimated: e.unestimated,
    notes: e.notes,
    warnings: e.warnings,
    leftOut: e.leftOut,
  };
}
