import { describe, expect, it } from 'vitest';
import type { Price } from './catalog';
import { currentPrices, pricePerGpuHour } from './catalog-price';

const price = (p: Partial<Price>): Price => ({
  id: 1,
  offeringId: 'o',
  kind: 'on-demand',
  usd: 1,
  per: 'hour',
  usdLow: null,
  usdHigh: null,
  asOf: '2025-01-01',
  source: 's',
  notes: null,
  recordedAt: '2025-01-01T00:00:00Z',
  ...p,
});

describe('price per GPU-hour', () => {
  it('divides a whole-instance hourly price by its GPUs (p4d.24xlarge: $32.77 for 8 × A100)', () => {
    expect(pricePerGpuHour(price({ usd: 32.77 }), { gpuCount: 8, powerWatts: null })?.usd).toBeCloseTo(4.096, 3);
  });
  it('keeps a range as a range', () => {
    const r = pricePerGpuHour(price({ usd: 0.615, usdLow: 0.31, usdHigh: 0.92 }), { gpuCount: 1, powerWatts: null })!;
    expect([r.usdLow, r.usd, r.usdHigh]).toEqual([0.31, 0.615, 0.92]);
  });
  it('spreads a subscription over the stated usable hours', () => {
    const r = pricePerGpuHour(price({ usd: 50, per: 'month', kind: 'subscription' }), { gpuCount: 1, powerWatts: null })!;
    expect(r.usd).toBeCloseTo(0.5);
    expect(r.basis).toMatch(/100 usable GPU-hours .*the catalog gives this subscription no allowance/);
  });
  it("takes a catalog subscription's allowance over its notes and over Settings (Colab Pro: 100 CU ÷ 1.19 CU/h on a T4)", () => {
    const notes = '~$10/month buys 100 compute units; a T4 uses ~1.8 CU/h (about 55 T4-hours a month).';
    const r = pricePerGpuHour(price({ usd: 10, per: 'month', kind: 'subscription', notes }), {
      id: 'colab-pro-t4-16gb',
      gpuCount: 1,
      powerWatts: null,
    })!;
    expect(r.usd).toBeCloseTo(10 / (100 / 1.19), 6);
    expect(r.basis).toMatch(/Colab Pro: 100 CU a month ÷ 1\.19 CU\/h = 84 GPU-hours/);
  });
  it('uses the GPU-hours a subscription buys when its notes state them (Colab Pro: about 55 T4-hours a month)', () => {
    const notes = '~$10/month buys 100 compute units; a T4 uses ~1.8 CU/h (about 55 T4-hours a month).';
    const r = pricePerGpuHour(price({ usd: 10, per: 'month', kind: 'subscription', notes }), { gpuCount: 1, powerWatts: null })!;
    expect(r.usd).toBeCloseTo(10 / 55, 6);
    expect(r.basis).toMatch(/55 GPU-hours a month \(as the price's notes state\)/);
    expect(
      pricePerGpuHour(price({ usd: 10, per: 'month', kind: 'subscription' }), { gpuCount: 1, powerWatts: null, notes })!.usd,
    ).toBeCloseTo(10 / 55, 6);
  });
  it('amortizes a purchase and adds electricity (seed 003: RTX 4090 box, 500 W, $0.12/kWh)', () => {
    const r = pricePerGpuHour(price({ usd: 4000, per: 'once', kind: 'purchase' }), { gpuCount: 1, powerWatts: 500 })!;
    expect(r.usd).toBeCloseTo(4000 / 6000 + 0.06, 6);
    expect(r.basis).toMatch(/500 W/);
  });
});

describe('current prices', () => {
  it('take the latest asOf of each kind, then the latest recorded', () => {
    const history = [
      price({ id: 1, usd: 3.06, asOf: '2024-11-01' }),
      price({ id: 2, usd: 2.9, asOf: '2025-06-01' }),
      price({ id: 3, usd: 2.95, asOf: '2025-06-01', recordedAt: '2025-07-01T00:00:00Z' }),
      price({ id: 4, kind: 'spot', usd: 0.6, asOf: '2024-11-01' }),
    ];
    expect(
      currentPrices(history)
        .map((p) => p.id)
        .sort(),
    ).toEqual([3, 4]);
  });
});
