import { describe, expect, it } from 'vitest';
import { dayShiftText, hoursDeltaText, rangeText, signedText, usdDeltaText } from './figure-text';

describe('figure texts', () => {
  it('writes a range once when its ends are equal, with the unit on each end otherwise', () => {
    expect(rangeText({ low: 3, high: 3 })).toBe('3');
    expect(rangeText({ low: 2, high: 5 }, '$')).toBe('$2–$5');
    expect(rangeText(null)).toBe('—');
  });

  it('signs a difference with a real minus, and a zero as ±0', () => {
    expect(signedText(2, '2 h')).toBe('+2 h');
    expect(signedText(-2, '2 h')).toBe('−2 h');
    expect(signedText(0, '0 h')).toBe('±0');
  });

  it('gives a cost and GPU-hours against the reference', () => {
    expect(usdDeltaText('1500', '1200', 'USD')).toBe('+$300.00');
    expect(usdDeltaText('1500', '1200', 'EUR')).toBe('+€300.00');
    expect(usdDeltaText('1500', '1200', 'CHF')).toBe('+CHF 300.00');
    expect(usdDeltaText('1150.5', '1200', 'USD')).toBe('−$49.50');
    expect(hoursDeltaText(100, 112.34)).toBe('−12.3 h');
    expect(hoursDeltaText(40, 40)).toBe('±0');
  });

  it('says how many days a finish moved', () => {
    expect(dayShiftText('2026-03-01', '2026-03-01')).toBe('same day');
    expect(dayShiftText('2026-03-01', '2026-03-04')).toBe('3 days later');
    expect(dayShiftText('2026-03-01', '2026-02-27')).toBe('2 days earlier');
  });
});
