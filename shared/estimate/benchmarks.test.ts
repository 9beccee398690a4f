/**
 * The estimator against published training throughputs across GPUs and GPU counts
 * (resources/benchmarks/published-training-throughput.json, with sources). Prints its tables:
 *   npx vitest run shared/estimate/benchmarks.test.ts
 * FIT=1 refits the architecture, stack and data-parallel constants; LOO=1 predicts each GPU (or each multi-GPU
 * machine) from constants fitted on the others.
 */
import { describe, expect, it } from 'vitest';
import { h100Estimate, h100Rows } from '../../electron/test-support/h100-calibration';
import type { Gpu } from '../domain/catalog';
import { FITTED, H100_SXM_DATASHEET, UNCERTAINTY, type EfficiencyConstants } from './calibration';
import { resolveModel } from './model';
import { estimateTrainingRun } from './training-run';
import { parseWorkload } from './workload';
import { archKnob, clone, dataParallelKnob, descend, singleScore, type Knob } from './benchmark-fit';
import { archFamily, type ArchFamily } from './interconnect';
import {
  evalMulti,
  evalSingle,
  excludedTable,
  gpuOf,
  logErr,
  within,
  multi,
  multiAll,
  multiTable,
  pairRatios,
  single,
  singleTable,
  summary,
} from './published-benchmarks';

/* --------------------------------------------------------------------------------------------- fitting */

// The H100 SXM measurements (../shared/calibration) stay in every fit: a constant that helps the published rows but
// moves an H100 row out of its accuracy is not taken.
/** Each H100 row's estimate: its bound and model ÷ measured throughput. */
function seedEstimates(c: EfficiencyConstants, gpu = H100_SXM_DATASHEET as Gpu): Array<{ bound: string; ratio: number }> {
  return h100Rows.map((r) => {
    const t = h100Estimate(c, r, gpu).throughput;
    return { bound: t.bound, ratio: t.samplesPerSecond / r.samples_per_s };
  });
}
const seedRatios = (c: EfficiencyConstants): number[] => seedEstimates(c).map((x) => x.ratio);
const seedScore = (c: EfficiencyConstants) => {
  const errs = seedRatios(c).map(logErr);
  const worst = Math.max(...errs);
  // the H100 rows stay as accurate as they are: none worse than the worst today (resnet34_2d fp32 batch 64, ×0.85)
  return worst > Math.log(1.18) ? 100 : worst + errs.reduce((a, b) => a + b, 0) / errs.length;
};

const FAMILIES: ArchFamily[] = ['volta', 'ampere-ga100', 'ampere-ga10x', 'ada'];
// The global constants (compute and bandwidth efficiency, half-efficiency width, activation passes) come from the H100 SXM
// calibration rows (calibration.test.ts); the published rows fit the per-architecture factors.
const singleKnobs: Knob[] = [
  ...FAMILIES.flatMap((f) => (['conv', 'matmul', 'bandwidth', 'convBandwidth', 'wattsPerTflop'] as const).map((k) => archKnob(f, k))),
  archKnob('hopper', 'wattsPerTflop'),
];
/** NCHW transpose passes: weakly identified by the published rows (only the two Hopper ResNet-50 rows see them), so the
 * fit prints its score for each and takes the stated value (calibration.ts), which the published channels-last speedups
 * support. */
