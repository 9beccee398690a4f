import { describe, expect, it } from 'vitest';
import { authorRange, fromUsd } from './format';
import { dates } from './report-parts';

describe('printed report parts', () => {
  it('a date range within one year drops the second year', () => {
    expect(dates('2025-12-21', '2025-12-23')).toBe('2025-12-21 → 12-23');
    expect(dates('2025-12-21', '2026-01-04')).toBe('2025-12-21 → 2026-01-04');
  });
  it('an amount stated in USD reads in dollars with cents in a USD project, a dash when there is no amount', () => {
    const cover = { currency: 'USD', catalogRate: null };
    expect(fromUsd('1234.5', cover)).toBe('$1,234.50');
    expect(fromUsd(null, cover)).toBe('—');
    expect(authorRange({ low: 10, high: 15 }, cover)).toBe('$10–$15');
  });
  it("in a euro project, amounts stated in USD are converted at the report's catalog rate, an author's dollars kept beside", () => {
    const cover = {
      currency: 'EUR',
      catalogRate: { factor: '0.8562', text: '1 USD = 0.8562 EUR (ECB, 2025-12-05), the rate of 2025-W50' },
    };
    expect(fromUsd('1234.5', cover)).toBe('€1,056.98');
    expect(authorRange({ low: 10, high: 15 }, cover)).toBe('€8.56–€12.84 ($10–$15)');
    expect(authorRange({ low: 615, high: 615 }, cover)).toBe('€526.56 ($615)');
    expect(authorRange(null, cover)).toBe('—');
  });
  it('in a project whose currency has no rate, the dollars stay dollars (never printed as another currency)', () => {
    const cover = { currency: 'JPY', catalogRate: null };
    expect(fromUsd('2', cover)).toBe('$2.00');
    expect(authorRange({ low: 1, high: 2 }, cover)).toBe('$1–$2');
  });
});
