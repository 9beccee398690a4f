import { describe, expect, it } from 'vitest';
import { describeReserved, reservedCommitment, reservedTermYears } from './reserved';

// Hand-worked from seed 003 (003_2de1fb48cfc1bd36.txt, "Cost Optimization Strategies" and "Recommended Setup"):
// NC6s v3 pay-as-you-go $3.06/h, 1-year reserved $2.14/h, 3-year reserved $1.53/h; NC24ads A100 v4 $4.89/h, 1-year $3.67/h.
describe('a reservation is a commitment (seed 003 figures)', () => {
  it('NC6s v3 1-year: 8,760 h × $2.14 = $18,746.40 committed; a 10-hour job carries all of it', () => {
    const c = reservedCommitment(2.14, 1, 10, 3.06);
    expect(c.commitmentUsd.toFixed(2)).toBe('18746.40');
    expect(c.usdPerHourUsed.toFixed(2)).toBe('1874.64');
    expect(c.utilisation).toBeCloseTo(10 / 8760, 8);
    // break-even utilisation = 2.14 / 3.06 = 69.93 %: 6,127 h of the year (rounded up)
    expect(c.breakEvenUtilisation).toBeCloseTo(0.6993, 4);
    expect(describeReserved(2.14, c)).toMatch(/\$18,746\.40 committed.*beats on-demand only above 69\.9% use \(6,127 h of the term\)/);
  });

  it('NC6s v3 3-year: 26,280 h × $1.53 = $40,208.40; break-even at exactly 50 % (1.53 / 3.06)', () => {
    const c = reservedCommitment(1.53, 3, 1000, 3.06);
    expect(c.commitmentUsd.toFixed(2)).toBe('40208.40');
    expect(c.breakEvenUtilisation).toBe(0.5);
    expect(c.usdPerHourUsed.toFixed(4)).toBe('40.2084');
  });

  it("the seed's startup setup (80 h/month on a 1-year NC6s v3 reservation) costs $1,562.20/month, not 80 × $2.14 = $171.20", () => {
    const c = reservedCommitment(2.14, 1, 80 * 12, 3.06);
    expect(c.commitmentUsd.div(12).toFixed(2)).toBe('1562.20');
    expect(c.usdPerHourUsed.toFixed(2)).toBe('19.53'); // $18,746.40 ÷ 960 h
    expect(c.utilisation).toBeCloseTo(960 / 8760, 8); // 11 %, far below the 70 % break-even
  });

  it("the seed's medium-enterprise setup (200 h/month on a 1-year NC24ads A100 v4) commits $2,679.10/month, not $734", () => {
    const c = reservedCommitment(3.67, 1, 200 * 12, 4.89);
    expect(c.commitmentUsd.div(12).toFixed(2)).toBe('2679.10');
    expect(c.breakEvenUtilisation).toBeCloseTo(3.67 / 4.89, 10); // 75.05 %
  });

  it('more hours than one term holds need more reservations (parallel machines)', () => {
    const c = reservedCommitment(2.14, 1, 10_000, 3.06);
    expect(c.reservations).toBe(2);
    expect(c.commitmentUsd.toFixed(2)).toBe('37492.80');
  });

  it('reads the term from the price kind', () => {
    expect(reservedTermYears('reserved-1y')).toBe(1);
    expect(reservedTermYears('reserved-3y')).toBe(3);
    expect(reservedTermYears('on-demand')).toBeNull();
  });
});
