/**
 * How accurate the estimator is, measured honestly: on the rows its constants were fitted on (in-sample, which flatters
 * it) and on rows held out of the fit (which does not). One producer for the README's accuracy tables, the report's
 * calibration table and the tests that assert the figures (accuracy.test.ts).
 *
 * What was fitted on what:
 * - the global constants (compute and bandwidth efficiency, half-efficiency width, activation passes, launch overheads)
 *   on the 15 H100 SXM calibration rows (h100-measurements.ts), with the published rows in the same fit;
 * - the architecture factors (conv, matmul, bandwidth, conv bandwidth, watts per TFLOP/s; Hopper = 1 by definition) on
 *   the 33 published single-GPU rows (resources/benchmarks/, Lambda's tables of NVIDIA DeepLearningExamples);
 * - the data-parallel constants on the published multi-GPU rows (two Lambda tables: lambda-pytorch-v0 and -v2).
 *
 * Held out:
 * - leave one GPU out: the GPU's architecture factors refitted on the other GPUs of that architecture (an architecture
 *   with no other GPU gets the no-data factors, Hopper's);
 * - leave one architecture out: every GPU of the architecture with the no-data factors (what Blackwell gets today);
 * - leave one model out: every architecture's factors refitted on the other two models' rows, the held-out model
 *   (ResNet-50, BERT-base, BERT-large) predicted;
 * - leave one source out: the published rows predicted with nothing fitted on them (no-data factors on every
 *   architecture: only the H100 calibration source speaks; the global constants' fit saw the published rows too, so
 *   this is as far as the data allows) — row by row the same figures as leaving each architecture out; the multi-GPU
 *   rows of each Lambda table predicted by data-parallel constants fitted on the other table.
 * Every published row comes from one harness (DeepLearningExamples in NGC containers, AMP, large batches): none of
 * these figures says how the model does on another harness (plain PyTorch, other models), where it is weaker.
 */
import { archKnob, clone, dataParallelKnob, descend, singleScore, type Knob } from './benchmark-fit';
import { FITTED, type EfficiencyConstants } from './calibration';
import { H100_MEASUREMENTS, h100Estimate, h100RowLabel } from './h100-measurements';
import { archFamily, ARCH_LABELS, type ArchFamily } from './interconnect';
import type { AccuracyReport, RatioFigures, ScalingFigures } from './accuracy-types';
import { evalMulti, evalSingle, gpuOf, multi, single, type MultiRow, type SingleRow } from './published-benchmarks';

const logErr = (x: number) => Math.abs(Math.log(x));
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const round = (x: number, digits: number) => Number(x.toFixed(digits));

export function ratioFigures(ratios: number[]): RatioFigures {
  const errs = ratios.map(logErr);
  return {
    n: ratios.length,
    medianError: round(Math.exp(median(errs)), 2),
    worstError: round(Math.exp(Math.max(...errs)), 2),
    within125: errs.filter((e) => e <= Math.log(1.25) + 1e-12).length,
    within15: errs.filter((e) => e <= Math.log(1.5) + 1e-12).length,
  };
}

export function scalingFigures(diffs: number[]): ScalingFigures {
  const abs = diffs.map(Math.abs);
  return {
    n: diffs.length,
    medianAbsDiff: round(median(abs), 3),
    worstAbsDiff: round(Math.max(...abs), 3),
    within010: abs.filter((d) => d <= 0.1 + 1e-9).length,
  };
}

// ---------------------------------------------------------------------------------------------------------- in-sample

/** The H100 SXM calibration rows with the live model's figures beside each measurement. */
export function h100CalibrationRows(c: EfficiencyConstants = FITTED) {
  return H100_MEASUREMENTS.map((r) => {
    const e = h100Estimate(c, r);
    return {
      label: h100RowLabel(r),
      batch: r.batch,
      amp: r.amp,
      measured: r.samples_per_s,
      model: e.throughput.samplesPerSecond,
      ratio: e.throughput.samplesPerSecond / r.samples_per_s,
      bound: e.throughput.bound,
      measuredGiB: r.peak_alloc_gib,
      modelGiB: e.memory.peakGiB,
    };
  });
}

// ----------------------------------------------------------------------------------------------------------- held out

const NO_DATA = { conv: 1, matmul: 1, bandwidth: 1, convBandwidth: 1, wattsPerTflop: 0 };
const ARCH_KEYS = ['conv', 'matmul', 'bandwidth', 'convBandwidth', 'wattsPerTflop'] as const;
export const familyOfGpu = (gpuId: string): ArchFamily => archFamily(gpuOf(gpuId));

