/**
 * The coordinate-descent fit of the estimator's constants on the published rows (shared/estimate/benchmarks.test.ts
 * FIT=1, and the held-out fits in accuracy.ts): knobs over the constants, the single-GPU score, the descent.
 */
import type { EfficiencyConstants } from './calibration';
import type { ArchFamily } from './interconnect';
import { logErr, pairRatios, type SingleResult } from './published-benchmarks';

export interface Knob {
  name: string;
  values: number[];
  set: (c: EfficiencyConstants, v: number) => EfficiencyConstants;
}

export const clone = (c: EfficiencyConstants): EfficiencyConstants => JSON.parse(JSON.stringify(c)) as EfficiencyConstants;
const FACTORS = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.1, 1.2, 1.35, 1.5, 1.7, 2];
const WATTS_PER_TFLOP = [0, 0.5, 0.6, 0.7, 0.8, 1, 1.2, 1.5, 1.8, 2, 2.2, 2.5, 2.8, 3.2];

export type ArchKey = 'conv' | 'matmul' | 'bandwidth' | 'convBandwidth' | 'wattsPerTflop';
export function archKnob(fam: ArchFamily, key: ArchKey): Knob {
  return {
    name: `${fam}.${key}`,
    values: key === 'wattsPerTflop' ? (fam === 'hopper' ? [0, 0.5, 0.6, 0.7] : WATTS_PER_TFLOP) : FACTORS,
    set: (c, v) => {
      const n = clone(c);
      n.architecture[fam][key] = v;
      return n;
    },
  };
}

type DataParallelName = 'overlap' | 'hostCrossSocket' | 'syncPerDoubling' | 'link.pcie-p2p' | 'link.pcie-host';
export const dataParallelKnob = (name: DataParallelName, values: number[]): Knob => ({
  name,
  values,
  set: (c, v) => {
    const n = clone(c);
    if (name === 'link.pcie-p2p' || name === 'link.pcie-host')
      n.dataParallel.linkEfficiency[name === 'link.pcie-p2p' ? 'pcie-p2p' : 'pcie-host'] = v;
    else n.dataParallel[name] = v;
    return n;
  },
});

/** Worst row + mean row error + 0.05 per GPU-to-GPU ratio outside ×1.25 (the target: none outside). */
export const singleScore = (rs: SingleResult[]) => {
  const pairs = pairRatios(rs).map((p) => logErr(p.ratio));
  return (
    Math.max(...rs.map((x) => logErr(x.ratio))) +
    rs.reduce((s, x) => s + logErr(x.ratio), 0) / rs.length +
    0.05 * pairs.filter((p) => p > Math.log(1.25)).length
  );
};

/** Coordinate descent: each knob in turn to its best value, `rounds` times over. */
export function descend(
  start: EfficiencyConstants,
  knobs: Knob[],
  score: (c: EfficiencyConstants) => number,
  rounds = 4,
): EfficiencyConstants {
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
