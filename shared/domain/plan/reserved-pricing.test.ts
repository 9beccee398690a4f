import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { createPriceBook, reservedAllocationCosts, standaloneCost } from './pricing';
import { loadExample, plannedCatalog } from './test-fixtures';
import { computeTotals } from './totals';

// Seed 003: NC24ads A100 v4 1-year reserved at $3.67/h → 8,760 h × $3.67 = $32,149.20 committed.
describe('a reserved price in the plan is a commitment shared by the bookings that use it', () => {
  const { plan } = loadExample();
  const catalog = plannedCatalog(plan);
  const a100 = catalog.offerings.find((o) => o.id === 'colab-pro-plus-a100-40gb')!;
  a100.prices = [{ kind: 'reserved-1y', usd: '3.67', per: 'hour', asOf: '2024-11-01', source: 'seed 003' }];
  const reservedPlan = { ...plan, plannedPrices: plan.plannedPrices.filter((p) => p.offeringId !== a100.id) };
  const book = createPriceBook(reservedPlan, catalog);
  const onA100 = reservedPlan.allocations.filter((a) => a.offeringId === a100.id);

  it('the bookings on the reserved A100 cost $32,149.20 together, split by GPU-hours', () => {
    expect(onA100.length).toBeGreaterThan(1);
    const costs = reservedAllocationCosts(reservedPlan.allocations, book);
    const sum = onA100.reduce((s, a) => s.plus(costs.get(a.id)!), new Big(0));
    expect(sum.toFixed(2)).toBe('32149.20');
    const [first, second] = onA100;
    expect(Number(costs.get(first!.id)!.div(costs.get(second!.id)!))).toBeCloseTo(
      (first!.hours * first!.gpuCount) / (second!.hours * second!.gpuCount),
      9,
    );
  });

  it("the plan's total carries the whole commitment, not hours × $3.67", () => {
    const before = computeTotals(plan, plannedCatalog(plan));
    const after = computeTotals(reservedPlan, catalog);
    const a100Hours = onA100.reduce((s, a) => s + a.hours * a.gpuCount, 0);
    const hourly = onA100.reduce((s, a) => s.plus(new Big(before.allocationUsd[a.id]!)), new Big(0));
    expect(new Big(after.usd).minus(before.usd).plus(hourly).toFixed(2)).toBe('32149.20');
    expect(Number(after.usd)).toBeGreaterThan(a100Hours * 3.67);
  });

  it('a phase alone on a reservation carries the whole commitment', () => {
    expect(standaloneCost(book.price(a100.id), 40).toFixed(2)).toBe('32149.20');
  });
});
