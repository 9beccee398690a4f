import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { computeTotals } from '../plan/totals';
import { loadExample, plannedCatalog } from '../plan/test-fixtures';
import { dataCostsSentence, reportDataCosts } from './report-data-costs';
import { usdText } from './usd-text';

describe("the report's storage and transfer lines (issue 19 item 15)", () => {
  const { plan } = loadExample();
  const totals = computeTotals(plan, plannedCatalog(plan));
  const d = reportDataCosts(plan, totals);

  it("lists the example's datasets with track, quantity, price, date and a readable source; GPU cost stays apart", () => {
    expect(d.lines.map((l) => [l.label.slice(0, 10), l.category, l.track])).toEqual([
      ['M1 dataset', 'storage', 'VitalDB Model Training'],
      ['M2 dataset', 'storage', 'VitalDB Model Training'],
      ['M3 dataset', 'storage', 'VitalDB Model Training'],
    ]);
    expect(d.lines[2]).toMatchObject({ quantity: '24 GB held 2026-01-10 → 2026-01-31', asOf: '2025-06-01' });
    expect(d.lines[2]!.price).toMatch(/Google One 100 GB plan.*\$1\.99 per disk per month \(100 GB disk\)/);
    expect(d.gpuUsd).toBe(totals.usd);
    expect(d.allCostsUsd).toBe(new Big(totals.usd).plus(d.storageUsd).toFixed(2));
  });

  it('the brief says storage and transfer come on top of the GPU cost, with what is left of the budget', () => {
    const left = new Big(d.remainingAllCostsUsd);
    expect(dataCostsSentence(d)).toBe(
      `Storage ${usdText(d.storageUsd, 'USD')} and data transfer $0.00 come on top of the GPU cost of ${usdText(d.gpuUsd, 'USD')}: all costs ${usdText(d.allCostsUsd, 'USD')}, ` +
        `${left.lt(0) ? `${usdText(left.abs().toFixed(2), 'USD')} over` : `${usdText(left.toFixed(2), 'USD')} left of`} the budget.`,
    );
    // Thousands are grouped as everywhere else in the brief: "$1,376.39", not "$1376.39".
    expect(dataCostsSentence({ ...d, storageUsd: '1376.39', gpuUsd: '9341.92', allCostsUsd: '10718.31' })).toContain(
      'Storage $1,376.39 and data transfer $0.00 come on top of the GPU cost of $9,341.92: all costs $10,718.31',
    );
    expect(dataCostsSentence({ ...d, lines: [] })).toBe('');
  });
});
