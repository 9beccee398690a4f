import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { apportionCents, apportionCostParts, runningCents } from './apportion';

const sum = (xs: string[]) => xs.reduce((s, x) => s.plus(x), new Big(0)).toFixed(2);

describe('apportionCents: the parts add up to the total shown (largest remainder)', () => {
  it('gives the missing cents to the largest remainders, ties to the first part', () => {
    const third = new Big(1).div(3);
    expect(apportionCents([third, third, third], '1.00')).toEqual(['0.34', '0.33', '0.33']);
    expect(apportionCents(['605.994', '25.296', '34.796'], '666.07')).toEqual(['605.99', '25.29', '34.79']);
    expect(apportionCents(['0.001', '0.002'], '0.05')).toEqual(['0.02', '0.03']);
    expect(apportionCents([])).toEqual([]);
  });

  it('defaults the total to the exact sum rounded to the cent', () => {
    expect(apportionCents(['0.005', '0.005', '0.005'])).toEqual(['0.01', '0.01', '0.00']);
    expect(sum(apportionCents(['10.004', '5.004', '3.333']))).toBe('18.34');
  });

  it('takes cents over the total from the smallest remainders, never below zero', () => {
    // A total rounded part by part can be a cent under the parts' own floors.
    expect(apportionCents(['0.00', '5.009', '3.001'], '8.00')).toEqual(['0.00', '5.00', '3.00']);
    expect(apportionCents(['0', '0.999'], '0.98')).toEqual(['0.00', '0.98']);
    for (const p of apportionCents(['0', '0', '1.5'], '1.40')) expect(Number(p)).toBeGreaterThanOrEqual(0);
  });
});

describe('apportionCostParts: all costs never below the GPU cost', () => {
  it('weeks of GPU 0.006 and 122.275 with a tenth of a cent of storage: each week all costs >= GPU, columns add up', () => {
    const rows = [
      { gpu: '0.006', storage: '0', transfer: '0' },
      { gpu: '122.275', storage: '0.001', transfer: '0' },
    ];
    const shown = apportionCostParts(rows);
    for (const r of shown) expect(new Big(r.allCosts).gte(r.gpu)).toBe(true);
    expect(sum(shown.map((r) => r.gpu))).toBe('122.28');
    expect(sum(shown.map((r) => r.allCosts))).toBe('122.28');
    expect(runningCents(shown.map((r) => r.allCosts)).at(-1)).toBe('122.28');
  });
});
