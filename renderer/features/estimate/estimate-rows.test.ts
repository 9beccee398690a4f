import { describe, expect, it } from 'vitest';
import { estimateWorkloadAcrossCatalog } from '../../../shared/estimate/estimate';
import { gpus, offerings } from '../../../shared/estimate/test-catalog';
import { DEFAULT_FORM, workloadOf, type Preset } from './workload-form';
import { buyRowKeyOf, defaultSelectedKey, estimateRows, priceKindsOf, providerNamesOf, type OfferFilter } from './estimate-rows';

// The form's defaults are the M1 workload (resnet34-1d, 500-sample windows, batch 256, bf16, 600 000 samples, 50 epochs).
const m1 = workloadOf(DEFAULT_FORM, { family: 'cnn1d' } as Preset);
const estimate = estimateWorkloadAcrossCatalog(m1, gpus, offerings);
const rent: OfferFilter = { mode: 'rent', provider: '', gpu: '', kind: '', rankBy: 'cost' };
const noReliability = { entries: [], offeringProviders: {} };

describe('the Estimate table rows', () => {
  it('renting: every priced rental ranked 1…n by cost, one row per GPU without offering, no purchase', () => {
    const rows = estimateRows(estimate, rent, noReliability);
    const ranked = rows.filter((r) => r.shownRank !== null).sort((a, b) => a.shownRank! - b.shownRank!);
    expect(ranked.map((r) => r.shownRank)).toEqual(ranked.map((_, i) => i + 1));
    expect(rows.some((r) => r.cost?.priceKind === 'purchase')).toBe(false);
    const unpriced = estimate.results.filter((g) => (g.training?.offerings ?? []).length === 0).map((g) => `gpu|${g.gpuId}`);
    expect(rows.filter((r) => r.cost === null).map((r) => r.key)).toEqual(unpriced);
  });

  it('a provider filter keeps only its offers and drops the unpriced rows', () => {
    const provider = providerNamesOf(estimate)[0]!;
    const rows = estimateRows(estimate, { ...rent, provider }, noReliability);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.cost?.providerName === provider)).toBe(true);
  });

  it('buying: purchases only, each with its break-even; the panel compares the selected purchase, else the first', () => {
    const rows = estimateRows(estimate, { ...rent, mode: 'buy' }, noReliability);
    expect(priceKindsOf(estimate, 'buy')).toEqual(['purchase']);
    expect(rows.every((r) => r.cost?.priceKind === 'purchase' && r.breakEven !== null)).toBe(true);
    const last = rows.at(-1)!.key;
    expect(buyRowKeyOf(rows, last, 'buy')).toBe(last);
    expect(buyRowKeyOf(rows, 'no such row', 'buy')).toBe(rows[0]!.key);
    expect(buyRowKeyOf(rows, last, 'rent')).toBeNull();
  });

  it('a new workload starts from the starred row', () => {
    const rows = estimateRows(estimate, rent, noReliability);
    expect(defaultSelectedKey(rows)).toBe(rows.find((r) => r.star)!.key);
    expect(defaultSelectedKey([])).toBeNull();
    expect(estimateRows(null, rent, noReliability)).toEqual([]);
  });
});
