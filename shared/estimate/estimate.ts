/**
 * One workload across the catalog: every GPU (memory, fits, throughput, bound, hours) and every offering of it
 * (cost per price kind with the price and its date), ranked, with the explanation of every figure.
 */
import { assertFiniteEstimate } from './finite-guard';
import type { Gpu, OfferingWithPrices, Price, PriceKind } from '../domain/catalog';
import { flagIndex, flagInconsistentPrices, flagKey, type PriceFlag } from '../domain/price-health';
import { UserError } from '../domain/errors';
import { ASSUMPTIONS, FITTED, type EfficiencyConstants } from './calibration';
import { splitEstimable, type Unestimated } from './accelerators';
import { offeringInterconnectOf } from './interconnect';
import { COST_ASSUMPTIONS, costOfRun, type CostAssumptions, type OfferingCost } from './cost';
import { runRuleNotes, type RunRuleNotes } from './estimate-run-rules';
import { resolveModel } from './model';
import { findPreset } from './presets';
import { paretoFront, rankByCost, rowKey } from './ranking';
import { describeSetup, offeringShape, type OfferingSetup } from './offering-setup';
import { estimateTrainingRun } from './training-run';
import type { ExplanationLine, MemoryEstimate, ThroughputEstimate } from './training-run-types';
import { wallClock, type WallClock, type WallClockMachine, type WallClockRun } from './wall-clock';
import { hostOf, runLimitsOf } from '../domain/run-limits';
import { checkWorkload, parseWorkload, type Workload } from './workload';

export interface GpuEstimate {
  gpuId: string;
  gpuName: string;
  gpuCount: number;
  fits: boolean;
  largestBatch: number;
  memory: MemoryEstimate;
  throughput: ThroughputEstimate;
  /** hours: GPU-only training hours (data already on the GPU); wallClock: time to a trained model on a machine with the
   * default host (its parts in `breakdown`); each offering has its own wall clock from its vCPUs and session limits. */
  training?: { hours: number; wallClock: WallClock | null; offerings: PricedOffering[] };
  notes: string[];
  explanation: ExplanationLine[];
}

/** A priced offering with what one run breaks on it and its early-stopping line. */
export interface PricedOffering extends OfferingCost, RunRuleNotes {
  /** wall-clock time to a trained model on this offering's machine (its vCPUs, storage, session limit). */
  wallClock?: WallClock | null;
  /** the GPUs and instances the run uses on this offering, and what its hours and price are of. */
  setup?: OfferingSetup;
}

export interface RankedRow extends OfferingCost, RunRuleNotes {
  wallClock?: WallClock | null;
  /** the GPUs and instances the run uses on this offering, and what its hours and price are of. */
  setup?: OfferingSetup;
  key: string;
  fits: boolean;
  /** training hours on the GPU (before spot rework): wall-clock when the workload describes its data, else GPU-only. */
  trainingHours: number;
  /** GPU-only hours (data already on the GPU). */
  gpuHours?: number;
  bound: ThroughputEstimate['bound'];
  pareto: boolean;
  rank: number;
}

export interface WorkloadEstimate {
  model: {
    name: string;
    params: number;
    trainableParams: number;
    forwardFlopsPerSample: number;
    tokensPerSample: number | null;
    source: string | null;
  };
  workload: Workload;
  results: GpuEstimate[];
  ranking: RankedRow[];
  /** Accelerators listed and priced in the catalog that the model does not estimate (TPUs, CPU-only), with why. */
  unestimated: Unestimated[];
  notes: string[];
  /** soft problems on a workload field (the estimate still runs), e.g. a GPU count no offering has. */
  warnings: Array<{ field: string; message: string }>;
  /** Prices the app flags as inconsistent, left out of this estimate (empty when the lead includes them), with why. */
  leftOut: LeftOutPrice[];
  assumptions: { efficiency: EfficiencyConstants; memory: { -readonly [K in keyof typeof ASSUMPTIONS]: number }; cost: CostAssumptions };
}

/** A price left out of an estimate because the app flags it as inconsistent. */
export interface LeftOutPrice {
  offeringId: string;
  providerName: string;
  sku: string;
  priceKind: PriceKind;
  usd: number;
  per: Price['per'];
  asOf: string;
  reason: string;
}

