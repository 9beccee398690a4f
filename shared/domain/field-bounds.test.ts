import { describe, expect, it } from 'vitest';
import { amountText, plainAmount } from './field-bounds';

describe('amounts as a lead types them (issue 28 item 9: a budget typed "3,000" was refused)', () => {
  it('reads thousands groups written with commas, spaces or (thin) no-break spaces', () => {
    for (const [typed, plain] of [
      ['3,000', '3000'],
      ['1,234,567.50', '1234567.50'],
      [' 12 500 ', '12500'],
      ['1\u202f000.25', '1000.25'],
      ['1\u00a0000', '1000'],
      ['615.50', '615.50'],
      ['0', '0'],
    ])
      expect(amountText.parse(typed), typed).toBe(plain);
  });

  it('refuses what is not a well-formed grouping, with the message that says how to write it', () => {
    for (const typed of ['3,5', '3,00', '30,00,000', '1,000 000', ',000', '1,000.', '-3,000', '3.000,50', 'abc', ''])
      expect(amountText.safeParse(typed).success, typed).toBe(false);
    expect(amountText.safeParse('3,5').error?.issues[0]?.message).toContain('such as 615, 3,000 or 615.50');
    expect(plainAmount('3,5')).toBe('3,5');
  });
});
