/**
 * The published training throughputs (resources/benchmarks/published-training-throughput.json) as the estimator sees
 * them, and the model's figures beside them: the rows, the machines' links, one row's estimate and the comparisons the
 * benchmark tests print (shared/estimate/benchmarks.test.ts, accuracy.ts).
 */
import benchmarks from '../../resources/benchmarks/published-training-throughput.json';
import gpusJson from '../../resources/catalog/gpus.json';
import type { Gpu } from '../domain/catalog';
import { FITTED, type EfficiencyConstants } from './calibration';
import { archFamily, type OfferingInterconnect } from './interconnect';
import { resolveModel } from './model';
import { estimateTrainingRun } from './training-run';
import { parseWorkload } from './workload';

interface PublishedRow {
  gpuId: string;
  benchmarkGpu: string;
  benchmark: string;
  model: string;
  input: Record<string, number>;
  precision: string;
  samplesPerSecond: number;
  source: string;
}
export interface SingleRow extends PublishedRow {
  batchSize: number;
}
export interface MultiRow extends PublishedRow {
  batchSizePerGpu: number;
  gpuCount: number;
  singleGpuSamplesPerSecond: number;
  scalingEfficiency: number;
  interconnect: string;
  interconnectAssumed: boolean;
  excluded?: string;
}

const doc = benchmarks as unknown as {
  singleGpu: SingleRow[];
  multiGpu: MultiRow[];
  settings: Record<string, { optimizer: string; stack: string; memoryFormat?: string; gradientBytes: number }>;
};
const gpus = new Map((gpusJson as unknown as { gpus: Gpu[] }).gpus.map((g) => [g.id, g]));
export const single = doc.singleGpu;
export const multiAll = doc.multiGpu;
export const multi = doc.multiGpu.filter((r) => !r.excluded);

/** The machines' links as the benchmark file states them. */
const LINKS: Record<string, OfferingInterconnect> = {
  'pcie3-p2p': { kind: 'pcie', pcieGeneration: 3, p2p: true },
  'pcie3-no-p2p': { kind: 'pcie', pcieGeneration: 3, p2p: false },
  'pcie4-p2p': { kind: 'pcie', pcieGeneration: 4, p2p: true },
  'pcie4-no-p2p': { kind: 'pcie', pcieGeneration: 4, p2p: false },
  'pcie5-p2p': { kind: 'pcie', pcieGeneration: 5, p2p: true },
  'nvswitch-nvlink3': { kind: 'nvswitch', nvlinkGeneration: 3, gbsPerDirection: 300 },
  'nvswitch-nvlink4': { kind: 'nvswitch', nvlinkGeneration: 4, gbsPerDirection: 450 },
};

function workload(r: { model: string; input: Record<string, number>; benchmark: string }, batch: number, gpuCount = 1) {
  const s = doc.settings[r.benchmark]!;
  return parseWorkload({
    model: { preset: r.model },
    input: r.input,
    batchSize: batch,
    precision: 'fp16',
    optimizer: s.optimizer,
    stack: s.stack,
    memoryFormat: s.memoryFormat,
    gpuCount,
  });
}

export function gpuOf(id: string): Gpu {
  const g = gpus.get(id);
  if (!g) throw new Error(`benchmark GPU ${id} is not in the catalog`);
  return g;
}

/** Each single-GPU row's estimate; `adjust` changes a GPU's datasheet (what-if scans), identity by default. */
export function evalSingle(c: EfficiencyConstants, rows = single, adjust: (gpu: Gpu) => Gpu = (g) => g) {
  return rows.map((r) => {
    const w = workload(r, r.batchSize);
    const e = estimateTrainingRun(resolveModel(w), w, adjust(gpuOf(r.gpuId)), 1, { constants: c });
    return { r, e, model: e.throughput.samplesPerSecond, ratio: e.throughput.samplesPerSecond / r.samplesPerSecond };
  });
}
export type SingleResult = ReturnType<typeof evalSingle>[number];

