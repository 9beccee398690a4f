import { describe, expect, it } from 'vitest';
import { amountText, money, moneyFigure, totalsText } from './money-format';

describe('the one money formatter', () => {
  it('writes an exact amount with its currency’s symbol or code, grouped, with a true minus sign', () => {
    expect(money('USD', '1234.50')).toBe('$1,234.50');
    expect(money('EUR', '-12.00')).toBe('−€12.00');
    expect(money('CHF', '1234567.89')).toBe('CHF 1,234,567.89');
    expect(amountText('USD', '0.004')).toBe('< $0.01');
    expect(totalsText({ USD: '1.005', EUR: '2' })).toBe('€2.00 + $1.01');
  });

  it('rounds figures computed in floating point half-up, by their kind, through the same symbols', () => {
    expect(moneyFigure('USD', 1.005)).toBe('$1.01'); // 1.005 is 1.00499… as a double: half-up on its decimal text
    expect(moneyFigure('EUR', 1234.5, 'estimate')).toBe('€1,235');
    expect(moneyFigure('USD', 99.994, 'estimate')).toBe('$99.99');
    expect(moneyFigure('USD', 0.752, 'rate')).toBe('$0.752');
    expect(moneyFigure('USD', 0.5, 'rate')).toBe('$0.50');
    expect(moneyFigure('USD', 3.06, 'rate')).toBe('$3.06');
    expect(moneyFigure('USD', 18_700, 'rate')).toBe('$18,700');
    expect(moneyFigure('USD', 1500, 'axis')).toBe('$1.5k');
    expect(moneyFigure('USD', 30_000, 'axis')).toBe('$30k');
    expect(moneyFigure('USD', 2.5, 'axis')).toBe('$2.5');
    expect(moneyFigure('USD', 0.25, 'axis')).toBe('$0.25');
    expect(moneyFigure('GBP', -42.1, 'estimate')).toBe('−£42.10');
    expect(moneyFigure('USD', Number.NaN)).toBe('—');
    expect(moneyFigure('USD', null)).toBe('—');
  });
});
