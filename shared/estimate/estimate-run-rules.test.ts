import { describe, expect, it } from 'vitest';
import type { OfferingCost } from './cost';
import { runRuleNotes } from './estimate-run-rules';
import { parseWorkload } from './workload';

// One run of seed 001's M3 workload priced on Colab Pro+ A100 (36 h, as the seed's low figure) and on Azure spot.
const m3 = {
  model: { preset: 'resnet34-1d' },
  input: { windowSamples: 100 },
  batchSize: 1024,
  precision: 'fp16',
  dataset: { samples: 12_000_000, diskGB: 24, hostMemoryGB: 24 },
  epochs: 100,
};
const cost = (o: Partial<OfferingCost>): OfferingCost => ({
  offeringId: 'colab-pro-plus-a100-40gb',
  providerName: 'Google Colab',
  sku: 'Pro+ A100',
  gpuId: 'a100-sxm-40gb',
  gpuCount: 1,
  priceKind: 'subscription',
  usd: 49.99,
  usdLow: null,
  usdHigh: null,
  hours: 36,
  price: { usd: 49.99, per: 'month', asOf: '2025-12-01', source: 'test' },
  asOf: '2025-12-01',
  source: 'test',
  basis: 'test',
  ...o,
});

describe('estimate explanation: run rules of a single run on an offering', () => {
  it('a 36 h run on Colab says the session ends after 24 h', () => {
    const noted = runRuleNotes(cost({}), parseWorkload(m3));
    expect(noted.runRules!.map((r) => r.kind)).toEqual(['run-over-session']);
    expect(noted.runRules![0]!.message).toContain(
      'One run takes 36 h (app estimate) on Google Colab Pro+ A100; a Google Colab session ends after 24 h: enable checkpointing every ≤ 24 h',
    );
    expect(noted.usd).toBe(49.99);
    expect(noted.earlyStopping).toBeUndefined();
  });

  it('with resume the session rule passes; the 24 GB dataset does not fit a g4dn.xlarge (16 GiB RAM)', () => {
    const w = parseWorkload({ ...m3, resumeFromCheckpoint: true });
    expect(runRuleNotes(cost({}), w).runRules).toEqual([]);
    const g4 = runRuleNotes(
      cost({ offeringId: 'aws-g4dn-xlarge', providerName: 'AWS EC2', sku: 'g4dn.xlarge', priceKind: 'on-demand', hours: 5 }),
      w,
    );
    expect(g4.runRules!.map((r) => r.kind)).toEqual(['dataset-over-memory']);
  });

  it('early stopping is its own line; the run keeps its hours and cost', () => {
    const w = parseWorkload({ ...m3, earlyStopping: { expectedFraction: 0.7 } });
    const noted = runRuleNotes(
      cost({ offeringId: 'azure-nc6s-v3', priceKind: 'on-demand', usd: 12.24, hours: 4, providerName: 'Microsoft Azure', sku: 'NC6s v3' }),
      w,
    );
    expect(noted.hours).toBe(4);
    expect(noted.usd).toBe(12.24);
    expect(noted.earlyStopping).toMatchObject({ hoursSaved: 1.2, usdSaved: '3.67', usdWith: '8.57' });
  });

  it('the workload rejects an expected fraction outside (0, 1]', () => {
    expect(() => parseWorkload({ ...m3, earlyStopping: { expectedFraction: 1.5 } })).toThrow(/at most 1/);
    expect(() => parseWorkload({ ...m3, earlyStopping: { expectedFraction: 0 } })).toThrow(/more than 0/);
    expect(() => parseWorkload({ ...m3, dataset: { samples: 10, diskGB: -1 } })).toThrow(/dataset.diskGB/);
  });
});
