import { describe, expect, it } from 'vitest';
import { estimateWorkloadAcrossCatalog } from './estimate';
import { gpus, offerings } from './test-catalog';

// Seed 003's medium dataset on a V100: ResNet34-1D, 500-sample windows, 50,000 samples × 100 epochs.
const medium = {
  model: { preset: 'resnet34-1d' },
  input: { windowSamples: 500 },
  batchSize: 32,
  precision: 'fp32',
  dataset: { samples: 50_000 },
  epochs: 100,
};

describe('reserved prices in the estimate', () => {
  const estimate = estimateWorkloadAcrossCatalog(medium, gpus, offerings, { gpuIds: ['v100-sxm2-16gb'] });
  const row = (kind: string) => estimate.ranking.find((r) => r.offeringId === 'azure-nc6s-v3' && r.priceKind === kind)!;

  it('charges a short run the whole 1-year commitment (8,760 h × $2.14 = $18,746.40), not hours × $2.14', () => {
    const reserved = row('reserved-1y');
    expect(reserved.usd).toBe(18746.4);
    expect(reserved.reserved).toMatchObject({ termYears: 1, commitmentUsd: 18746.4 });
    expect(reserved.reserved!.breakEvenUtilisation).toBeCloseTo(2.14 / 3.06, 6);
    expect(reserved.basis).toMatch(/paid whether used or not/);
  });

  it('never ranks a reservation cheapest for a run that uses a small fraction of it', () => {
    const onDemand = row('on-demand');
    expect(onDemand.usd).toBeLessThan(row('reserved-1y').usd);
    expect(onDemand.usd).toBeLessThan(row('reserved-3y').usd);
    const reservedRanks = estimate.ranking.filter((r) => r.priceKind.startsWith('reserved')).map((r) => r.rank);
    expect(Math.min(...reservedRanks)).toBeGreaterThan(onDemand.rank);
  });

  it('spreads the commitment over the stated monthly use: 80 h/month → this run carries run hours × $18,746.40 ÷ 960 h', () => {
    const used = estimateWorkloadAcrossCatalog(medium, gpus, offerings, {
      gpuIds: ['v100-sxm2-16gb'],
      cost: { reservedHoursPerMonth: 80 },
    });
    const r = used.ranking.find((x) => x.offeringId === 'azure-nc6s-v3' && x.priceKind === 'reserved-1y')!;
    expect(r.usd).toBeCloseTo((r.hours * 18746.4) / 960, 1);
    // at 11 % use the reservation still costs more an hour than on-demand ($19.53 against $3.06)
    const od = used.ranking.find((x) => x.offeringId === 'azure-nc6s-v3' && x.priceKind === 'on-demand')!;
    expect(r.usd).toBeGreaterThan(od.usd);
  });
});
