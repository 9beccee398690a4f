import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { convert, describeRate, findRate } from './currency';
import type { ExchangeRate } from './types';

const r = (
  id: number,
  from: string,
  to: string,
  rate: string,
  asOf: string,
  origin: ExchangeRate['origin'] = 'bundled',
  source = `ECB euro reference rate, ${asOf}`,
): ExchangeRate => ({
  id,
  from,
  to,
  rate,
  asOf,
  source,
  origin,
});

// ECB month-ends (../shared/fx/eurofxref-hist.csv): 2025-11-28 USD 1.1566 GBP 0.8768; 2025-12-31 USD 1.175 GBP 0.87285.
const ecb = [
  r(1, 'EUR', 'USD', '1.1566', '2025-11-28'),
  r(2, 'EUR', 'GBP', '0.8768', '2025-11-28'),
  r(3, 'EUR', 'USD', '1.175', '2025-12-31'),
  r(4, 'EUR', 'GBP', '0.87285', '2025-12-31'),
];

describe('convert: dated rates, the newest on or before the day', () => {
  it('a direct pair, its inverse, and a cross rate through the euro (each leg on or before the day)', () => {
    expect(convert('100', 'EUR', 'USD', '2025-12-15', ecb)?.value.toString()).toBe('115.66');
    expect(convert('115.66', 'USD', 'EUR', '2025-12-15', ecb)?.value.toFixed(6)).toBe('100.000000');
    const cross = convert('100', 'USD', 'GBP', '2026-01-10', ecb)!;
    expect(cross.rate).toMatchObject({ via: 'EUR', asOf: '2025-12-31' });
    expect(cross.value.toFixed(6)).toBe(new Big('0.87285').div('1.175').times(100).toFixed(6));
  });

  it('never a silent 1.0: no rate before the first date, none for an unknown currency', () => {
    expect(convert('100', 'EUR', 'USD', '2025-11-27', ecb)).toBeNull();
    expect(convert('100', 'USD', 'XAF', '2026-01-10', ecb)).toBeNull();
    expect(convert('100', 'USD', 'USD', '2026-01-10', [])?.value.toString()).toBe('100');
  });

  it("the user's own rate comes before a newer bundled one; a rate typed for the pair beats the euro cross", () => {
    const mine = [...ecb, r(9, 'USD', 'EUR', '0.92', '2025-12-01', 'user', 'my bank')];
    expect(findRate(mine, 'USD', 'EUR', '2026-01-10')).toMatchObject({ rate: '0.92', source: 'my bank', inverse: false, via: null });
    expect(findRate(mine, 'EUR', 'USD', '2026-01-10')).toMatchObject({ rate: '0.92', inverse: true });
    expect(findRate(mine, 'USD', 'EUR', '2025-11-30')).toMatchObject({
      rate: '1.1566',
      inverse: true,
      source: 'ECB euro reference rate, 2025-11-28',
    });
  });

  it('describes the rate with its source, date and age', () => {
    const rate = findRate(ecb, 'USD', 'GBP', '2026-04-20')!;
    expect(describeRate('USD', 'GBP', rate, '2026-04-20')).toBe(
      '1 USD = 0.742851 GBP (ECB euro reference rate, 2025-12-31 via EUR; 110 days older than 2026-04-20)',
    );
    expect(describeRate('USD', 'GBP', findRate(ecb, 'USD', 'GBP', '2026-01-05')!, '2026-01-05')).toBe(
      '1 USD = 0.742851 GBP (ECB euro reference rate, 2025-12-31 via EUR)',
    );
  });
});
