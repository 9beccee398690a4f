import { describe, expect, it } from 'vitest';
import type { RankedRow } from '../../../shared/estimate/estimate';
import { chartPoints, logTicks } from './chart-scale';

describe('logTicks', () => {
  it('gives ticks inside a narrow domain (VitalDB M1: 0.48 h to 0.98 h), where 1-3 steps gave none inside', () => {
    const ticks = logTicks(0.4792, 0.9752);
    expect(ticks.length).toBeGreaterThanOrEqual(2);
    for (const t of ticks) {
      expect(t).toBeGreaterThanOrEqual(0.4792);
      expect(t).toBeLessThanOrEqual(0.9752);
    }
  });
  it('VitalDB M2 and M3 domains have at least two ticks, all inside', () => {
    const domains: Array<[number, number]> = [
      [5.3672 / 1.4, 5.6535 * 1.4],
      [6.709 / 1.4, 11.4109 * 1.4],
      [1.0001, 1.0002],
    ];
    for (const [a, b] of domains) {
      const ticks = logTicks(a, b);
      expect(ticks.length, `${a}..${b}`).toBeGreaterThanOrEqual(2);
      expect(ticks.every((t) => t >= a && t <= b && Number.isFinite(t))).toBe(true);
    }
  });
  it('keeps the coarse 1-3 series over wide ranges', () => {
    expect(logTicks(0.5, 2000)).toEqual([1, 3, 10, 30, 100, 300, 1000]);
  });
  it('answers an unusable domain with no ticks rather than NaN', () => {
    expect(logTicks(0, 10)).toEqual([]);
    expect(logTicks(Number.NaN, 10)).toEqual([]);
    expect(logTicks(1, Number.POSITIVE_INFINITY)).toEqual([]);
  });
});

describe('chartPoints', () => {
  const row = (key: string, usd: number, reserved = false) =>
    ({
      key,
      usd,
      hours: 1,
      fits: true,
      ...(reserved ? { reserved: { termYears: 1, commitmentUsd: usd, hoursUsed: 1, utilisation: 0.001, breakEvenUtilisation: 0.5 } } : {}),
    }) as unknown as RankedRow;
  it('lists reserved full-term commitments beside the chart instead of drawing them', () => {
    const { drawn, reserved } = chartPoints([row('a', 2), row('b', 3), row('c', 50000, true), row('d', Number.NaN)]);
    expect(drawn.map((r) => r.key)).toEqual(['a', 'b']);
    expect(reserved.map((r) => r.key)).toEqual(['c']);
  });
  it('draws reservations when there is nothing else', () => {
    expect(chartPoints([row('c', 50000, true)]).drawn.map((r) => r.key)).toEqual(['c']);
  });
});