function withNoData(c: EfficiencyConstants, families: ArchFamily[]): EfficiencyConstants {
  const n = clone(c);
  for (const f of families) if (f !== 'hopper') n.architecture[f] = { ...NO_DATA };
  return n;
}

/** `families`' factors refitted from the no-data factors on `rows` (the fit of benchmarks.test.ts FIT=1, restricted). */
function refit(families: ArchFamily[], rows: SingleRow[]): EfficiencyConstants {
  const fit = families.filter((f) => f !== 'hopper');
  const knobs: Knob[] = fit.flatMap((f) => ARCH_KEYS.map((k) => archKnob(f, k)));
  return descend(withNoData(FITTED, fit), knobs, (c) => singleScore(evalSingle(c, rows)), 3);
}

export interface HeldOutRow {
  gpuId: string;
  benchmark: string;
  published: number;
  predicted: number;
  ratio: number;
  basis: string;
}

const heldOut = (c: EfficiencyConstants, rows: SingleRow[], basis: string): HeldOutRow[] =>
  evalSingle(c, rows).map((x) => ({
    gpuId: x.r.gpuId,
    benchmark: x.r.benchmark,
    published: x.r.samplesPerSecond,
    predicted: x.model,
    ratio: x.ratio,
    basis,
  }));

export function leaveOneGpuOut(rows: SingleRow[] = single): HeldOutRow[] {
  return [...new Set(rows.map((r) => r.gpuId))].flatMap((id) => {
    const fam = familyOfGpu(id);
    const mine = rows.filter((r) => r.gpuId === id);
    const others = rows.filter((r) => r.gpuId !== id && familyOfGpu(r.gpuId) === fam);
    if (fam === 'hopper') return heldOut(FITTED, mine, 'Hopper = 1 by definition (H100 SXM calibration rows)');
    if (others.length === 0) return heldOut(withNoData(FITTED, [fam]), mine, `no other ${ARCH_LABELS[fam]} GPU: no-data factors`);
    return heldOut(refit([fam], others), mine, `refitted on ${[...new Set(others.map((r) => r.gpuId))].join(', ')}`);
  });
}

export function leaveOneArchitectureOut(rows: SingleRow[] = single): HeldOutRow[] {
  return [...new Set(rows.map((r) => familyOfGpu(r.gpuId)))].flatMap((fam) =>
    heldOut(
      withNoData(FITTED, [fam]),
      rows.filter((r) => familyOfGpu(r.gpuId) === fam),
      fam === 'hopper' ? 'Hopper = 1 by definition' : 'no-data factors (as Hopper)',
    ),
  );
}

export function leaveOneModelOut(rows: SingleRow[] = single): HeldOutRow[] {
  const families = [...new Set(rows.map((r) => familyOfGpu(r.gpuId)))];
  return [...new Set(rows.map((r) => r.benchmark))].flatMap((bench) =>
    heldOut(
      refit(
        families,
        rows.filter((r) => r.benchmark !== bench),
      ),
      rows.filter((r) => r.benchmark === bench),
      `factors refitted without ${bench}`,
    ),
  );
}

const DP_KNOBS: Knob[] = [
  dataParallelKnob('link.pcie-p2p', [0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]),
  dataParallelKnob('link.pcie-host', [0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]),
  dataParallelKnob('overlap', [0, 0.1, 0.2, 0.25, 0.3, 0.4, 0.5, 0.7, 0.9]),
  dataParallelKnob('hostCrossSocket', [0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]),
  dataParallelKnob('syncPerDoubling', [0, 0.005, 0.01, 0.015, 0.02, 0.025, 0.03, 0.04]),
];
const multiScore = (rs: ReturnType<typeof evalMulti>) =>
  rs.reduce((s, x) => s + Math.abs(x.diff) + (Math.abs(x.diff) > 0.1 ? 0.05 : 0), 0) / rs.length;

/** The data-parallel constants refitted on `rows` from neutral values (as benchmarks.test.ts LOO=1). */
function refitDataParallel(rows: MultiRow[]): EfficiencyConstants {
  const start = clone(FITTED);
  start.dataParallel = {
    ...start.dataParallel,
    linkEfficiency: { ...start.dataParallel.linkEfficiency, 'pcie-p2p': 0.5, 'pcie-host': 0.5 },
    overlap: 0.5,
    syncPerDoubling: 0.01,
  };
  return descend(start, DP_KNOBS, (c) => multiScore(evalMulti(c, rows)), 3);
}

