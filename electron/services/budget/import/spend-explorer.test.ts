/** Issue 19 item 19: the spend explorer's groups read biggest cost first; time groupings stay in time order. */
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { referenceDir } from '../../../test-support/paths';
import { createTestApp, type TestApp } from '../../../test-support/test-app';

let app: TestApp;
beforeEach(() => {
  app = createTestApp();
});
afterEach(() => app.dispose());

const usd = (g: { totals: Record<string, string> }) => Number(g.totals.USD ?? '0');

describe('spend summary order', () => {
  it('sorts services, providers and instance types by cost descending, months and weeks chronologically', async () => {
    await app.services.budget.importFile({ file: path.join(referenceDir, 'billing-samples/focus-sample-data/focus_sample.csv') });
    for (const by of ['service', 'provider', 'sub-account', 'instance-type'] as const) {
      const groups = app.services.budget.spendSummary({ by }).groups;
      expect(groups.length).toBeGreaterThan(1);
      const costs = groups.map(usd);
      expect(costs).toEqual([...costs].sort((a, b) => b - a));
    }
    // The sample's top service by billed cost is EC2, not the alphabetically first one.
    expect(app.services.budget.spendSummary({ by: 'service' }).groups[0]!.key).toBe('Amazon Elastic Compute Cloud');
    for (const by of ['month', 'week'] as const) {
      const keys = app.services.budget.spendSummary({ by }).groups.map((g) => g.key);
      expect(keys).toEqual([...keys].sort());
    }
  }, 60_000);
});