const NCHW_PASSES = [2, 3, 4, 5, 6];
const dpKnobs: Knob[] = [
  dataParallelKnob('link.pcie-p2p', [0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]),
  dataParallelKnob('link.pcie-host', [0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]),
  dataParallelKnob('overlap', [0, 0.1, 0.2, 0.25, 0.3, 0.4, 0.5, 0.7, 0.9]),
  dataParallelKnob('hostCrossSocket', [0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]),
  dataParallelKnob('syncPerDoubling', [0, 0.005, 0.01, 0.015, 0.02, 0.025, 0.03, 0.04]),
];
const multiScore = (rs: ReturnType<typeof evalMulti>) =>
  rs.reduce((s, x) => s + Math.abs(x.diff) + (Math.abs(x.diff) > 0.1 ? 0.05 : 0), 0) / rs.length;

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
    const score = (c: EfficiencyConstants) => singleScore(evalSingle(c)) + seedScore(c);
    const fits = NCHW_PASSES.map((k) => descend({ ...clone(FITTED), nchwTransposePasses: k }, singleKnobs, score));
    console.log(`score by NCHW transpose passes: ${fits.map((c) => `${c.nchwTransposePasses}: ${score(c).toFixed(3)}`).join(', ')}`);
    const c1 = fits.find((c) => c.nchwTransposePasses === FITTED.nchwTransposePasses)!;
    const c2 = gridDataParallel(c1);
    console.log(
      'fitted',
      JSON.stringify({
        computeEfficiency: c2.computeEfficiency,
        halfEfficiencyWidth: c2.halfEfficiencyWidth,
        halfWidthPeakExponent: c2.halfWidthPeakExponent,
        bandwidthEfficiency: c2.bandwidthEfficiency,
        activationTrafficPasses: c2.activationTrafficPasses,
        nonOverlap: c2.nonOverlap,
        nchwTransposePasses: c2.nchwTransposePasses,
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
      start.architecture[archFamily(gpuOf(id))] = { conv: 1, matmul: 1, bandwidth: 1, convBandwidth: 1, wattsPerTflop: 0 };
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
    // every GPU-to-GPU ratio within ×1.25 (before the NCHW transposes were modelled: 158 of 165, all ResNet-50 against an H100)
    const misses = pairRatios(results).filter((p) => !within(p.ratio, 1.25));
    expect(misses.map((p) => `${p.bench} ${p.a}/${p.b} ×${p.ratio.toFixed(2)}`)).toEqual([]);
    expect(s.pairsWithin).toBe(s.pairs);
  });

  it('what NCHW costs a ResNet-50 in the model lies within the published channels-last speedups (×1.22–×1.30)', () => {
    // Lambda's ResNet-50 runs are NCHW (memory_format : nchw in their logs); the H100 calibration rows are channels-last.
    // Published: PyTorch's channels-last tutorial, ResNet-50 AMP training on a V100: 22% faster in channels-last
    // (https://pytorch.org/tutorials/intermediate/memory_format_tutorial.html#performance-gains); MosaicML's Composer
    // method card: about 30% on V100 and A100 (https://docs.mosaicml.com/projects/composer/en/stable/method_cards/channels_last.html).
    const lines = ['| GPU | bound | channels-last samples/s | NCHW samples/s | NCHW slower by |', '|---|---|---|---|---|'];
    const slowdowns = new Map<string, number>();
    for (const id of ['v100-sxm2-16gb', 'a100-sxm-80gb', 'rtx-4090-24gb', 'h100-sxm-80gb']) {
      const row = single.find((r) => r.gpuId === id && r.benchmark === 'resnet50')!;
      const run = (memoryFormat: 'nchw' | 'channels-last') => {
        const w = parseWorkload({
          model: { preset: 'resnet50' },
          input: row.input,
          batchSize: row.batchSize,
          precision: 'fp16',
          optimizer: 'sgd-momentum',
          memoryFormat,
        });
        return estimateTrainingRun(resolveModel(w), w, gpuOf(id), 1, { constants: FITTED }).throughput;
      };
      const [last, nchw] = [run('channels-last'), run('nchw')];
      slowdowns.set(id, last.samplesPerSecond / nchw.samplesPerSecond);
      lines.push(
        `| ${id} | ${nchw.bound} | ${last.samplesPerSecond.toFixed(0)} | ${nchw.samplesPerSecond.toFixed(0)} | ×${slowdowns.get(id)!.toFixed(2)} |`,
      );
    }
    console.log(`\nResNet-50 fp16, NCHW against channels-last, at the published rows' batch sizes\n${lines.join('\n')}\n`);
    // memory-bound (the H100 SXM): the whole published range; compute-bound GPUs pay less, never nothing and never more
    expect(slowdowns.get('h100-sxm-80gb')!).toBeGreaterThanOrEqual(1.2);
    expect(slowdowns.get('h100-sxm-80gb')!).toBeLessThanOrEqual(1.3);
    for (const x of slowdowns.values()) expect(x).toBeGreaterThan(1.02);
    for (const x of slowdowns.values()) expect(x).toBeLessThanOrEqual(1.3);
    // and BERT has no memory format: the same estimate either way
    const bert = (memoryFormat: 'nchw' | 'channels-last') => {
      const w = parseWorkload({ model: { preset: 'bert-base' }, input: { seqLen: 384 }, batchSize: 32, precision: 'fp16', memoryFormat });
      return estimateTrainingRun(resolveModel(w), w, gpuOf('a100-sxm-80gb'), 1, { constants: FITTED }).throughput;
    };
    expect(bert('nchw').samplesPerSecond).toBe(bert('channels-last').samplesPerSecond);
    expect(bert('nchw').memoryFormat).toBeNull();
  });

  it('multi-GPU: scaling efficiency within 0.10 of the published figure on 2, 4 and 8 GPUs, NVLink and PCIe', () => {
    const results = evalMulti(FITTED);
    const within = results.filter((x) => Math.abs(x.diff) <= 0.1);
    const excluded = multiAll.filter((r) => r.excluded);
    console.log(
      `\nMulti-GPU scaling efficiency (${results.length} rows; ${excluded.length} excluded in the file, with the reason)\n${multiTable(results)}\n` +
        `${excludedTable(excluded)}\n` +
        `within 0.10: ${within.length}/${results.length}; worst ${results.reduce((w, x) => (Math.abs(x.diff) > Math.abs(w.diff) ? x : w)).diff.toFixed(2)}\n`,
    );
    // every row the file does not exclude (the RTX 6000 Ada 4- and 8-GPU rows, super-linear up to 1.05, are excluded: their
    // 1-GPU divisor was run on another machine, a workstation, not on the server that ran them; see their `excluded` text)
    expect(within.length).toBe(results.length);
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
    seedEstimates(FITTED).forEach(({ bound, ratio }) => (spread[bound] ??= []).push(ratio));
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
    // the stated multi-GPU error covers every published row in use (the excluded ones carry their evidence in the file)
    expect(diffs[diffs.length - 1]!).toBeLessThanOrEqual(UNCERTAINTY.multiGpu.efficiencyError + 1e-9);
  });
});
