import { describe, expect, it } from 'vitest';
import type { SubscriptionMonth } from '../../../shared/domain/plan/subscription-pricing';
import { explainSubscriptionBooking, subscriptionMonthOf } from './subscription-explain';

const month = (over: Partial<SubscriptionMonth> = {}): SubscriptionMonth => ({
  subscriptionId: 'colab-pro',
  name: 'Colab Pro',
  month: '2026-01',
  unit: 'compute-units',
  unitWord: 'CU',
  feeUsd: '10',
  includedUnits: '100',
  usedUnits: '156.8',
  overUnits: '56.8',
  topUps: [{ units: 100, usd: '9.99', count: 1 }],
  topUpUsd: '9.99',
  uncoveredUnits: '0',
  usd: '19.99',
  gpuHours: { T4: 80 },
  allocations: [
    { allocationId: 'a', week: '2026-W02', offeringId: 'colab-pro-t4-16gb', gpuHours: 30, units: '58.8', usd: '7.49625' },
    { allocationId: 'b', week: '2026-W03', offeringId: 'colab-pro-t4-16gb', gpuHours: 50, units: '98', usd: '12.49375' },
  ],
  source: 'test',
  ...over,
});

describe("a booking's subscription cost in words", () => {
  it('units, the allowance the month uses, the top-ups and the booking’s share', () => {
    expect(subscriptionMonthOf([month()], 'b')?.name).toBe('Colab Pro');
    expect(subscriptionMonthOf([month()], 'zz')).toBeNull();
    expect(explainSubscriptionBooking(month(), 'a')).toEqual([
      "Colab Pro, 2026-01: this booking uses 30 GPU-hours × 1.96 CU/h = 58.8 CU; the month's 2 bookings use 156.8 of the 100 CU included.",
      '56.8 CU over: top-ups 1 × 100 CU at $9.99 = $9.99; the month costs fee $10.00 + $9.99 = $19.99.',
      "Shared by the month's bookings in proportion to their CU: this booking $7.50.",
    ]);
  });

  it('over the allowance without a top-up: the excess and where the problem is', () => {
    const m = month({ topUps: [], topUpUsd: '0', uncoveredUnits: '56.8', usd: '10', allocations: [month().allocations[1]!] });
    expect(explainSubscriptionBooking(m, 'b')[1]).toBe(
      '56.8 CU over the allowance and no top-up to buy: see Problems. The month costs its fee, $10.00.',
    );
  });
});
