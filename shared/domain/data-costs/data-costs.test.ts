/** Storage and transfer pricing, hand-worked from seed 003's "Storage Costs" and "Data Transfer Costs". */
import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { loadExample } from '../plan/test-fixtures';
import type { DataCostItem, Plan } from '../plan/types';
import { storageMonthCost, tieredTransferCost } from './pricing';
import { BUNDLED_DATA_RATES, describeRate } from './rates';
import { computeDataCosts } from './weekly';

const rate = (id: string) => BUNDLED_DATA_RATES.find((r) => r.id === id)!;
const azureEgress = rate('azure-egress-internet').tiers!;

describe('tiered transfer out (seed 003: first 100 GB/month free, $0.087 to 10 TB, $0.083 beyond)', () => {
  it("10 GB of trained models is free (the seed's own example)", () => {
    expect(tieredTransferCost(new Big(10), azureEgress).toFixed(2)).toBe('0.00');
    expect(tieredTransferCost(new Big(100), azureEgress).toFixed(2)).toBe('0.00');
  });
  it('500 GB: 400 GB × $0.087 = $34.80', () => {
    expect(tieredTransferCost(new Big(500), azureEgress).toFixed(2)).toBe('34.80');
  });
  it('12 TB (12,288 GB): 10,140 × $0.087 + 2,048 × $0.083 = $1,052.164', () => {
    expect(tieredTransferCost(new Big(12288), azureEgress).toString()).toBe('1052.164');
  });
  it('GCP Premium Tier has no free allowance: 100 GB × $0.12 = $12', () => {
    expect(tieredTransferCost(new Big(100), rate('gcp-egress-internet').tiers!).toFixed(2)).toBe('12.00');
  });
});