export interface EstimateOptions {
  /** limit to these GPUs (unknown ids are a user error). */
  gpuIds?: string[];
  constants?: EfficiencyConstants;
  cost?: Partial<CostAssumptions>;
  /** The catalog's inconsistent prices (computed from `offerings` when not given: pass them to save the work per call). */
  priceFlags?: readonly PriceFlag[];
  /** Price flagged prices too (issue 19 item 13); by default they are left out, each with its reason. */
  includeFlagged?: boolean;
}

/** Estimates a (raw or parsed) workload on every GPU of the catalog and prices every offering. */
export function estimateWorkloadAcrossCatalog(
  workloadInput: unknown,
  gpus: Gpu[],
  offerings: OfferingWithPrices[],
  options: EstimateOptions = {},
): WorkloadEstimate {
  const workload = parseWorkload(workloadInput);
  return estimateParsedWorkload(workload, gpus, offerings, options);
}

export function estimateParsedWorkload(
  workload: Workload,
  gpus: Gpu[],
  offerings: OfferingWithPrices[],
  options: EstimateOptions = {},
): WorkloadEstimate {
  const preset = checkWorkload(workload);
  const costAssumptions: CostAssumptions = { ...COST_ASSUMPTIONS, ...options.cost };
  let selected = gpus;
  if (options.gpuIds && options.gpuIds.length > 0) {
    const known = new Map(gpus.map((g) => [g.id, g]));
    const unknown = options.gpuIds.filter((id) => !known.has(id));
    if (unknown.length)
      throw new UserError(
        'UNKNOWN_GPU',
        `Unknown GPU ${unknown.map((u) => `"${u}"`).join(', ')}; known: ${gpus.map((g) => g.id).join(', ')}`,
        { field: 'gpu', value: unknown.join(','), expected: 'a GPU id from the catalog' },
      );
    selected = options.gpuIds.map((id) => known.get(id)!);
  }
  const split = splitEstimable(selected, offerings);
  selected = split.estimable;
  const model = resolveModel(workload);
  const offeringsByGpu = new Map<string, OfferingWithPrices[]>();
  for (const o of offerings) {
    const list = offeringsByGpu.get(o.gpuId) ?? [];
    list.push(o);
    offeringsByGpu.set(o.gpuId, list);
  }
  const notes: string[] = [];
  const warnings: WorkloadEstimate['warnings'] = [];
  const flags = flagIndex(options.priceFlags ?? flagInconsistentPrices(offerings));
  const leftOut = new Map<string, LeftOutPrice>();
  const selectedIds = new Set(selected.map((g) => g.id));
  const boxes = offerings.filter((o) => selectedIds.has(o.gpuId)).map((o) => o.gpuCount);
  const largestBox = boxes.length ? Math.max(...boxes) : 0;
  const gpusPerNode = Math.ceil(workload.gpuCount / workload.nodeCount);
  // one node: more GPUs than an instance holds are priced as several instances of a multi-GPU offering (offering-setup.ts)
  if (largestBox > 0 && gpusPerNode > largestBox && (workload.nodeCount > 1 || largestBox === 1)) {
    const message =
      workload.nodeCount > 1
        ? `No offering in the catalog has ${gpusPerNode} GPUs of one type per machine (largest: ${largestBox}) for ${workload.gpuCount} GPUs over ${workload.nodeCount} nodes; times are shown, costs are not.`
        : `No offering in the catalog has ${workload.gpuCount} GPUs of one type (largest: ${largestBox}); times are shown, costs are not.`;
    warnings.push({ field: 'gpuCount', message });
    notes.push(message);
  }
  if (workload.gpuCount > 1)
    notes.push(
      `batchSize ${workload.batchSize} is per GPU: data parallel over ${workload.gpuCount} GPUs makes a global batch of ${workload.batchSize * workload.gpuCount}.`,
    );
  if (!workload.dataset || workload.epochs === undefined)
    notes.push('No dataset and epochs: training time and costs are not computed (give dataset.samples and epochs).');

  const results: GpuEstimate[] = [];
  const rows: RankedRow[] = [];
  for (const gpu of selected) {
    const run = estimateTrainingRun(model, workload, gpu, workload.gpuCount, options.constants ? { constants: options.constants } : {});
    if (gpu.vendor !== 'NVIDIA') run.notes.push(`${gpu.name} is not a CUDA GPU: the calibration (PyTorch on CUDA) transfers only roughly.`);
    const result: GpuEstimate = {
      gpuId: gpu.id,
      gpuName: gpu.name,
      gpuCount: workload.gpuCount,
      fits: run.fits,
      largestBatch: run.largestBatch,
      memory: run.memory,
      throughput: run.throughput,
      notes: run.notes,
      explanation: run.explanation,
    };
    if (run.hours !== null) {
      const costs: PricedOffering[] = [];
      const wallRun: WallClockRun = {
        family: model.profile.family,
        trainableParams: model.trainableParams,
        tokensPerSample: model.profile.tokensPerSample,
        gpuSamplesPerSecond: run.throughput.samplesPerSecond,
      };
      // The explanation lines are written for the GPU's own wall clock; an offering's carries its figures (bench: < 5 ms).
      const wallOn = (o: OfferingWithPrices | null, gpuSamplesPerSecond: number): WallClock | null => {
        const limits = o ? runLimitsOf(o.id) : null;
        const machine: WallClockMachine = {
          vcpus: o ? (hostOf(o.id)?.vcpus ?? o.vcpus ?? null) : null,
          sessionHours: limits?.sessionHours ?? null,
          driveByDefault: o !== null && limits?.sessionHours !== null && limits?.sessionHours !== undefined,
          ...(o ? { label: `${o.providerName} ${o.sku}` } : {}),
        };
        return wallClock(workload, { ...wallRun, gpuSamplesPerSecond }, machine, o === null);
      };
      const gpuWall = wallOn(null, run.throughput.samplesPerSecond);
      if (gpuWall) run.explanation.push(...gpuWall.lines);
      // Each offering's run uses every GPU of the instances it rents (offering-setup.ts), data parallel over the offering's
      // own links where it states them (NVSwitch, PCIe without peer-to-peer, its network), else the workload's or the GPU's.
      const runs = new Map<string, { hours: number; samplesPerSecond: number; scaling: string | null }>();
      const hoursOn = (
        o: OfferingWithPrices,
        shape: { gpus: number; nodes: number },
      ): { hours: number; samplesPerSecond: number; scaling: string | null } => {
        const links = offeringInterconnectOf(o);
        const asAsked = shape.gpus === workload.gpuCount && shape.nodes === workload.nodeCount;
        if (asAsked && (workload.gpuCount <= 1 || !links))
          return { hours: run.hours!, samplesPerSecond: run.throughput.samplesPerSecond, scaling: null };
        const key = `${shape.gpus}/${shape.nodes}/${JSON.stringify(links)}`;
        const cached = runs.get(key);
        if (cached) return cached;
        const own = estimateTrainingRun(model, { ...workload, gpuCount: shape.gpus, nodeCount: shape.nodes }, gpu, shape.gpus, {
          ...(options.constants ? { constants: options.constants } : {}),
          ...(links ? { interconnect: links } : {}),
        });
        const s = own.throughput.scaling;
        const value = {
          hours: own.hours ?? run.hours!,
          samplesPerSecond: own.throughput.samplesPerSecond,
          scaling: s
            ? `${Math.round(s.efficiency * 100)}% scaling over ${s.link}${s.network ? ` and ${s.network}` : ''}${links ? " (this machine's links)" : ''}`
            : null,
        };
        runs.set(key, value);
        return value;
      };
      for (const offering of run.largestBatch >= 1 ? (offeringsByGpu.get(gpu.id) ?? []) : []) {
        const shape = offeringShape(offering.gpuCount, workload.gpuCount, workload.nodeCount);
        if (!shape) {
          run.notes.push(
            `${offering.providerName} ${offering.sku} has ${offering.gpuCount} GPU${offering.gpuCount > 1 ? 's' : ''}; the workload asks for ${workload.gpuCount} (gpuCount${workload.nodeCount > 1 ? `, ${gpusPerNode} per node` : ''}): not priced.`,
          );
          continue;
        }
        const machines = shape.instances;
        const own = hoursOn(offering, shape);
        const setup = describeSetup(gpu.name, shape, offering.gpuCount, workload.gpuCount, workload.batchSize, own.samplesPerSecond);
        const wall = wallOn(offering, own.samplesPerSecond);
        // Costs are of the wall-clock hours once the workload describes its data; until then of the GPU-only hours, as said.
        const billedHours = wall && wall.described ? wall.hours : own.hours;
        for (const price of offering.prices) {
          const flag = flags.get(flagKey(offering.id, price.kind));
          if (flag && !options.includeFlagged) {
            leftOut.set(flagKey(offering.id, price.kind), {
              offeringId: offering.id,
              providerName: offering.providerName,
              sku: offering.sku,
              priceKind: price.kind,
              usd: price.usd,
              per: price.per,
              asOf: price.asOf,
              reason: flag.reason,
            });
            continue;
          }
          const one = costOfRun(billedHours, offering, price, gpu, workload.checkpointEveryMinutes, costAssumptions);
          if (!one) continue;
          const times = (x: number | null) => (x === null ? null : Math.round(x * machines * 100) / 100);
          const cost =
            machines > 1
              ? {
                  ...one,
                  usd: times(one.usd)!,
                  usdLow: times(one.usdLow),
                  usdHigh: times(one.usdHigh),
                  basis: `${machines} instances × (${one.basis})`,
                }
              : one;
          cost.basis = `${setup.text}. ${cost.basis}`;
          if (own.scaling) cost.basis += `; ${own.scaling}`;
          const noted = { ...runRuleNotes(cost, workload), wallClock: wall, setup };
          costs.push(noted);
          rows.push({
            ...noted,
            key: rowKey(cost.offeringId, cost.priceKind),
            fits: run.fits || run.largestBatch >= 1,
            trainingHours: billedHours,
            gpuHours: wall?.gpuHours ?? own.hours,
            bound: run.throughput.bound,
            pareto: false,
            rank: 0,
          });
        }
      }
      result.training = { hours: run.hours, wallClock: gpuWall, offerings: costs };
    }
    results.push(result);
  }
  // Rentals first, purchases after (buying is a different decision); the Pareto star only on rentals that fit the batch as
  // asked (a row that needs gradient accumulation, or that does not fit, is never starred).
  const fitsAsAsked = new Set(results.filter((r) => r.fits).map((r) => r.gpuId));
  const rentals = rows.filter((r) => r.priceKind !== 'purchase');
  const front = paretoFront(rentals.map((r) => ({ ...r, fits: r.fits && fitsAsAsked.has(r.gpuId) })));
  const ranking = [...rankByCost(rentals), ...rankByCost(rows.filter((r) => r.priceKind === 'purchase'))].map((r, i) => ({
    ...r,
    pareto: front.has(r.key),
    rank: i + 1,
  }));
  const p = model.profile;
  assertFiniteEstimate(
    { params: p.params, forwardFlopsPerSample: p.forwardLinearFlops + p.forwardAttentionFlops + p.forwardFrozenFlops },
    results,
    Boolean(workload.dataset && workload.epochs !== undefined),
  );
  return {
    model: {
      name: model.label,
      params: p.params,
      trainableParams: model.trainableParams,
      forwardFlopsPerSample: p.forwardLinearFlops + p.forwardAttentionFlops + p.forwardFrozenFlops,
      tokensPerSample: p.tokensPerSample,
      source: preset?.source ?? ('preset' in workload.model ? (findPreset(workload.model.preset)?.source ?? null) : null),
    },
    workload,
    results,
    ranking,
    unestimated: split.unestimated,
    notes: split.unestimated.length
      ? [...notes, ...[...new Set(split.unestimated.map((u) => `${u.kind === 'tpu' ? 'TPU' : 'CPU'}: ${u.reason}`))]]
      : notes,
    warnings,
    leftOut: [...leftOut.values()],
    assumptions: { efficiency: options.constants ?? FITTED, memory: ASSUMPTIONS, cost: costAssumptions },
  };
}
