import { describe, expect, it } from 'vitest';
import type { ExchangeRate } from '../budget/types';
import { catalogAmountIn, catalogUsdIn, conversionLines, planConverter, referenceRate } from './plan-currency';

const rate = (from: string, to: string, r: string, asOf: string): ExchangeRate =>
  ({ id: 0, from, to, rate: r, asOf, source: `ECB euro reference rate, ${asOf}` }) as unknown as ExchangeRate;

describe('plan currency', () => {
  const rates = [rate('EUR', 'USD', '1.25', '2025-11-28'), rate('EUR', 'USD', '1.1', '2026-01-02')];

  it("each week converts at the newest rate on or before its Monday; the lines group weeks with one rate, without the rate's age", () => {
    const c = planConverter('EUR', rates);
    expect(c.factor('2025-W50')!.toString()).toBe('0.8');
    expect(c.factor('2026-W02')!.toFixed(6)).toBe('0.909091');
    c.factor('2025-W51');
    const summary = c.summary()!;
    expect(summary.weeks['2025-W50']!.stale).toBe(false);
    expect(conversionLines(summary)).toEqual([
      '2025-W50 to 2025-W51: 1 USD = 0.8 EUR (ECB euro reference rate, 2025-11-28, inverse of the stored rate)',
      '2026-W02: 1 USD = 0.909091 EUR (ECB euro reference rate, 2026-01-02, inverse of the stored rate)',
    ]);
  });

  it("the reference rate is the week's, else the nearest earlier week's, else the first; none in USD", () => {
    const c = planConverter('EUR', rates);
    c.factor('2025-W50');
    c.factor('2026-W02');
    expect(referenceRate(c.summary(), '2025-W50')!.factor).toBe('0.8');
    expect(referenceRate(c.summary(), '2025-W49')!.text).toMatch(/^1 USD = 0\.8 EUR .*the rate of 2025-W50$/);
    expect(referenceRate(c.summary(), '2026-W05')!.text).toMatch(/the rate of 2026-W02$/);
    expect(referenceRate(planConverter('USD', rates).summary(), '2025-W50')).toBeNull();
  });

  it("the app's texts with catalog dollars read in the project's currency, the dollars beside, precision kept", () => {
    expect(catalogAmountIn('0.275', '0.8', 'EUR')).toBe('€0.220');
    expect(catalogAmountIn('1234.5', '0.8', 'GBP')).toBe('£987.60');
    const basis = 'estimator: 4 runs × 0.67 h on L4 (overhead-bound); $0.275/h on-demand as of 2025-06-01';
    expect(catalogUsdIn(basis, '0.8', 'EUR')).toBe(
      'estimator: 4 runs × 0.67 h on L4 (overhead-bound); €0.220/h ($0.275/h) on-demand as of 2025-06-01',
    );
    expect(catalogUsdIn('subscription $49.99/month and $1,200 a year', '0.8', 'CHF')).toBe(
      'subscription CHF 39.99/month ($49.99/month) and CHF 960.00 ($1,200) a year',
    );
    expect(catalogUsdIn(basis, '0.8', 'USD')).toBe(basis);
    expect(catalogUsdIn('$1.99 per disk per month', null, 'EUR')).toBe('USD 1.99 per disk per month');
  });
});
