import { describe, expect, it } from 'vitest';
import { budgetSplits } from './budget-splits';

const row = (trackId: string | null, month: string | null, amount: string) => ({
  trackId,
  month,
  amount,
  currency: 'EUR',
  thresholds: [50, 100],
});

describe('budgetSplits: the total and its splits per track and per month', () => {
  it('splits that do not reach the total leave a remainder; exact decimals', () => {
    const s = budgetSplits([row(null, null, '3000'), row('a', null, '1800.10'), row('b', null, '0.2'), row(null, '2026-03', '900')]);
    expect(s.total).toBe('3000');
    expect(s.currency).toBe('EUR');
    expect(s.byTrack).toEqual({ parts: 2, allocated: '1800.3', of: '3000', remainder: '1199.7', over: '0' });
    expect(s.byMonth).toEqual({ parts: 1, allocated: '900', of: '3000', remainder: '2100', over: '0' });
    expect(s.trackMonths).toEqual([]);
  });

  it('splits that pass the total are over-split by the difference; exactly split leaves nothing', () => {
    const s = budgetSplits([row(null, null, '1000'), row('a', null, '700'), row('b', null, '400'), row(null, '2026-01', '1000')]);
    expect(s.byTrack).toMatchObject({ allocated: '1100', remainder: '0', over: '100' });
    expect(s.byMonth).toMatchObject({ allocated: '1000', remainder: '0', over: '0' });
  });

  it("a track's months against its own budget; without a total nothing is a remainder", () => {
    const s = budgetSplits([row('a', null, '500'), row('a', '2026-01', '300'), row('a', '2026-02', '250'), row('b', '2026-01', '5')]);
    expect(s.total).toBeNull();
    expect(s.byTrack).toEqual({ parts: 1, allocated: '500', of: null, remainder: null, over: null });
    expect(s.trackMonths).toEqual([
      { trackId: 'a', parts: 2, allocated: '550', of: '500', remainder: '0', over: '50' },
      { trackId: 'b', parts: 1, allocated: '5', of: null, remainder: null, over: null },
    ]);
  });
});
