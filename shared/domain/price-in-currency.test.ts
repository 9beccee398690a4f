import { describe, expect, it } from 'vitest';
import type { ExchangeRate } from './budget/types';
import { priceInCatalogCurrency } from './price-in-currency';

const ECB = 'ECB euro reference rate';
const rates: ExchangeRate[] = [
  { id: 1, from: 'EUR', to: 'USD', rate: '1.0800', asOf: '2026-10-01', source: ECB, origin: 'bundled' },
  { id: 2, from: 'EUR', to: 'USD', rate: '1.0500', asOf: '2026-11-02', source: ECB, origin: 'bundled' },
  { id: 3, from: 'EUR', to: 'GBP', rate: '0.8400', asOf: '2026-11-02', source: ECB, origin: 'bundled' },
];
const base = { currency: 'EUR', amount: '2.00', low: '', high: '', per: 'hour', asOf: '2026-11-10' };

describe('a catalog price entered in another currency (issue 28 item 5)', () => {
  it('converts at the rate on or before the price date, names it, keeps the amount entered', () => {
    const r = priceInCatalogCurrency(base, rates);
    expect(r).toMatchObject({ ok: true, usd: 2.1, usdLow: null, usdHigh: null });
    if (!r.ok) throw new Error('refused');
    expect(r.rate?.asOf).toBe('2026-11-02');
    expect(r.rateText).toBe(`1 EUR = 1.05 USD (${ECB}, 2026-11-02)`);
    expect(r.note).toBe(`Entered as 2.00 EUR per hour; converted at 1 EUR = 1.05 USD (${ECB}, 2026-11-02).`);
    // an older price takes the older rate
    expect(priceInCatalogCurrency({ ...base, asOf: '2026-10-15' }, rates)).toMatchObject({ ok: true, usd: 2.16 });
  });
  it('goes through the euro for a cross rate and converts the range too', () => {
    const r = priceInCatalogCurrency({ ...base, currency: 'GBP', amount: '1.68', low: '1.5', high: '2' }, rates);
    expect(r).toMatchObject({ ok: true, usd: 2.1, usdLow: 1.875, usdHigh: 2.5 });
    if (r.ok) expect(r.note).toContain('1.68 GBP per hour (range 1.5–2)');
  });
  it('passes USD through without a note, and reads "3,000"', () => {
    expect(priceInCatalogCurrency({ ...base, currency: 'USD', amount: '3,000' }, [])).toEqual({
      ok: true,
      usd: 3000,
      usdLow: null,
      usdHigh: null,
      rate: null,
      rateText: '',
      note: null,
    });
  });
  it('names the field and the reason: no rate, not a number, zero, a bad range end, no date', () => {
    expect(priceInCatalogCurrency({ ...base, currency: 'CHF' }, rates)).toMatchObject({
      ok: false,
      field: 'currency',
      message: expect.stringContaining('no exchange rate from CHF to USD on or before 2026-11-10'),
    });
    expect(priceInCatalogCurrency({ ...base, asOf: '2026-09-01' }, rates)).toMatchObject({ ok: false, field: 'currency' });
    expect(priceInCatalogCurrency({ ...base, amount: 'two' }, rates)).toMatchObject({ ok: false, field: 'usd' });
    expect(priceInCatalogCurrency({ ...base, amount: '0' }, rates)).toMatchObject({ ok: false, field: 'usd' });
    expect(priceInCatalogCurrency({ ...base, high: '2,5x' }, rates)).toMatchObject({ ok: false, field: 'usdHigh' });
    expect(priceInCatalogCurrency({ ...base, asOf: '' }, rates)).toMatchObject({ ok: false, field: 'asOf' });
    expect(priceInCatalogCurrency({ ...base, currency: 'euro' }, rates)).toMatchObject({ ok: false, field: 'currency' });
  });
});
