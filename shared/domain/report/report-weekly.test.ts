/** weeks.csv (the report's weekly table): all costs is never below the GPU cost of the same week (issue 25 item 4). */
import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import type { WeekTotal } from '../plan/totals';
import type { ReportContext } from './report-context';
import { reportTimeline } from './report-weekly';

function week(week: string, gpu: string, storage = '0', transfer = '0'): WeekTotal {
  const r = (v: Big) => v.round(2, Big.roundHalfUp).toFixed(2);
  return {
    week,
    start: '2026-01-05',
    month: '2026-01',
    gpuHours: 1,
    usd: r(new Big(gpu)),
    usdExact: gpu,
    byTrack: {},
    cumulativeUsd: '0',
    budgetShareUsd: '0',
    cumulativeBudgetUsd: '0',
    unpricedAllocationIds: [],
    storageUsd: r(new Big(storage)),
    transferUsd: r(new Big(transfer)),
    allCostsUsd: r(new Big(gpu).plus(storage).plus(transfer)),
    storageExact: storage,
    transferExact: transfer,
    allCostsExact: new Big(gpu).plus(storage).plus(transfer).toString(),
  };
}

const timeline = (weeks: WeekTotal[]) => reportTimeline({ plan: { tracks: [] }, weeks } as unknown as ReportContext).weeks;

describe('the weekly table apportions GPU, storage and transfer on their own', () => {
  it('a week of $122.275 GPU after one of $0.006: its all costs is not $122.27 under a GPU cost of $122.28', () => {
    const rows = timeline([week('2026-W01', '0.006'), week('2026-W02', '122.275', '0.001')]);
    for (const r of rows) expect(new Big(r.allCostsUsd).gte(r.usd), `${r.week}: ${r.allCostsUsd} < ${r.usd}`).toBe(true);
    expect(rows.at(-1)!.cumulativeUsd).toBe('122.28');
    expect(rows.at(-1)!.allCostsCumulativeUsd).toBe('122.28');
  });

  it('thirds of a cent over many weeks: each column adds up to its total, all costs >= GPU every week', () => {
    const weeks = Array.from({ length: 9 }, (_, i) => week(`2026-W${String(i + 1).padStart(2, '0')}`, '10.3333', '0.3333', '0.0049'));
    const rows = timeline(weeks);
    const sum = (k: 'usd' | 'allCostsUsd') => rows.reduce((s, r) => s.plus(r[k]), new Big(0)).toFixed(2);
    expect(sum('usd')).toBe('93.00');
    // GPU 93.00 + storage 3.00 + transfer 0.04: the all-costs total as every screen adds it up.
    expect(sum('allCostsUsd')).toBe('96.04');
    expect(rows.at(-1)!.allCostsCumulativeUsd).toBe('96.04');
    for (const r of rows) expect(new Big(r.allCostsUsd).gte(r.usd)).toBe(true);
  });
});
