import { describe, expect, it } from 'vitest';
import { checkMapping, draftFromMapping, emptyMapping, withMapping } from './column-mapping-draft';

describe('emptyMapping', () => {
  it('guesses the date, cost, currency, provider, service and resource columns from the header', () => {
    const draft = emptyMapping(
      ['Datum', 'Betrag', 'Währung', 'Vendor', 'GPU type', 'Pod'],
      [['31.12.2025', '1.234,56', 'EUR', 'x', 'y', 'z']],
    );
    expect(draft).toMatchObject({
      dateColumn: 'Datum',
      costColumn: 'Betrag',
      currencyColumn: 'Währung',
      providerColumn: 'Vendor',
      serviceColumn: 'GPU type',
      resourceColumn: 'Pod',
    });
  });

  it('reads day.month.year dates and decimal commas from the first rows, else the defaults', () => {
    expect(emptyMapping(['date', 'cost'], [['31.12.2025', '12,50']])).toMatchObject({ dateFormat: 'DD.MM.YYYY', decimalSeparator: ',' });
    expect(emptyMapping(['date', 'cost'], [['2025-12-31', '1,234.50']])).toMatchObject({ dateFormat: 'auto', decimalSeparator: '.' });
    expect(emptyMapping()).toMatchObject({ dateColumn: '', costColumn: '', currency: 'USD', sign: 'as-is' });
  });
});

describe('checkMapping', () => {
  it('asks for the date column, then the cost column', () => {
    expect(checkMapping(emptyMapping(['a', 'b']))).toEqual({ ok: false, message: 'choose the date column' });
    expect(checkMapping(withMapping({ ...emptyMapping(['a', 'b']), dateColumn: 'a' }))).toEqual({
      ok: false,
      message: 'choose the cost column',
    });
  });

  it('sends the fixed currency and provider when the file has no column for them, and the name it is saved as', () => {
    const draft = withMapping({
      ...emptyMapping(['day', 'usd']),
      dateColumn: 'day',
      costColumn: 'usd',
      provider: ' RunPod ',
      saveAs: ' runpod ',
    });
    const checked = checkMapping(draft);
    expect(checked.ok).toBe(true);
    if (checked.ok)
      expect(checked.mapping).toMatchObject({ name: 'runpod', dateColumn: 'day', costColumn: 'usd', currency: 'USD', provider: 'RunPod' });
  });

  it("says which field the contract's schema refuses", () => {
    const draft = withMapping({ ...emptyMapping(['day', 'usd']), dateColumn: 'day', costColumn: 'usd', currency: '' });
    const checked = checkMapping(draft);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.message).toMatch(/^currency: /);
  });
});

describe('draftFromMapping', () => {
  it("puts a saved mapping back in the form with this file's spelling of each column", () => {
    const draft = draftFromMapping(
      ['Charge Date', 'Amount (USD)', 'Project'],
      {
        dateColumn: 'charge date',
        dateFormat: 'auto',
        costColumn: 'amount (usd)',
        currency: 'USD',
        tagColumns: ['project', 'missing'],
        decimalSeparator: '.',
        sign: 'negate',
      },
      'ledger',
    );
    expect(draft).toMatchObject({
      dateColumn: 'Charge Date',
      costColumn: 'Amount (USD)',
      tagColumns: ['Project', 'missing'],
      sign: 'negate',
      saveAs: 'ledger',
      currencyColumn: '',
      provider: '',
    });
    expect(checkMapping(draft).ok).toBe(true);
  });
});
