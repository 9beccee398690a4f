import { describe, expect, it } from 'vitest';
import type { OfferingWithPrices, Price } from './catalog';
import { bundledCatalog } from '../../electron/test-support/bundled-data';
import { describeAge, flagInconsistentPrices, isStale, priceAgeDays, staleBefore } from './price-health';

function price(kind: Price['kind'], usd: number, asOf = '2026-06-01', id = 1): Price {
  return {
    id,
    offeringId: 'x',
    kind,
    usd,
    per: 'hour',
    usdLow: null,
    usdHigh: null,
    asOf,
    source: 'test',
    notes: null,
    recordedAt: `${asOf}T00:00:00Z`,
  };
}
function offering(id: string, gpuId: string, gpuCount: number, prices: Price[]): OfferingWithPrices {
  return { id, providerId: 'p', providerName: 'Prov', sku: id, gpuId, gpuCount, prices } as unknown as OfferingWithPrices;
}

describe('stale prices (issue 19 item 13)', () => {
  it('a price older than the set age is stale; one inside it, or dated on the limit, is not', () => {
    expect(staleBefore('2026-11-26', 12)).toBe('2025-11-26');
    expect(isStale('2025-11-25', '2026-11-26', 12)).toBe(true);
    expect(isStale('2025-11-26', '2026-11-26', 12)).toBe(false);
    expect(isStale('2026-06-01', '2026-11-26', 6)).toBe(false);
    expect(isStale('2026-05-25', '2026-11-26', 6)).toBe(true);
    expect(priceAgeDays('2026-11-01', '2026-11-26')).toBe(25);
    expect(describeAge('2025-06-01', '2026-11-26')).toBe('17 months old (as of 2025-06-01)');
    expect(describeAge('2026-11-20', '2026-11-26')).toBe('6 days old (as of 2026-11-20)');
  });
});

describe('prices the app flags as inconsistent (issue 19 item 13)', () => {
  it("flags the seed's p4d.24xlarge spot at $2.50/h for 8 A100s, and nothing else of the bundled catalog", () => {
    const { offerings } = bundledCatalog();
    const flags = flagInconsistentPrices(offerings);
    expect(flags.map((f) => `${f.offeringId} ${f.priceKind}`)).toEqual(['aws-p4d-24xlarge spot']);
    expect(flags[0]!.reason).toMatch(/^Spot \$2\.50\/h is 92\.4% below this machine's on-demand \$32\.77\/h/);
  });

  it('a deep but published spot discount is not flagged; one past 91% is', () => {
    const ok = offering('ok', 'g', 1, [price('on-demand', 10), price('spot', 1, undefined, 2)]);
    const deep = offering('deep', 'h', 1, [price('on-demand', 10), price('spot', 0.8, undefined, 2)]);
    expect(flagInconsistentPrices([ok])).toEqual([]);
    expect(flagInconsistentPrices([deep]).map((f) => f.offeringId)).toEqual(['deep']);
  });

  it('compares per GPU-hour across machines of the same GPU only, and ignores reserved and monthly prices', () => {
    const eight = offering('eight', 'a100', 8, [price('on-demand', 8)]); // $1/GPU-h
    const one = offering('one', 'a100', 1, [price('on-demand', 1.2)]);
    const other = offering('other', 't4', 1, [price('on-demand', 0.1)]);
    const reserved = offering('res', 'a100', 1, [price('reserved-3y', 0.2)]);
    expect(flagInconsistentPrices([eight, one, other, reserved])).toEqual([]);
    const misread = offering('misread', 'a100', 8, [price('on-demand', 2.4)]); // $0.30/GPU-h: a one-GPU price
    expect(flagInconsistentPrices([eight, one, misread]).map((f) => f.offeringId)).toEqual(['misread']);
    expect(flagInconsistentPrices([eight, one, misread])[0]!.reason).toMatch(
      /\$0\.30 per GPU-hour is under a third of the next-cheapest on-demand offer of this GPU \(\$1\.00 per GPU-hour, Prov eight\)/,
    );
    // A market's deep spot price (Azure's T4 spot is 88% off) is not compared with other providers' prices.
    const t4 = offering('t4-a', 't4', 1, [price('on-demand', 0.526), price('spot', 0.0627, undefined, 2)]);
    const t4b = offering('t4-b', 't4', 1, [price('spot', 0.4)]);
    expect(flagInconsistentPrices([t4, t4b])).toEqual([]);
  });

  it('uses only the current price of each kind, so a corrected price clears the flag', () => {
    const ref = offering('ref', 'a100', 1, [price('on-demand', 1.2)]);
    const fixed = offering('fixed', 'a100', 8, [price('on-demand', 2.4, '2025-01-01', 1), price('on-demand', 9.6, '2026-01-01', 2)]);
    expect(flagInconsistentPrices([ref, fixed])).toEqual([]);
  });
});
