import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/test-app';

const app = createTestApp();
afterAll(() => app.dispose());

const workload = {
  model: { preset: 'resnet34-1d' },
  input: { windowSamples: 500 },
  batchSize: 64,
  precision: 'fp32',
  dataset: { samples: 50000 },
  epochs: 100,
};

async function purchaseRowUsd(): Promise<number> {
  const result = await app.handlers.invoke('estimate:run', { workload, gpuIds: ['rtx-4090-24gb'] });
  if (!result.ok) throw new Error(result.error.message);
  const row = result.value.ranking.find((r) => r.offeringId === 'local-highend-rtx-4090' && r.priceKind === 'purchase');
  if (!row) throw new Error('no purchase row for the RTX 4090 box');
  return row.usd;
}

describe('settings through the handler table', () => {
  it('starts from the one default set (seed 003: $0.12/kWh) and round-trips an update', async () => {
    const first = await app.handlers.invoke('settings:get', {});
    expect(first).toMatchObject({ ok: true, value: { cost: { electricityUsdPerKwh: 0.12, purchaseHoursPerYear: 2000 }, updatedAt: null } });
    const updated = await app.handlers.invoke('settings:update', { cost: { electricityUsdPerKwh: 0.3, purchaseLifetimeYears: 5 } });
    expect(updated.ok && updated.value.cost).toMatchObject({
      electricityUsdPerKwh: 0.3,
      purchaseLifetimeYears: 5,
      purchaseHoursPerYear: 2000,
    });
    expect(updated.ok && updated.value.summary).toBe('at $0.3/kWh, 5 y × 2,000 h/y');
    const again = await app.handlers.invoke('settings:get', {});
    expect(again.ok && again.value.cost.electricityUsdPerKwh).toBe(0.3);
    expect(again.ok && again.value.updatedAt).not.toBeNull();
    const reset = await app.handlers.invoke('settings:update', { cost: {}, reset: true });
    expect(reset.ok && reset.value.cost).toEqual(reset.ok && reset.value.defaults);
  });

  it('refuses an out-of-range or unknown setting as data and leaves the stored settings unchanged', async () => {
    const bad = await app.handlers.dispatch('settings:update', { cost: { electricityUsdPerKwh: -1 } });
    expect(bad).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
    const unknown = await app.handlers.dispatch('settings:update', { cost: { wattsPerDollar: 3 } });
    expect(unknown.ok).toBe(false);
    const now = await app.handlers.invoke('settings:get', {});
    expect(now.ok && now.value.cost.electricityUsdPerKwh).toBe(0.12);
  });

  it('changes the estimator’s purchase figure: the estimate reads the stored electricity price', async () => {
    await app.handlers.invoke('settings:update', { cost: {}, reset: true });
    const cheap = await purchaseRowUsd();
    await app.handlers.invoke('settings:update', { cost: { electricityUsdPerKwh: 1.2 } });
    const dear = await purchaseRowUsd();
    expect(dear).toBeGreaterThan(cheap);
    await app.handlers.invoke('settings:update', { cost: {}, reset: true });
    expect(await purchaseRowUsd()).toBe(cheap);
  });
});

describe('the first-run guide (issue 28, item 10)', () => {
  it('is shown until dismissed, and dismissing is remembered in the database', async () => {
    const first = await app.handlers.invoke('settings:get', {});
    expect(first.ok && first.value.guideDismissedAt).toBeNull();
    const dismissed = await app.handlers.invoke('settings:dismiss-guide', {});
    expect(dismissed.ok && dismissed.value.guideDismissedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const again = await app.handlers.invoke('settings:get', {});
    expect(again.ok && again.value.guideDismissedAt).toBe(dismissed.ok && dismissed.value.guideDismissedAt);
    // The cost settings are untouched.
    expect(again.ok && again.value.cost).toEqual(first.ok && first.value.cost);
  });
});
