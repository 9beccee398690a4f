import { describe, expect, it } from 'vitest';
import {
  breakEvenRunsPerMonth,
  buyVsRent,
  checkSeedRule,
  cumulativeCosts,
  electricityPerRun,
  rentableOfferings,
  type LocalMachine,
} from './buy-vs-rent';
import type { RankedRow } from './estimate';
import type { CostSettings } from '../domain/settings/cost-settings';

// Seed 003 (003_2de1fb48cfc1bd36.txt), "Cost Comparison: Local vs Cloud", medium dataset (50,000 samples, 100 epochs):
// local RTX 4090 workstation $4,000 upfront, 500 W under load, 13 h a training, $0.12/kWh → $0.78 a training;
// Azure NC6s v3: 10 h × $3.06/h = $30.60 a training; spot $0.31–0.92/h (midpoint $0.615) → $6.15; 3 years.
const rtx4090: LocalMachine = {
  label: 'RTX 4090 workstation',
  purchaseUsd: 4000,
  lifetimeYears: 3,
  powerWatts: 500,
  electricityUsdPerKwh: 0.12,
  hoursPerRun: 13,
  maxUtilisation: 1,
};
const onDemand = { key: 'nc6s-od', label: 'Azure NC6s v3 on-demand', usdPerRun: 30.6 };
const spot = { key: 'nc6s-spot', label: 'Azure NC6s v3 spot', usdPerRun: 6.15 };

describe('buy or rent (seed 003 hand-worked)', () => {
  it("electricity of a training: 13 h × 0.5 kW × $0.12/kWh = $0.78, the seed's own figure", () => {
    expect(electricityPerRun(rtx4090).toFixed(2)).toBe('0.78');
  });

  it('against on-demand NC6s v3 the machine pays off from 3.73 runs a month ($111.11 a month ÷ $29.82 saved a run)', () => {
    const b = breakEvenRunsPerMonth(rtx4090, onDemand);
    expect(b.purchasePerMonthUsd).toBe(111.11);
    expect(b.runsPerMonth).toBe(3.73); // 4000 / 36 / (30.60 − 0.78) = 3.726
    // over 3 years that is 134 trainings: the seed's "if you train > 130 times in 3 years, local is cheaper"
    expect(Math.round(b.runsPerMonth! * 36)).toBe(134);
    expect(b.hoursPerMonth).toBe(48.4); // 3.726 × 13 h
    expect(b.utilisation).toBeCloseTo(48.44 / 730, 3); // 6.6 % of the machine's month
  });

  it('against spot NC6s v3 it takes 20.69 runs a month ($111.11 ÷ $5.37), 37 % of the month', () => {
    const b = breakEvenRunsPerMonth(rtx4090, spot);
    expect(b.runsPerMonth).toBe(20.69);
    expect(b.utilisation).toBeCloseTo((20.69 * 13) / 730, 2);
  });

  it('a break-even beyond the hours the machine can train is not reachable', () => {
    const b = breakEvenRunsPerMonth({ ...rtx4090, maxUtilisation: 0.25 }, spot);
    expect(b.reachable).toBe(false);
    expect(b.text).toMatch(/does not pay off/);
    expect(breakEvenRunsPerMonth(rtx4090, { key: 'x', label: 'free', usdPerRun: 0.5 }).runsPerMonth).toBeNull();
  });

  it("seed 003's rule (cloud under 10 a month, local over 20) does not hold against on-demand: buying pays from 3.7 a month", () => {
    const check = checkSeedRule(rtx4090, [onDemand, spot]);
    expect(check.holds).toBe(false);
    expect(check.verdict).toMatch(/on-demand buying pays off from 3\.7 runs a month \(below 10/);
    expect(check.verdict).toMatch(/spot buying pays off from 20\.7 runs a month \(above 20/);
  });

  it('cumulative cost over 36 months at 4 runs a month: local $4,000 + 36 × 4 × $0.78 = $4,112.32; on-demand 36 × 4 × $30.60 = $4,406.40', () => {
    const [local, rent] = cumulativeCosts(rtx4090, [onDemand], 4, '2026-12');
    expect(local!.points).toHaveLength(37);
    expect(local!.points[0]).toEqual({ month: 0, date: '2026-12', usd: 4000 });
    expect(local!.points[36]).toEqual({ month: 36, date: '2029-12', usd: 4112.32 });
    expect(rent!.points[36]!.usd).toBe(4406.4);
  });
});

describe('buy or rent against the rentals the lead names, at the hours the lead gives (issue 31 item 8)', () => {
  const settings = { electricityUsdPerKwh: 0.12, purchaseLifetimeYears: 3, purchaseHoursPerYear: 8760 } as CostSettings;
  const row = (offeringId: string, priceKind: RankedRow['priceKind'], usdPerHour: number, hours: number, fits = true) =>
    ({
      key: `${offeringId}|${priceKind}`,
      offeringId,
      providerName: 'Microsoft Azure',
      sku: offeringId,
      priceKind,
      usd: usdPerHour * hours,
      hours,
      price: { usd: usdPerHour, per: priceKind === 'purchase' ? 'once' : 'hour', asOf: '2024-11-01', source: '' },
      powerWatts: priceKind === 'purchase' ? 500 : undefined,
      fits,
    }) as unknown as RankedRow;
  const ranking = [
    row('cheap-a', 'on-demand', 0.5, 7),
    row('nc6s', 'spot', 0.615, 7, false),
    row('nc6s', 'on-demand', 3.06, 7, false),
    row('nc6s', 'reserved-1y', 2.14, 7, false),
    { ...row('box', 'purchase', 4000, 6), price: { usd: 4000, per: 'once', asOf: '2024-11-01', source: '' } } as RankedRow,
  ];

  it('by default the cheapest fitting rentals at the estimator’s hours', () => {
    const r = buyVsRent({ ranking }, 'box|purchase', settings, 10, '2026-12')!;
    expect(r.rentals.map((x) => x.key)).toEqual(['cheap-a|on-demand']);
    expect(r.machine).toMatchObject({ hoursPerRun: 6, hoursSource: 'estimate' });
  });

  it('named: on-demand then spot of each, fitting or not, at your hours (seed 003: 13 h on the box, 10 h on the NC6s v3)', () => {
    const r = buyVsRent({ ranking }, 'box|purchase', settings, 10, '2026-12', 36, {
      rentalOfferingIds: ['nc6s'],
      hoursPerRun: 13,
      rentalHoursPerRun: 10,
    })!;
    expect(r.rentals.map((x) => [x.key, x.usdPerRun])).toEqual([
      ['nc6s|on-demand', 30.6],
      ['nc6s|spot', 6.15],
    ]);
    expect(r.rentals[0]!.label).toBe('Microsoft Azure nc6s (on-demand, your 10 h a run) — does not fit the batch');
    expect(r.machine).toMatchObject({ hoursPerRun: 13, hoursSource: 'yours' });
    expect(r.breakEvens.map((b) => b.runsPerMonth)).toEqual([3.73, 20.69]);
    expect(r.unknownRentals).toEqual([]);
    expect(rentableOfferings(ranking).map((o) => o.offeringId)).toEqual(['cheap-a', 'nc6s']);
  });

  it('a named offering the estimate cannot rent by the hour is reported, not dropped silently', () => {
    const r = buyVsRent({ ranking }, 'box|purchase', settings, 10, '2026-12', 36, { rentalOfferingIds: ['box', 'nope'] })!;
    expect(r.unknownRentals).toEqual(['box', 'nope']);
  });
});
