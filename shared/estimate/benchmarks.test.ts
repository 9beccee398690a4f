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
import { archKnob, clone, dataParallelKnob, descend, globalKnob, singleScore, type Knob } from './benchmark-fit';
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
const singleKnobs: Knob[] = [
  globalKnob('computeEfficiency', [0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8]),
  globalKnob('halfEfficiencyWidth', [128, 192, 256, 384, 512, 640, 768, 1024, 1536]),
  globalKnob('halfWidthPeakExponent', [0, 0.25, 0.5, 0.75, 1, 1.25]),
  globalKnob('bandwidthEfficiency', [0.75, 0.8, 0.85, 0.9, 0.95]),
  globalKnob('nonOverlap', [0, 0.1, 0.2, 0.3, 0.5]),
  globalKnob('activationTrafficPasses', [12, 13, 14, 15, 16, 17, 18, 20]),
  ...FAMILIES.flatMap((f) => [archKnob(f, 'conv'), archKnob(f, 'matmul'), archKnob(f, 'bandwidth'), archKnob(f, 'wattsPerTflop')]),
  archKnob('hopper', 'wattsPerTflop'),
];
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
    const c1 = descend(FITTED, singleKnobs, (c) => singleScore(evalSingle(c)) + seedScore(c));
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
    // The ratio target (every pair within ×1.25) holds for every pair without a Hopper ResNet-50 row: 108 of 108 here.
    const pairs = pairRatios(results);
    const hopperResnet = (p: { bench: string; a: string; b: string }) =>
      p.bench === 'resnet50' && [p.a, p.b].some((id) => id.startsWith('h100-'));
    const others = pairs.filter((p) => !hopperResnet(p));
    expect(others.filter((p) => !within(p.ratio, 1.25)).map((p) => `${p.bench} ${p.a}/${p.b} ×${p.ratio.toFixed(2)}`)).toEqual([]);
    // The 7 pairs outside ×1.25 are all ResNet-50 against an H100 (the published H100 SXM row is ×1.35 over the model, the
    // H100 PCIe row ×1.15): no property of the H100 reaches them without moving an H100 calibration row out of its
    // accuracy (next test). Not an input pipeline: Lambda runs ResNet-50 on synthetic data (shared/estimate/README.md).
    const misses = pairs.filter((p) => !within(p.ratio, 1.25));
    console.log(`GPU pairs outside ×1.25:\n${misses.map((p) => `${p.bench} ${p.a}/${p.b} ×${p.ratio.toFixed(2)}`).join('\n')}\n`);
    expect(misses.every(hopperResnet)).toBe(true);
    expect(s.pairsWithin).toBeGreaterThanOrEqual(158);
    expect(logErr(s.worstPair.ratio)).toBeLessThan(Math.log(1.5));
  });

  it('the H100 ResNet-50 pairs are out of reach of any H100 property: every bandwidth or compute scale that brings them within ×1.25 moves an H100 calibration row out of its accuracy', () => {
    // Whatever would explain the published H100 SXM ResNet-50 row (achievable HBM3 fraction, a Little's-law ceiling of
    // bytes in flight per SM, clocks, power) acts on the H100 SXM as a scale on its achieved bandwidth and/or its sustained
    // TFLOP/s. Scan both and apply them to the published H100 SXM rows AND to the H100 SXM calibration rows.
    const todayWorst = Math.max(...seedRatios(FITTED).map(logErr));
    const scales = [0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 1, 1.05, 1.1];
    const lines = ['| bandwidth × | TFLOP/s × | H100 SXM ResNet-50 pairs within ×1.25 | worst H100 calibration row |', '|---|---|---|---|'];
    let reachable = 0;
    for (const bw of scales)
      for (const tf of scales) {
        const scale = (g: Gpu): Gpu =>
          g.id !== 'h100-sxm-80gb'
            ? g
            : {
                ...g,
                memoryBandwidthGBs: g.memoryBandwidthGBs * bw,
                tflops: Object.fromEntries(Object.entries(g.tflops).map(([k, v]) => [k, v === null ? null : v * tf])) as Gpu['tflops'],
              };
        const pairs = pairRatios(evalSingle(FITTED, single, scale)).filter(
          (p) => p.bench === 'resnet50' && [p.a, p.b].includes('h100-sxm-80gb'),
        );
        const ok = pairs.filter((p) => within(p.ratio, 1.25)).length;
        const seedWorst = Math.max(...seedEstimates(FITTED, scale(H100_SXM_DATASHEET as Gpu)).map((x) => logErr(x.ratio)));
        if (bw === 1 || tf === 1) lines.push(`| ${bw} | ${tf} | ${ok}/${pairs.length} | ×${Math.exp(seedWorst).toFixed(2)} |`);
        if (ok === pairs.length && seedWorst <= todayWorst + 1e-9) reachable += 1;
      }
    console.log(
      `\nScaling the H100 SXM (today the worst H100 calibration row is off by ×${Math.exp(todayWorst).toFixed(2)})\n${lines.join('\n')}\n`,
    );
    expect(reachable).toBe(0);
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
    // the stated multi-GPU error covers 90% of the published rows (the rest are the inconsistent A100 80GB SXM4 BERT-large runs)
    expect(diffs[Math.floor(diffs.length * 0.9) - 1]!).toBeLessThanOrEqual(UNCERTAINTY.multiGpu.efficiencyError + 1e-9);
  });
});
