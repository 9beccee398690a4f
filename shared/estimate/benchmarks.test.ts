/**
 * The estimator against published training throughputs across GPUs and GPU counts
 * (resources/benchmarks/published-training-throughput.json, with sources). Prints its tables:
 *   npx vitest run shared/estimate/benchmarks.test.ts
 * FIT=1 refits the architecture, stack and data-parallel constants; LOO=1 predicts each GPU (or each multi-GPU
 * machine) from constants fitted on the others.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import benchmarks from '../../resources/benchmarks/published-training-throughput.json';
import gpusJson from '../../resources/catalog/gpus.json';
import type { Gpu } from '../domain/catalog';
import { FITTED, H100_SXM_DATASHEET, UNCERTAINTY, type EfficiencyConstants } from './calibration';
import { archFamily, type ArchFamily, type OfferingInterconnect } from './interconnect';
import { resolveModel } from './model';
import { estimateTrainingRun } from './training-run';
import { parseWorkload } from './workload';

interface SingleRow {
  gpuId: string;
  benchmarkGpu: string;
  benchmark: string;
  model: string;
  input: Record<string, number>;
  precision: string;
  batchSize: number;
  samplesPerSecond: number;
  source: string;
}
interface MultiRow {
  gpuId: string;
  benchmarkGpu: string;
  benchmark: string;
  model: string;
  input: Record<string, number>;
  precision: string;
  batchSizePerGpu: number;
  gpuCount: number;
  samplesPerSecond: number;
  singleGpuSamplesPerSecond: number;
  scalingEfficiency: number;
  interconnect: string;
  interconnectAssumed: boolean;
  source: string;
  excluded?: string;
}

const doc = benchmarks as unknown as {
  singleGpu: SingleRow[];
  multiGpu: MultiRow[];
  settings: Record<string, { optimizer: string; stack: string; gradientBytes: number }>;
};
const gpus = new Map((gpusJson as unknown as { gpus: Gpu[] }).gpus.map((g) => [g.id, g]));
const single = doc.singleGpu;
const multi = doc.multiGpu.filter((r) => !r.excluded);

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
    gpuCount,
  });
}

function gpuOf(id: string): Gpu {
  const g = gpus.get(id);
  if (!g) throw new Error(`benchmark GPU ${id} is not in the catalog`);
  return g;
}

function evalSingle(c: EfficiencyConstants, rows = single) {
  return rows.map((r) => {
    const w = workload(r, r.batchSize);
    const e = estimateTrainingRun(resolveModel(w), w, gpuOf(r.gpuId), 1, { constants: c });
    return { r, e, model: e.throughput.samplesPerSecond, ratio: e.throughput.samplesPerSecond / r.samplesPerSecond };
  });
}

function evalMulti(c: EfficiencyConstants, rows = multi) {
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

/** For each model, every pair of GPUs: (model ratio between the GPUs) ÷ (measured ratio). */
function pairRatios(results: ReturnType<typeof evalSingle>) {
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

const logErr = (x: number) => Math.abs(Math.log(x));

function singleTable(results: ReturnType<typeof evalSingle>): string {
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

function multiTable(results: ReturnType<typeof evalMulti>): string {
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
function excludedTable(rows: MultiRow[]): string {
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

function summary(results: ReturnType<typeof evalSingle>) {
  const within125 = results.filter((x) => logErr(x.ratio) <= Math.log(1.25)).length;
  const worst = results.reduce((w, x) => (logErr(x.ratio) > logErr(w.ratio) ? x : w));
  const pairs = pairRatios(results);
  const worstPair = pairs.reduce((w, x) => (logErr(x.ratio) > logErr(w.ratio) ? x : w));
  const pairsWithin = pairs.filter((p) => logErr(p.ratio) <= Math.log(1.25)).length;
  const median = [...results.map((x) => logErr(x.ratio))].sort((a, b) => a - b)[Math.floor(results.length / 2)]!;
  return { within125, n: results.length, worst, pairs: pairs.length, pairsWithin, worstPair, median };
}

/* --------------------------------------------------------------------------------------------- fitting */

// The H100 SXM measurements (../shared/calibration) stay in every fit: a constant that helps the published rows but
// moves an H100 row out of its accuracy is not taken.
interface SeedRow {
  name: string;
  batch: number;
  amp: string;
  window?: number;
  image?: number;
  seq?: number;
  mode?: string;
  grad_ckpt?: boolean;
  step_s: number;
  samples_per_s: number;
  params: number;
}
const seedRows: SeedRow[] = readFileSync(
  path.resolve(__dirname, '..', '..', '..', 'shared', 'calibration', 'h100-sxm-measured.jsonl'),
  'utf8',
)
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as SeedRow)
  .filter((r) => r.step_s);
const SEED_PRESETS: Record<string, string> = {
  resnet34_1d: 'resnet34-1d',
  resnet34_2d: 'resnet34',
  bert_base: 'bert-base',
  'qwen2.5_0.5b_full': 'qwen2.5-0.5b',
  mistral_7b_lora: 'mistral-7b',
  gpt2_small_full: 'gpt2-small',
};
function seedRatios(c: EfficiencyConstants): number[] {
  return seedRows.map((r) => {
    const input = r.window ? { windowSamples: r.window } : r.image ? { imageSize: r.image } : { seqLen: r.seq };
    const w = parseWorkload({
      model: { preset: SEED_PRESETS[r.name] },
      input,
      batchSize: r.batch,
      precision: r.amp === 'bf16' ? 'bf16' : 'fp32',
      method: r.mode === 'lora' ? 'lora' : 'full',
      gradientCheckpointing: r.grad_ckpt ?? false,
    });
    const model = resolveModel(w);
    if (r.image) model.profile.params = r.params;
    return estimateTrainingRun(model, w, H100_SXM_DATASHEET as Gpu, 1, { constants: c }).throughput.samplesPerSecond / r.samples_per_s;
  });
}
function seedRatiosByBound(c: EfficiencyConstants): Array<[string, number]> {
  return seedRows.map((r, i) => {
    const input = r.window ? { windowSamples: r.window } : r.image ? { imageSize: r.image } : { seqLen: r.seq };
    const w = parseWorkload({
      model: { preset: SEED_PRESETS[r.name] },
      input,
      batchSize: r.batch,
      precision: r.amp === 'bf16' ? 'bf16' : 'fp32',
      method: r.mode === 'lora' ? 'lora' : 'full',
      gradientCheckpointing: r.grad_ckpt ?? false,
    });
    const model = resolveModel(w);
    if (r.image) model.profile.params = r.params;
    return [estimateTrainingRun(model, w, H100_SXM_DATASHEET as Gpu, 1, { constants: c }).throughput.bound, seedRatios(c)[i]!];
  });
}
const seedScore = (c: EfficiencyConstants) => {
  const errs = seedRatios(c).map(logErr);
  const worst = Math.max(...errs);
  return worst > Math.log(1.3) ? 100 : worst + errs.reduce((a, b) => a + b, 0) / errs.length;
};

type Knob = {
  get: (c: EfficiencyConstants) => number;
  set: (c: EfficiencyConstants, v: number) => EfficiencyConstants;
  values: number[];
  name: string;
};
const clone = (c: EfficiencyConstants): EfficiencyConstants => JSON.parse(JSON.stringify(c)) as EfficiencyConstants;
const FACTORS = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.1, 1.2, 1.35, 1.5, 1.7, 2];
const WPT = [0, 0.5, 0.6, 0.7, 0.8, 1, 1.2, 1.5, 1.8, 2, 2.2, 2.5, 2.8, 3.2];
function archKnob(fam: ArchFamily, key: 'conv' | 'matmul' | 'bandwidth' | 'wattsPerTflop'): Knob {
  return {
    name: `${fam}.${key}`,
    values: key === 'wattsPerTflop' ? (fam === 'hopper' ? [0, 0.5, 0.6, 0.7] : WPT) : FACTORS,
    get: (c) => c.architecture[fam][key],
    set: (c, v) => {
      const n = clone(c);
      n.architecture[fam][key] = v;
      return n;
    },
  };
}
const FAMILIES: ArchFamily[] = ['volta', 'ampere-ga100', 'ampere-ga10x', 'ada'];
const globalKnob = (name: 'computeEfficiency' | 'halfEfficiencyWidth' | 'halfWidthPeakExponent', values: number[]): Knob => ({
  name,
  values,
  get: (c) => c[name],
  set: (c, v) => ({ ...clone(c), [name]: v }),
});
const singleKnobs: Knob[] = [
  globalKnob('computeEfficiency', [0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8]),
  globalKnob('halfEfficiencyWidth', [128, 192, 256, 384, 512, 640, 768, 1024, 1536]),
  globalKnob('halfWidthPeakExponent', [0, 0.25, 0.5, 0.75, 1, 1.25]),
  ...FAMILIES.flatMap((f) => [archKnob(f, 'conv'), archKnob(f, 'matmul'), archKnob(f, 'bandwidth'), archKnob(f, 'wattsPerTflop')]),
  archKnob('hopper', 'wattsPerTflop'),
];
const dpKnobs: Knob[] = [
  ...(['pcie-p2p', 'pcie-host'] as const).map((k): Knob => ({
    name: `link.${k}`,
    values: [0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8],
    get: (c) => c.dataParallel.linkEfficiency[k],
    set: (c, v) => {
      const n = clone(c);
      n.dataParallel.linkEfficiency[k] = v;
      return n;
    },
  })),
  {
    name: 'overlap',
    values: [0, 0.1, 0.2, 0.25, 0.3, 0.4, 0.5, 0.7, 0.9],
    get: (c) => c.dataParallel.overlap,
    set: (c, v) => {
      const n = clone(c);
      n.dataParallel.overlap = v;
      return n;
    },
  },
  {
    name: 'hostCrossSocket',
    values: [0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1],
    get: (c) => c.dataParallel.hostCrossSocket,
    set: (c, v) => {
      const n = clone(c);
      n.dataParallel.hostCrossSocket = v;
      return n;
    },
  },
  {
    name: 'syncPerDoubling',
    values: [0, 0.005, 0.01, 0.015, 0.02, 0.025, 0.03, 0.04],
    get: (c) => c.dataParallel.syncPerDoubling,
    set: (c, v) => {
      const n = clone(c);
      n.dataParallel.syncPerDoubling = v;
      return n;
    },
  },
];
const singleScore = (rs: ReturnType<typeof evalSingle>) => {
  const pairs = pairRatios(rs).map((p) => logErr(p.ratio));
  return (
    Math.max(...rs.map((x) => logErr(x.ratio))) +
    rs.reduce((s, x) => s + logErr(x.ratio), 0) / rs.length +
    pairs.filter((p) => p > Math.log(1.25)).length / pairs.length
  );
};
const multiScore = (rs: ReturnType<typeof evalMulti>) =>
  rs.reduce((s, x) => s + Math.abs(x.diff) + (Math.abs(x.diff) > 0.1 ? 0.05 : 0), 0) / rs.length;

function descend<T>(start: EfficiencyConstants, knobs: Knob[], score: (c: EfficiencyConstants) => number, rounds = 4): EfficiencyConstants {
  let best = { c: start, s: score(start) };
  for (let round = 0; round < rounds; round += 1)
    for (const k of knobs)
      for (const v of k.values) {
        const c = k.set(best.c, v);
        const s = score(c);
        if (s < best.s - 1e-9) best = { c, s };
      }
  return best.c;
}

/** The data-parallel constants by a grid (coordinate descent stops in a local minimum here): fewest rows off by more than 0.10, then the mean error. */
function gridDataParallel(start: EfficiencyConstants, rows = multi): EfficiencyConstants {
  let best = { c: start, misses: Infinity, mean: Infinity };
  for (const overlap of [0, 0.05, 0.1, 0.15, 0.25, 0.4])
    for (const p2p of [0.5, 0.6, 0.7, 0.75, 0.8, 0.9])
      for (const host of [0.15, 0.2, 0.25, 0.3, 0.35, 0.4])
        for (const hostCrossSocket of [0.5, 0.6, 0.7, 0.8, 1])
          for (const syncPerDoubling of [0, 0.005, 0.01, 0.02]) {
            const c = clone(start);
            c.dataParallel = {
              ...c.dataParallel,
              overlap,
              syncPerDoubling,
              hostCrossSocket,
              linkEfficiency: { ...c.dataParallel.linkEfficiency, 'pcie-p2p': p2p, 'pcie-host': host },
            };
            const rs = evalMulti(c, rows);
            const misses = rs.filter((x) => Math.abs(x.diff) > 0.1 + 1e-9).length;
            const mean = rs.reduce((a, x) => a + Math.abs(x.diff), 0) / rs.length;
            if (misses < best.misses || (misses === best.misses && mean < best.mean - 1e-9)) best = { c, misses, mean };
          }
  return best.c;
}

describe('published training throughputs across GPUs (resources/benchmarks/)', () => {
  it('FIT=1 refits the per-architecture, stack and data-parallel constants', { timeout: 900_000 }, () => {
    if (!process.env.FIT) return;
    const c1 = descend(FITTED, singleKnobs, (c) => singleScore(evalSingle(c)) + seedScore(c));
    const c2 = gridDataParallel(c1);
    console.log(
      'fitted',
      JSON.stringify({
        computeEfficiency: c2.computeEfficiency,
        halfEfficiencyWidth: c2.halfEfficiencyWidth,
        halfWidthPeakExponent: c2.halfWidthPeakExponent,
        architecture: c2.architecture,
        dataParallel: c2.dataParallel,
      }),
    );
    console.log(
      'H100 seed ratios',
      seedRatios(c2)
        .map((x) => x.toFixed(2))
        .join(' '),
    );
    console.log(singleTable(evalSingle(c2)));
    console.log(multiTable(evalMulti(c2)));
  });

  it('LOO=1: each GPU predicted by constants fitted without it; each multi-GPU machine likewise', { timeout: 1_800_000 }, () => {
    if (!process.env.LOO) return;
    const lines: string[] = ['| held-out GPU | model | model ÷ published |', '|---|---|---|'];
    for (const id of new Set(single.map((r) => r.gpuId))) {
      const train = single.filter((r) => r.gpuId !== id);
      // the held-out GPU's architecture starts from neutral factors (an architecture with no other GPU stays there)
      const start = clone(FITTED);
      start.architecture[archFamily(gpuOf(id))] = { conv: 1, matmul: 1, bandwidth: 1, wattsPerTflop: 0 };
      const c = descend(start, singleKnobs, (k) => singleScore(evalSingle(k, train)) + seedScore(k), 3);
      for (const x of evalSingle(
        c,
        single.filter((r) => r.gpuId === id),
      ))
        lines.push(`| ${id} | ${x.r.benchmark} | ×${x.ratio.toFixed(2)} |`);
    }
    const mlines: string[] = ['| held-out machine | model | GPUs | published | predicted | difference |', '|---|---|---|---|---|---|'];
    for (const name of new Set(multi.map((r) => r.benchmarkGpu))) {
      const train = multi.filter((r) => r.benchmarkGpu !== name);
      const start = clone(FITTED);
      start.dataParallel = {
        ...start.dataParallel,
        linkEfficiency: { ...start.dataParallel.linkEfficiency, 'pcie-p2p': 0.5, 'pcie-host': 0.5 },
        overlap: 0.5,
        syncPerDoubling: 0.01,
      };
      const c = descend(start, dpKnobs, (k) => multiScore(evalMulti(k, train)), 3);
      for (const x of evalMulti(
        c,
        multi.filter((r) => r.benchmarkGpu === name),
      ))
        mlines.push(
          `| ${name} | ${x.r.benchmark} | ${x.r.gpuCount} | ${x.r.scalingEfficiency.toFixed(2)} | ${x.eff.toFixed(2)} | ${x.diff >= 0 ? '+' : ''}${x.diff.toFixed(2)} |`,
        );
    }
    console.log(
      `\nLeave-one-GPU-out (single GPU)\n${lines.join('\n')}\n\nLeave-one-machine-out (scaling efficiency)\n${mlines.join('\n')}\n`,
    );
  });

  it('single GPU: within ×1.25 on at least 90% of (GPU, model) pairs, none worse than ×1.5, ratios between GPUs within ×1.25', () => {
    const results = evalSingle(FITTED);
    const s = summary(results);
    const gpuIds = new Set(single.map((r) => r.gpuId));
    console.log(
      `\nSingle-GPU published throughputs (${gpuIds.size} GPUs, ${s.n} pairs)\n${singleTable(results)}\n` +
        `within ×1.25: ${s.within125}/${s.n}; median error ${((Math.exp(s.median) - 1) * 100).toFixed(1)}%; worst ${s.worst.r.gpuId} ${s.worst.r.benchmark} ×${s.worst.ratio.toFixed(2)}; ` +
        `GPU-to-GPU ratios within ×1.25: ${s.pairsWithin}/${s.pairs}, worst ${s.worstPair.bench} ${s.worstPair.a}/${s.worstPair.b} ×${s.worstPair.ratio.toFixed(2)}\n`,
    );
    expect(gpuIds.size).toBeGreaterThanOrEqual(10);
    expect(s.within125 / s.n).toBeGreaterThanOrEqual(0.9);
    expect(logErr(s.worst.ratio)).toBeLessThan(Math.log(1.5));
    expect(s.pairsWithin / s.pairs).toBeGreaterThanOrEqual(0.95);
    // the pairs outside ×1.25 are all ResNet-50 against an H100 (H100 SXM ×1.35, H100 PCIe ×1.15 over the published rows;
    // not an input pipeline: Lambda runs ResNet-50 on synthetic data — see shared/estimate/README.md)
    const misses = pairRatios(results).filter((p) => logErr(p.ratio) > Math.log(1.25));
    console.log(`GPU pairs outside ×1.25:\n${misses.map((p) => `${p.bench} ${p.a}/${p.b} ×${p.ratio.toFixed(2)}`).join('\n')}\n`);
    expect(misses.every((p) => p.bench === 'resnet50' && [p.a, p.b].some((id) => id.startsWith('h100-')))).toBe(true);
  });

  it('multi-GPU: scaling efficiency within 0.10 of the published figure on 2, 4 and 8 GPUs, NVLink and PCIe', () => {
    const results = evalMulti(FITTED);
    const within = results.filter((x) => Math.abs(x.diff) <= 0.1);
    const excluded = doc.multiGpu.filter((r) => r.excluded);
    console.log(
      `\nMulti-GPU scaling efficiency (${results.length} rows; ${excluded.length} excluded in the file, with the reason)\n${multiTable(results)}\n` +
        `${excludedTable(excluded)}\n` +
        `within 0.10: ${within.length}/${results.length}; worst ${results.reduce((w, x) => (Math.abs(x.diff) > Math.abs(w.diff) ? x : w)).diff.toFixed(2)}\n`,
    );
    // one row is missed: RTX 6000 Ada BERT-large on 4 GPUs, published super-linear (1.05), which no all-reduce reaches
    expect(within.length).toBeGreaterThanOrEqual(results.length - 1);
    // the poorly scaling cases the issue names: BERT-large on 8 V100 16 GB, BERT on 8 GeForce cards, BERT-large on 2 RTX 4090
    const named = results.filter(
      (x) =>
        (x.r.gpuId === 'v100-sxm2-16gb' && x.r.benchmark === 'bert_large_squad') ||
        (x.r.gpuId === 'rtx-2080ti-11gb' && x.r.benchmark === 'bert_base_squad') ||
        (x.r.gpuId === 'rtx-4090-24gb' && x.r.benchmark === 'bert_large_squad'),
    );
    expect(named.length).toBe(7);
    for (const x of named)
      expect(Math.abs(x.diff), `${x.r.benchmarkGpu} ${x.r.benchmark} ×${x.r.gpuCount}`).toBeLessThanOrEqual(0.1 + 1e-9);
    // and the model says so: BERT-large on 8 V100 16 GB is far from linear (published 0.63)
    expect(named.find((x) => x.r.gpuId === 'v100-sxm2-16gb' && x.r.gpuCount === 8)!.eff).toBeLessThan(0.75);
  });

  it('the stated uncertainty ranges cover the spread measured in each regime', () => {
    const spread: Record<string, number[]> = {};
    for (const x of evalSingle(FITTED)) (spread[x.e.throughput.bound] ??= []).push(x.ratio);
    seedRatiosByBound(FITTED).forEach(([bound, ratio]) => (spread[bound] ??= []).push(ratio));
    console.log(
      `\nModel ÷ measured by regime (published rows and H100 rows)\n| regime | rows | min | max | stated range |\n|---|---|---|---|---|\n${Object.entries(
        spread,
      )
        .map(
          ([b, r]) =>
            `| ${b} | ${r.length} | ×${Math.min(...r).toFixed(2)} | ×${Math.max(...r).toFixed(2)} | ×${UNCERTAINTY[b as 'compute'].modelOverMeasuredMin}–×${UNCERTAINTY[b as 'compute'].modelOverMeasuredMax} |`,
        )
        .join('\n')}\n`,
    );
    for (const [bound, ratios] of Object.entries(spread))
      for (const ratio of ratios) {
        expect(ratio, bound).toBeGreaterThanOrEqual(UNCERTAINTY[bound as 'compute'].modelOverMeasuredMin);
        expect(ratio, bound).toBeLessThanOrEqual(UNCERTAINTY[bound as 'compute'].modelOverMeasuredMax);
      }
    for (const x of evalSingle(FITTED)) {
      const u = UNCERTAINTY[x.e.throughput.bound];
      expect(x.ratio, `${x.r.gpuId} ${x.r.benchmark} (${x.e.throughput.bound})`).toBeGreaterThanOrEqual(u.modelOverMeasuredMin);
      expect(x.ratio, `${x.r.gpuId} ${x.r.benchmark} (${x.e.throughput.bound})`).toBeLessThanOrEqual(u.modelOverMeasuredMax);
    }
    const diffs = evalMulti(FITTED)
      .map((x) => Math.abs(x.diff))
      .sort((a, b) => a - b);
    // the stated multi-GPU error covers 90% of the published rows (the rest are the inconsistent A100 80GB SXM4 BERT-large runs)
    expect(diffs[Math.floor(diffs.length * 0.9) - 1]!).toBeLessThanOrEqual(UNCERTAINTY.multiGpu.efficiencyError + 1e-9);
  });
});