export interface HeldOutScalingRow {
  machine: string;
  benchmark: string;
  gpuCount: number;
  source: string;
  published: number;
  predicted: number;
  diff: number;
}

/** Each Lambda table's multi-GPU rows predicted by data-parallel constants fitted on the other table's rows. */
export function multiLeaveOneSourceOut(rows: MultiRow[] = multi): HeldOutScalingRow[] {
  const sources = [...new Set(rows.map((r) => r.source))];
  return sources.flatMap((source) =>
    evalMulti(
      refitDataParallel(rows.filter((r) => r.source !== source)),
      rows.filter((r) => r.source === source),
    ).map((x) => ({
      machine: x.r.benchmarkGpu,
      benchmark: x.r.benchmark,
      gpuCount: x.r.gpuCount,
      source,
      published: x.r.scalingEfficiency,
      predicted: x.eff,
      diff: x.diff,
    })),
  );
}

// ------------------------------------------------------------------------------------------------------------- report

/** Every figure of the accuracy tables, from the live model (a few seconds: the held-out fits run here). */
export function accuracyReport(): AccuracyReport {
  const r = (rows: HeldOutRow[]) => ratioFigures(rows.map((x) => x.ratio));
  return {
    inSample: {
      h100: ratioFigures(h100CalibrationRows().map((x) => x.ratio)),
      published: ratioFigures(evalSingle(FITTED).map((x) => x.ratio)),
      multiGpu: scalingFigures(evalMulti(FITTED).map((x) => x.diff)),
    },
    heldOut: {
      gpu: r(leaveOneGpuOut()),
      architecture: r(leaveOneArchitectureOut()),
      model: r(leaveOneModelOut()),
      multiGpuSource: scalingFigures(multiLeaveOneSourceOut().map((x) => x.diff)),
    },
  };
}

const ratioCells = (f: RatioFigures) =>
  `${f.n} | ×${f.medianError.toFixed(2)} | ${f.within125}/${f.n} | ${f.within15}/${f.n} (${Math.round((100 * f.within15) / f.n)}%) | ×${f.worstError.toFixed(2)}`;
const scalingCells = (f: ScalingFigures) =>
  `${f.n} | ${f.medianAbsDiff.toFixed(3)} | ${f.within010}/${f.n} (${Math.round((100 * f.within010) / f.n)}%) | ${f.worstAbsDiff.toFixed(2)}`;

/** The README's accuracy section (shared/estimate/README.md, between the `accuracy` markers). */
export function accuracyMarkdown(a: AccuracyReport): string {
  return [
    '| throughput (model ÷ measured)                                      | rows | median error | within ×1.25 | within ×1.5 | worst |',
    '| ------------------------------------------------------------------- | ---- | ------------ | ------------ | ----------- | ----- |',
    `| in-sample: H100 SXM calibration rows                                | ${ratioCells(a.inSample.h100)} |`,
    `| in-sample: published single-GPU rows                                | ${ratioCells(a.inSample.published)} |`,
    `| held out: leave one GPU out                                         | ${ratioCells(a.heldOut.gpu)} |`,
    `| held out: leave one architecture out = leave one source out (no published row in the fit) | ${ratioCells(a.heldOut.architecture)} |`,
    `| held out: leave one model out                                       | ${ratioCells(a.heldOut.model)} |`,
    '',
    '| scaling efficiency (model − published)                     | rows | median difference | within 0.10 | worst |',
    '| ---------------------------------------------------------- | ---- | ----------------- | ----------- | ----- |',
    `| in-sample: published multi-GPU rows                        | ${scalingCells(a.inSample.multiGpu)} |`,
    `| held out: leave one source out (each Lambda table by the other) | ${scalingCells(a.heldOut.multiGpuSource)} |`,
  ].join('\n');
}

/** The README's H100 calibration table (in-sample), from the live model. */
export function calibrationMarkdown(c: EfficiencyConstants = FITTED): string {
  const lines = [
    '| workload | batch | amp | measured samples/s | model samples/s | ratio | bound | measured peak GiB | model peak GiB | mem error |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const x of h100CalibrationRows(c))
    lines.push(
      `| ${x.label} | ${x.batch} | ${x.amp} | ${x.measured.toFixed(1)} | ${x.model.toFixed(1)} | ×${x.ratio.toFixed(2)} | ${x.bound} | ${x.measuredGiB.toFixed(2)} | ${x.modelGiB.toFixed(2)} | ${((x.modelGiB / x.measuredGiB - 1) * 100).toFixed(1)}% |`,
    );
  return lines.join('\n');
}

export type { AccuracyReport, RatioFigures, ScalingFigures } from './accuracy-types';
