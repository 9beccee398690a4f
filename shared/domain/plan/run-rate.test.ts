/**
 * Seed 003's monthly run-rates, hand-worked from the seed and the catalog's prices:
 * - Startups: 80 h × $2.14 (NC6s v3, 1-year reserved) = $171.20, + P20 512 GB $73.22 = $244.42 a month (seed: "$244/month
 *   (80 hours × $2.14 + $73)"); a year $2,933.04. As a commitment: 8,760 h × $2.14 ÷ 12 = $1,562.20 + $73.22 = $1,635.42.
 * - Medium: 200 h × $3.67 = $734.00, + P30 1 TB $135.17 = $869.17 (seed: $869).
 * - Large: 200 h × $18 (8x A100 VM) = $3,600.00, + 2 × P30 $270.34 + 100 GB hot Blob $1.84 = $3,872.18 (seed: $3,735).
 * - Spot run: 12 h × $0.615 = $7.38 (seed: $4-8).
 * - Lab mix, first year: 120 h × $0.615 = $73.80 + 360 h × $2.14 = $770.40 + 240 h × $4.89 = $1,173.60 → $2,017.80 ÷ 12 =
 *   $168.15 + $73.22 = $241.37 a month, $2,896.44 a year (seed: $1,550-4,100).
 */
import { describe, expect, it } from 'vitest';
import offeringsJson from '../../../resources/catalog/offerings.json';
import exampleJson from '../../../resources/example/seed-003-small-lab-project.json';
import { parseProjectFile } from './example';
import { computeRunRate, runRatesFileSchema } from './run-rate';
import type { Plan, PlanCatalog } from './types';

const catalog: PlanCatalog = {
  offerings: offeringsJson.offerings.map((o) => ({
    id: o.id,
    gpuId: o.gpuId,
    gpuCount: o.gpuCount,
    vcpus: o.vcpus,
    label: o.sku,
    deleted: false,
    prices: o.prices.map((p) => ({ kind: p.kind, usd: p.usd, per: p.per as 'hour' | 'month' | 'once', asOf: p.asOf, source: p.source })),
  })),
};
const plan = parseProjectFile(exampleJson).plan as Plan;
const setups = runRatesFileSchema.parse(exampleJson).runRates;
const rate = (id: string) =>
  computeRunRate(
    plan,
    catalog,
    setups.find((s) => s.id === id)!,
  );

describe('seed 003 run-rates from the catalog and the plan’s bookings', () => {
  it('startups: NC6s v3 reserved, 80 h/month + 512 GB disk = $244.42 a month; the commitment bills $1,635.42', () => {
    const r = rate('rr-startup-reserved');
    expect(r.lines[0]).toMatchObject({ boxHours: 80, usd: '171.20', commitment: { usdPerMonth: '1562.20', utilisation: 0.1096 } });
    expect([r.usdPerMonth, r.usdPerYear, r.usdPerMonthAsCommitted]).toEqual(['244.42', '2933.04', '1635.42']);
    expect(r.author).toMatchObject({ low: '244', high: '244', per: 'month' });
  });

  it('medium: NC24ads A100 v4 reserved, 200 h/month + 1 TB disk = $869.17 a month', () => {
    const r = rate('rr-medium-a100');
    expect([r.lines[0]!.usd, r.usdPerMonth, r.usdPerYear, r.usdPerMonthAsCommitted]).toEqual(['734.00', '869.17', '10430.04', '2814.27']);
  });

  it('large: 200 h of the whole 8-GPU ND96asr v4 (8 GPUs booked × 200 h ÷ 8) at $18/h + 2 TB disk and Blob = $3,872.18', () => {
    const r = rate('rr-large-nd96');
    expect(r.lines[0]!.boxHours).toBe(200);
    expect([r.lines[0]!.usd, r.storageUsdPerMonth, r.usdPerMonth]).toEqual(['3600.00', '272.18', '3872.18']);
  });

  it('researchers: one 12 h spot run = $7.38, with no monthly rate', () => {
    const r = rate('rr-researcher-spot');
    expect([r.usdPerRun, r.usdPerMonth, r.usdPerYear]).toEqual(['7.38', null, null]);
    expect(r.lines[0]!.commitment).toBeNull();
  });

  it('research lab mix: a year of spot, reserved and pay-as-you-go lines = $2,896.44, inside the seed’s $1,550–4,100', () => {
    const r = rate('rr-lab-mix');
    expect(r.lines.map((l) => [l.priceKind, l.boxHours, l.usd])).toEqual([
      ['spot', 120, '73.80'],
      ['reserved-1y', 360, '770.40'],
      ['on-demand', 240, '1173.60'],
    ]);
    expect([r.usdPerMonth, r.usdPerYear, r.usdPerMonthAsCommitted]).toEqual(['241.37', '2896.44', '1739.37']);
  });

  it('follows the bookings: one more 20 h week on the startup track raises its month to $287.22', () => {
    const more: Plan = {
      ...plan,
      allocations: [...plan.allocations, { ...plan.allocations.find((a) => a.trackId === 't-startup')!, id: 'extra', week: '2026-W06' }],
    };
    expect(
      computeRunRate(
        more,
        catalog,
        setups.find((s) => s.id === 'rr-startup-reserved')!,
      ).usdPerMonth,
    ).toBe('287.22');
  });

  it('a line whose offering or price kind the catalog lacks is reported unpriced, not costed at zero silently', () => {
    const setup = { ...setups[1]!, lines: [{ trackId: 't-startup', offeringId: 'azure-nc6s-v3', priceKind: 'reserved-3y-missing' }] };
    expect(computeRunRate(plan, catalog, setup).unpriced).toEqual(['azure-nc6s-v3 (reserved-3y-missing)']);
  });
});