describe('storage per month', () => {
  it('100 GB on Blob hot = $1.84, on cool = $1.00 (seed 003 "For 100 GB dataset")', () => {
    expect(storageMonthCost(new Big(100), rate('azure-blob-hot')).toFixed(2)).toBe('1.84');
    expect(storageMonthCost(new Big(100), rate('azure-blob-cool')).toFixed(2)).toBe('1.00');
  });
  it('managed disks are billed whole: 300 GB on P20 = one disk $73.22; 600 GB = two disks $146.44', () => {
    expect(storageMonthCost(new Big(300), rate('azure-premium-ssd-p20')).toFixed(2)).toBe('73.22');
    expect(storageMonthCost(new Big(600), rate('azure-premium-ssd-p20')).toFixed(2)).toBe('146.44');
  });
  it('every rate has a date, a source and a price a person can read', () => {
    for (const r of BUNDLED_DATA_RATES) {
      expect(r.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(r.source.length).toBeGreaterThan(10);
      expect(describeRate(r)).toMatch(/\$/);
    }
    expect(describeRate(rate('azure-egress-internet'))).toBe(
      '0–100 GB: free; 100–10240 GB: $0.087/GB; over 10240 GB: $0.083/GB (per month)',
    );
    for (const provider of ['azure', 'aws', 'gcp'])
      for (const category of ['storage', 'transfer'])
        expect(BUNDLED_DATA_RATES.some((r) => r.providerId === provider && r.category === category)).toBe(true);
  });
});

function december(items: DataCostItem[]): Plan {
  const { plan } = loadExample();
  return { ...plan, project: { ...plan.project, start: '2025-12-01', end: '2025-12-31' }, dataCosts: items };
}
const item = (over: Partial<DataCostItem>): DataCostItem => ({
  id: 'i',
  trackId: null,
  kind: 'dataset',
  label: 'dataset',
  gb: 100,
  per: 'held',
  runs: null,
  rateId: 'azure-blob-hot',
  start: '2025-12-01',
  end: '2025-12-31',
  source: 'test',
  ...over,
});

describe('computeDataCosts: weekly storage and transfer lines', () => {
  it('100 GB hot for all of December = $1.84, spread over the ISO weeks it touches', () => {
    const totals = computeDataCosts(december([item({})]));
    expect(totals.storageUsd).toBe('1.84');
    expect(totals.transferUsd).toBe('0.00');
    expect(Object.keys(totals.weeks)).toEqual(['2025-W49', '2025-W50', '2025-W51', '2025-W52', '2026-W01']);
    const sum = Object.values(totals.weeks).reduce((s, w) => s.plus(w.storageExact), new Big(0));
    expect(sum.round(2).toFixed(2)).toBe('1.84');
    // W49 is Dec 1-7: 7 of 31 days of $1.84.
    expect(totals.weeks['2025-W49']!.storageUsd).toBe(new Big('1.84').times(7).div(31).round(2).toFixed(2));
  });
  it('two downloads in one month share the free 100 GB: 60 + 60 GB → 20 GB × $0.087 = $1.74, split by volume', () => {
    const totals = computeDataCosts(
      december([
        item({ id: 'a', kind: 'downloads', per: 'month', gb: 60, rateId: 'azure-egress-internet' }),
        item({ id: 'b', kind: 'downloads', per: 'run', runs: 3, gb: 20, rateId: 'azure-egress-internet' }),
      ]),
    );
    expect(totals.transferUsd).toBe('1.74');
    expect(totals.lines.map((l) => [l.itemId, l.usd, l.category])).toEqual([
      ['a', '0.87', 'transfer'],
      ['b', '0.87', 'transfer'],
    ]);
  });
  it('checkpoints per run × runs are held like a dataset; items are clipped to the project dates', () => {
    const totals = computeDataCosts(
      december([item({ kind: 'checkpoints', per: 'run', runs: 4, gb: 25, start: '2025-11-01', end: '2026-02-28' })]),
    );
    expect(totals.storageUsd).toBe('1.84');
    expect(totals.lines[0]!.quantity).toBe('25 GB per run × 4 runs held 2025-12-01 → 2025-12-31');
  });
  it('a missing or wrong-category rate leaves the item unpriced with the reason, never a crash', () => {
    const totals = computeDataCosts(
      december([item({ id: 'x', rateId: 'nope' }), item({ id: 'y', kind: 'downloads', rateId: 'azure-blob-hot' })]),
    );
    expect(totals.usd).toBe('0.00');
    expect(totals.lines[0]!.unpriced).toMatch(/No storage or transfer price "nope"/);
    expect(totals.lines[1]!.unpriced).toMatch(/storage price; downloads needs a transfer price/);
  });
  it('the lines add up to the storage total shown (one rounding rule): three 10 GB datasets of $0.552 are not 3 × $0.18', () => {
    const totals = computeDataCosts(december(['a', 'b', 'c'].map((id) => item({ id, gb: 10 }))));
    expect(totals.storageUsd).toBe('0.55');
    expect(totals.lines.map((l) => l.usd).sort()).toEqual(['0.18', '0.18', '0.19']);
  });
  it('a plan without stated data costs has no lines', () => {
    expect(computeDataCosts({ ...december([]), dataCosts: undefined }).lines).toEqual([]);
  });
});

describe('the bundled VitalDB example (seed 001 dataset sizes)', () => {
  it('states M1–M3 datasets on Google Drive; one 100 GB plan holds the ~30 GB: Dec 21–31 (11/31 of $1.99) + January ($1.99)', () => {
    const { plan } = loadExample();
    const totals = computeDataCosts(plan);
    expect(totals.lines.map((l) => l.itemId)).toEqual(['dataset-m1', 'dataset-m2', 'dataset-m3']);
    expect(totals.storageUsd).toBe(new Big('1.99').times(11).div(31).plus('1.99').round(2).toFixed(2));
    expect(totals.transferUsd).toBe('0.00');
    expect(totals.lines.every((l) => l.rate?.asOf === '2025-06-01' && l.rate.source.includes('https://one.google.com'))).toBe(true);
  });
});
