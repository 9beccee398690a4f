/**
 * Calibration: reproduce every row of ../shared/calibration/h100-sxm-measured.jsonl (throughput within ×1.3,
 * peak memory of bf16 rows within ±20%) and print the error table. `FIT=1` also runs the grid search that chose
 * the constants in calibration.ts and prints them.
 */
import { describe, expect, it } from 'vitest';
import { h100Estimate, h100Rows, type H100Row } from '../../electron/test-support/h100-calibration';
import { FITTED, type EfficiencyConstants } from './calibration';

type Row = H100Row;
const rows = h100Rows;

function evaluate(c: EfficiencyConstants, subset: Row[] = rows) {
  return subset.map((r) => {
    const e = h100Estimate(c, r);
    return { row: r, e, thr: e.throughput.samplesPerSecond / r.samples_per_s, mem: e.memory.peakGiB / r.peak_alloc_gib };
  });
}

function table(results: ReturnType<typeof evaluate>): string {
  const lines = [
    '| workload | batch | amp | measured samples/s | model samples/s | ratio | bound | measured peak GiB | model peak GiB | mem error |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const { row: r, e, thr, mem } of results) {
    const what = `${r.name}${r.window ? ` L=${r.window}` : r.image ? ` ${r.image}px` : ` seq ${r.seq}`}${r.grad_ckpt ? ' ckpt' : ''}`;
    lines.push(
      `| ${what} | ${r.batch} | ${r.amp} | ${r.samples_per_s.toFixed(1)} | ${e.throughput.samplesPerSecond.toFixed(1)} | ×${thr.toFixed(2)} | ${e.throughput.bound} | ${r.peak_alloc_gib.toFixed(2)} | ${e.memory.peakGiB.toFixed(2)} | ${((mem - 1) * 100).toFixed(1)}%${r.amp === 'bf16' || !r.name.startsWith('resnet') ? '' : ' (fp32: incl. cuDNN workspace)'} |`,
    );
  }
  return lines.join('\n');
}

const score = (results: ReturnType<typeof evaluate>) =>
  Math.max(...results.map((x) => Math.abs(Math.log(x.thr)))) +
  (0.3 * results.reduce((s, x) => s + Math.abs(Math.log(x.thr)), 0)) / results.length;

describe('calibration on the H100 SXM measurements', () => {
  it('fits (FIT=1 prints the grid search)', () => {
    if (!process.env.FIT) return;
    // coordinate descent over the free constants, from the current values
    const grid: Record<string, number[]> = {
      computeEfficiency: [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8],
      halfEfficiencyWidth: [0, 64, 128, 192, 256, 384, 512, 768, 1024],
      activationTrafficPasses: [2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 24],
      secondsPerOp: [80e-6, 100e-6, 120e-6, 130e-6, 140e-6, 150e-6, 160e-6, 180e-6, 200e-6],
      secondsPerCast: [0, 20e-6, 40e-6, 60e-6, 90e-6],
      nonOverlap: [0, 0.25, 0.5, 0.75, 1],
      fixedStepSeconds: [0, 0.5e-3, 1e-3, 2e-3, 3e-3],
      gpuSecondsPerOp: [0, 5e-6, 10e-6, 15e-6, 20e-6, 25e-6, 30e-6, 40e-6, 50e-6, 60e-6],
    };
    let best: { c: EfficiencyConstants; s: number } = { c: FITTED, s: score(evaluate(FITTED)) };
    // random search over the grid (deterministic generator), then coordinate descent
    let seed = 42;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let n = 0; n < 30000; n += 1) {
      const c = { ...FITTED } as unknown as Record<string, number>;
      for (const [key, values] of Object.entries(grid)) c[key] = values[Math.floor(rand() * values.length)]!;
      const s = score(evaluate(c as unknown as EfficiencyConstants));
      if (s < best.s) best = { c: c as unknown as EfficiencyConstants, s };
    }
    for (let round = 0; round < 6; round += 1) {
      for (const [key, values] of Object.entries(grid)) {
        for (const v of values) {
          const c = { ...best.c, [key]: v };
          const s = score(evaluate(c));
          if (s < best.s - 1e-9) best = { c, s };
        }
      }
    }
    console.log('fitted constants', JSON.stringify(best.c, null, 1), 'score', best.s);
    console.log(table(evaluate(best.c)));
  });

  it('leave-one-out: each row predicted by constants fitted on the other 14 (LOO=1)', () => {
    if (!process.env.LOO) return;
    const grid: Record<string, number[]> = {
      computeEfficiency: [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7],
      halfEfficiencyWidth: [0, 64, 128, 256, 384, 512, 768],
      activationTrafficPasses: [4, 8, 12, 14, 16, 18, 20, 24],
      secondsPerOp: [80e-6, 100e-6, 120e-6, 140e-6, 160e-6],
      secondsPerCast: [0, 40e-6, 90e-6],
      fixedStepSeconds: [0, 0.5e-3, 1e-3, 3e-3],
      gpuSecondsPerOp: [0, 10e-6, 25e-6, 40e-6, 60e-6],
    };
    const lines: string[] = [];
    for (const held of rows) {
      const train = rows.filter((r) => r !== held);
      let best = { c: FITTED, s: score(evaluate(FITTED, train)) };
      for (let round = 0; round < 4; round += 1)
        for (const [key, values] of Object.entries(grid))
          for (const v of values) {
            const c = { ...best.c, [key]: v };
            const s2 = score(evaluate(c, train));
            if (s2 < best.s - 1e-9) best = { c, s: s2 };
          }
      const [x] = evaluate(best.c, [held]);
      lines.push(`| ${held.name} b${held.batch} ${held.amp} | ×${x!.thr.toFixed(2)} |`);
    }
    console.log(`\nLeave-one-out throughput ratios (model ÷ measured)\n| held-out row | ratio |\n|---|---|\n${lines.join('\n')}\n`);
  });

  it('reproduces every row within ×1.3 throughput and ±20% peak memory (fp32 CNN rows with cuDNN workspace, issue 17)', () => {
    const results = evaluate(FITTED);
    console.log(`\nCalibration error table (constants ${JSON.stringify(FITTED)})\n${table(results)}\n`);
    for (const { row, thr, mem } of results) {
      expect(thr, `${row.name} b${row.batch} ${row.amp} throughput ratio`).toBeGreaterThan(1 / 1.3);
      expect(thr, `${row.name} b${row.batch} ${row.amp} throughput ratio`).toBeLessThan(1.3);
      expect(Math.abs(mem - 1), `${row.name} b${row.batch} ${row.amp} memory error`).toBeLessThan(0.2);
    }
  });
});
