/** Issue 19 item 19: amounts read to the currency's cents, never as the file's raw digits. */
import { describe, expect, it } from 'vitest';
import { NO_CURRENCY } from '../../../shared/domain/billing/spend-line';
import { amountText, totalsText } from './format';

describe('amounts formatted to the currency', () => {
  it('rounds a 19-digit exact line cost to cents with the currency', () => {
    expect(amountText('USD', '1234.5678901234567891')).toBe('$1,234.57');
    expect(amountText('EUR', '0.145')).toBe('€0.15');
    expect(amountText('CHF', '-12.3')).toBe('CHF −12.30');
    expect(amountText(NO_CURRENCY, '2')).toBe('2.00 (currency not stated)');
  });

  it('says a non-zero amount under a cent is under a cent, and zero is zero', () => {
    expect(amountText('USD', '0.0000012345678901234')).toBe('< $0.01');
    expect(amountText('USD', '-0.000001')).toBe('> −$0.01');
    expect(amountText('USD', '0')).toBe('$0.00');
  });

  it('sums per currency read to cents', () => {
    expect(totalsText({ USD: '20.52022672899', EUR: '5' })).toBe('€5.00 + $20.52');
  });
});