export function evalMulti(c: EfficiencyConstants, rows = multi) {
  return rows.map((r) => {
    const w1 = workload(r, r.batchSizePerGpu);
    const wn = workload(r, r.batchSizePerGpu, r.gpuCount);
    const gpu = gpuOf(r.gpuId);
    const model = resolveModel(w1);
    const one = estimateTrainingRun(model, w1, gpu, 1, { constants: c });
    // the benchmark's own software decides the gradient bytes all-reduced (apex O2 BERT: fp16; native AMP ResNet-50: fp32)
    const own = { ...c, dataParallel: { ...c.dataParallel, gradientBytes: doc.settings[r.benchmark]!.gradientBytes } };
    const n = estimateTrainingRun(model, wn, gpu, r.gpuCount, { constants: own, interconnect: LINKS[r.interconnect]! });
    const eff = n.throughput.samplesPerSecond / (r.gpuCount * one.throughput.samplesPerSecond);
    return { r, eff, diff: eff - r.scalingEfficiency, limit: n.throughput.scaling?.limit ?? '' };
  });
}

export const logErr = (x: number) => Math.abs(Math.log(x));
export const within = (ratio: number, factor: number) => logErr(ratio) <= Math.log(factor) + 1e-12;

/** For each model, every pair of GPUs: (model ratio between the GPUs) ÷ (measured ratio). */
export function pairRatios(results: Array<Pick<SingleResult, 'r' | 'model'>>) {
  const out: Array<{ bench: string; a: string; b: string; ratio: number }> = [];
  for (const bench of new Set(results.map((x) => x.r.benchmark))) {
    const rows = results.filter((x) => x.r.benchmark === bench);
    for (let i = 0; i < rows.length; i += 1)
      for (let j = i + 1; j < rows.length; j += 1) {
        const a = rows[i]!;
        const b = rows[j]!;
        out.push({ bench, a: a.r.gpuId, b: b.r.gpuId, ratio: a.model / b.model / (a.r.samplesPerSecond / b.r.samplesPerSecond) });
      }
  }
  return out;
}

export function singleTable(results: SingleResult[]): string {
  const lines = [
    '| GPU (benchmark name) | architecture | model | batch | published samples/s | model samples/s | model ÷ published | bound |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const { r, e, model, ratio } of results)
    lines.push(
      `| ${r.gpuId} (${r.benchmarkGpu}) | ${archFamily(gpuOf(r.gpuId))} | ${r.benchmark} | ${r.batchSize} | ${r.samplesPerSecond} | ${model.toFixed(0)} | ×${ratio.toFixed(2)} | ${e.throughput.bound} |`,
    );
  return lines.join('\n');
}

export function multiTable(results: ReturnType<typeof evalMulti>): string {
  const lines = [
    '| machine | model | GPUs | batch/GPU | link (benchmark) | published efficiency | model efficiency | difference | model says |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const { r, eff, diff, limit } of results)
    lines.push(
      `| ${r.benchmarkGpu} | ${r.benchmark} | ${r.gpuCount} | ${r.batchSizePerGpu} | ${r.interconnect}${r.interconnectAssumed ? ' (assumed)' : ''} | ${r.scalingEfficiency.toFixed(2)} | ${eff.toFixed(2)} | ${diff >= 0 ? '+' : ''}${diff.toFixed(2)} | ${limit.split(':')[0]} |`,
    );
  return lines.join('\n');
}

/** The rows the benchmark file excludes, with the model's efficiency beside them and the recorded reason. */
export function excludedTable(rows: MultiRow[]): string {
  const lines = [
    '| excluded machine | model | GPUs | batch/GPU | published efficiency | model efficiency | why excluded (resources/benchmarks/) |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const x of evalMulti(FITTED, rows))
    lines.push(
      `| ${x.r.benchmarkGpu} | ${x.r.benchmark} | ${x.r.gpuCount} | ${x.r.batchSizePerGpu} | ${x.r.scalingEfficiency.toFixed(2)} | ${x.eff.toFixed(2)} | ${x.r.excluded} |`,
    );
  return lines.join('\n');
}

export function summary(results: SingleResult[]) {
  const within125 = results.filter((x) => within(x.ratio, 1.25)).length;
  const worst = results.reduce((w, x) => (logErr(x.ratio) > logErr(w.ratio) ? x : w));
  const pairs = pairRatios(results);
  const worstPair = pairs.reduce((w, x) => (logErr(x.ratio) > logErr(w.ratio) ? x : w));
  const pairsWithin = pairs.filter((p) => within(p.ratio, 1.25)).length;
  const median = [...results.map((x) => logErr(x.ratio))].sort((a, b) => a - b)[Math.floor(results.length / 2)]!;
  return { within125, n: results.length, worst, pairs: pairs.length, pairsWithin, worstPair, median };
}
