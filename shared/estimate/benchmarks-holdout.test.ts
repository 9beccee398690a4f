/**
 * Hold-out check of the per-architecture constants on the published single-GPU rows
 * (resources/benchmarks/published-training-throughput.json). It commits no constant: it measures how well the model
 * predicts a GPU whose rows took no part in fitting its architecture's factors.
 *
 * What was fitted on what (say it plainly): the architecture factors (conv, matmul, bandwidth, conv bandwidth, watts per TFLOP/s) in
 * calibration.ts FITTED were fitted on these same published rows, every GPU included. The global constants (compute
 * and bandwidth efficiency, half-efficiency width, activation passes, launch overheads) come from the H100 SXM
 * calibration rows (../shared/calibration) with the published rows in the same fit; they stay as fitted here, so the
 * hold-out is on the architecture factors only. Hopper's factors are 1 by definition (the H100 SXM rows), never fitted
 * on the published rows, so both H100 rows are held out as they are.
 *
 * Leave one GPU out: the held-out GPU's architecture factors are refitted on the other GPUs of that architecture; an
 * architecture with no other GPU in the set (Volta: only the V100) gets the factors the estimator gives an
 * architecture without data (Hopper's, as for Blackwell). Leave one architecture out: every GPU of the architecture
 * with those no-data factors.
 *   npx vitest run shared/estimate/benchmarks-holdout.test.ts
 */
import { describe, expect, it } from 'vitest';
import { archKnob, clone, descend, singleScore } from './benchmark-fit';
import { FITTED, type EfficiencyConstants } from './calibration';
import { ARCH_LABELS, archFamily, type ArchFamily } from './interconnect';
import { evalSingle, gpuOf, single, within, type SingleResult } from './published-benchmarks';

const NO_DATA = { conv: 1, matmul: 1, bandwidth: 1, convBandwidth: 1, wattsPerTflop: 0 };
const familyOf = (gpuId: string): ArchFamily => archFamily(gpuOf(gpuId));

function withFamily(c: EfficiencyConstants, fam: ArchFamily, factors = NO_DATA): EfficiencyConstants {
  const n = clone(c);
  n.architecture[fam] = { ...factors };
  return n;
}

/** The constants with `fam`'s factors refitted on `rows` (from the no-data factors). */
function refitFamily(fam: ArchFamily, rows: typeof single): EfficiencyConstants {
  const knobs = (['conv', 'matmul', 'bandwidth', 'convBandwidth', 'wattsPerTflop'] as const).map((k) => archKnob(fam, k));
  return descend(withFamily(FITTED, fam), knobs, (c) => singleScore(evalSingle(c, rows)), 3);
}

interface HeldOut {
  result: SingleResult;
  basis: string;
}

function leaveOneGpuOut(): HeldOut[] {
  const out: HeldOut[] = [];
  for (const id of new Set(single.map((r) => r.gpuId))) {
    const fam = familyOf(id);
    const others = single.filter((r) => r.gpuId !== id && familyOf(r.gpuId) === fam);
    const [c, basis] =
      fam === 'hopper'
        ? [FITTED, 'Hopper = 1 by definition (H100 SXM calibration rows)']
        : others.length === 0
          ? [withFamily(FITTED, fam), `no other ${ARCH_LABELS[fam]} GPU: no-data factors`]
          : [refitFamily(fam, others), `refitted on ${[...new Set(others.map((r) => r.gpuId))].join(', ')}`];
    for (const result of evalSingle(
      c,
      single.filter((r) => r.gpuId === id),
    ))
      out.push({ result, basis });
  }
  return out;
}

function leaveOneArchitectureOut(): HeldOut[] {
  return [...new Set(single.map((r) => familyOf(r.gpuId)))].flatMap((fam) =>
    evalSingle(
      fam === 'hopper' ? FITTED : withFamily(FITTED, fam),
      single.filter((r) => familyOf(r.gpuId) === fam),
    ).map((result) => ({ result, basis: fam === 'hopper' ? 'Hopper = 1 by definition' : 'no-data factors (as Hopper)' })),
  );
}

function table(title: string, rows: HeldOut[]): { text: string; within125: number; within15: number } {
  const lines = [
    '| held-out GPU | architecture | model | published samples/s | predicted | predicted ÷ published | factors from |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const { result: x, basis } of rows)
    lines.push(
      `| ${x.r.gpuId} | ${familyOf(x.r.gpuId)} | ${x.r.benchmark} | ${x.r.samplesPerSecond} | ${x.model.toFixed(0)} | ×${x.ratio.toFixed(2)} | ${basis} |`,
    );
  const within125 = rows.filter((x) => within(x.result.ratio, 1.25)).length;
  const within15 = rows.filter((x) => within(x.result.ratio, 1.5)).length;
  return {
    text: `\n${title}\n${lines.join('\n')}\nwithin ×1.25: ${within125}/${rows.length}; within ×1.5: ${within15}/${rows.length}\n`,
    within125,
    within15,
  };
}

describe('hold-out: the architecture factors predict GPUs they were not fitted on', () => {
  // Measured 2026-11-26 with the NCHW transposes and the conv-bandwidth factor: 27 of 33 within ×1.25, 28 within ×1.5
  // (before: 23 and 27; the fit on all rows: 33 of 33). The misses are the architectures with one or two other GPUs,
  // where five factors rest on three to six rows: the RTX 3090 from the A10 and A6000 (both power-limited boards, so the
  // power factor they fit throttles the 3090 too), the RTX 4090 from the RTX 6000 Ada alone (likewise).
  it('leave one GPU out: at least 27 of 33 (GPU, model) pairs within ×1.25, 28 within ×1.5', { timeout: 120_000 }, () => {
    const rows = leaveOneGpuOut();
    const t = table('Leave one GPU out (single GPU, published rows)', rows);
    console.log(t.text);
    expect(rows).toHaveLength(single.length);
    expect(t.within125).toBeGreaterThanOrEqual(27);
    expect(t.within15).toBeGreaterThanOrEqual(28);
  });

  // Measured 2026-11-26: 20 of 33 within ×1.25, 32 of 33 within ×1.5 — the spread an architecture without published
  // rows (Blackwell today) should be read with. The one beyond ×1.5 is the RTX 4090 on ResNet-50 (×0.66): Ada's 72 MB
  // L2 serves part of a convnet's traffic, which Hopper's factors cannot know (before the conv-bandwidth factor: 33 of 33).
  it('leave one architecture out: with the no-data factors, at least 20 of 33 within ×1.25 and 32 within ×1.5', () => {
    const rows = leaveOneArchitectureOut();
    const t = table('Leave one architecture out (no-data factors for the held-out architecture)', rows);
    console.log(t.text);
    expect(rows).toHaveLength(single.length);
    expect(t.within125).toBeGreaterThanOrEqual(20);
    expect(t.within15).toBeGreaterThanOrEqual(rows.length - 1);
  });
});
