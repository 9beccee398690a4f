/** Weekly totals keep storage and transfer as their own lines, never inside the GPU cost (issue 19 item 15). */
import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { loadExample, plannedCatalog } from './test-fixtures';
import { applyCommand, removeTrackCommand } from './commands';
import { computeTotals } from './totals';
import { analyzePlan } from './checks';

describe('weekly totals with storage and transfer', () => {
  const { plan } = loadExample();
  const catalog = plannedCatalog(plan);
  const withData = computeTotals(plan, catalog);
  const gpuOnly = computeTotals({ ...plan, dataCosts: [] }, catalog);

  it('GPU cost (usd, remainingUsd) is the same with or without the stated data', () => {
    expect(withData.usd).toBe(gpuOnly.usd);
    expect(withData.remainingUsd).toBe(gpuOnly.remainingUsd);
    expect(withData.weeks.map((w) => w.usd)).toEqual(gpuOnly.weeks.map((w) => w.usd));
  });

  it('storage is its own line per week and in total; all costs = GPU + storage + transfer', () => {
    expect(Number(withData.storageUsd)).toBeGreaterThan(0);
    expect(gpuOnly.storageUsd).toBe('0.00');
    const weekly = withData.weeks.reduce((s, w) => s.plus(w.storageUsd), new Big(0));
    expect(weekly.minus(withData.storageUsd).abs().lte('0.05')).toBe(true);
    expect(withData.allCostsUsd).toBe(new Big(withData.usd).plus(withData.storageUsd).plus(withData.transferUsd).toFixed(2));
    expect(withData.remainingAllCostsUsd).toBe(new Big(plan.project.budget).minus(withData.allCostsUsd).toFixed(2));
    const jan = withData.weeks.find((w) => w.week === '2026-W03')!;
    expect(Number(jan.storageUsd)).toBeGreaterThan(0);
    expect(jan.allCostsUsd).toBe(new Big(jan.usdExact).plus(jan.storageUsd).toFixed(2));
    // Weeks before the first dataset (project starts Dec 11, M1 data from Dec 21) hold no storage.
    expect(withData.weeks.find((w) => w.week === '2025-W50')!.storageUsd).toBe('0.00');
  });
});

describe('the budget checks count storage and transfer (one figure, one value)', () => {
  it('a budget the GPU cost alone fits but GPU + storage does not is over budget, with the all-costs figure in words', () => {
    const { plan } = loadExample();
    const catalog = plannedCatalog(plan);
    const totals = computeTotals(plan, catalog);
    // Between the GPU cost and all costs: GPU alone would pass, all costs do not.
    const budget = new Big(totals.usd).plus(new Big(totals.storageUsd).div(2)).toFixed(2);
    const problems = analyzePlan({ ...plan, project: { ...plan.project, budget } }, catalog).problems;
    const over = problems.find((p) => p.kind === 'cumulative-over-budget');
    expect(over?.message).toMatch(/\(GPU, storage and transfer\), past the total budget of \$/);
    const gpuOnly = analyzePlan({ ...plan, dataCosts: [], project: { ...plan.project, budget } }, catalog).problems;
    expect(gpuOnly.some((p) => p.kind === 'cumulative-over-budget')).toBe(false);
  });
});

describe('removing a track', () => {
  it('removes its storage and transfer items in the same undoable step', () => {
    const { plan } = loadExample();
    const applied = applyCommand(plan, removeTrackCommand(plan, 'track-vitaldb'));
    expect(applied.plan.dataCosts).toEqual([]);
    expect(
      applyCommand(applied.plan, applied.inverse)
        .plan.dataCosts?.map((d) => d.id)
        .sort(),
    ).toEqual(['dataset-m1', 'dataset-m2', 'dataset-m3']);
  });
});
