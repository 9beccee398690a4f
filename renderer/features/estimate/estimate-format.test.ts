import { describe, expect, it } from 'vitest';
import { fmtHours, fmtNum, PRICE_KIND_LABEL, shortGpu, si, usd } from './estimate-format';

describe('Estimate figures as written on screen', () => {
  it('numbers: three significant digits, thousands separated', () => {
    expect(fmtNum(0.56789)).toBe('0.568');
    expect(fmtNum(123.456)).toBe('123');
    expect(fmtNum(12345.6)).toBe('12,346');
  });
  it('hours carry days from 48 h', () => {
    expect(fmtHours(47)).toBe('47 h');
    expect(fmtHours(60)).toBe('60 h (2.5 d)');
  });
  it('dollars: cents under 100, whole dollars above', () => {
    expect(usd(12.345)).toBe('$12.35');
    expect(usd(1234.5)).toBe('$1,235');
  });
  it('SI prefixes and short GPU names', () => {
    expect(si(7_240_000_000)).toBe('7.24 G');
    expect(si(13_600_000)).toBe('13.6 M');
    expect(si(12)).toBe('12 ');
    expect(shortGpu('NVIDIA GeForce RTX 4090')).toBe('RTX 4090');
    expect(PRICE_KIND_LABEL['reserved-1y']).toBe('reserved 1 y');
  });
});
