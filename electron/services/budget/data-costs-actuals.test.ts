/**
 * Issue 19 item 15 on real data: a billing import's storage and network lines, assigned to a project's track by its
 * rules, come back as the actual beside the plan's storage and transfer lines. Checked on the FOCUS sample against an
 * independent sum of the file's storage and network rows in the project's dates.
 */
import fs from 'node:fs';
import path from 'node:path';
import Big from 'big.js';
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataSpendCategory } from '../../../shared/domain/budget/data-cost-lines';
import { referenceDir } from '../../test-support/paths';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { septemberProjectWithRule } from '../../test-support/september-project';

const FOCUS = path.join(referenceDir, 'billing-samples/focus-sample-data/focus_sample.csv');

let app: TestApp;
beforeEach(() => {
  app = createTestApp();
});
afterEach(() => app.dispose());

describe('billed storage and network against the plan’s storage and transfer lines', () => {
  it('sums the FOCUS sample’s USD storage and network rows in the project dates as the actual of each line', async () => {
    // One rule assigns every line of the file to the track.
    const { projectId } = await septemberProjectWithRule(app, '*');
    await app.services.budget.importFile({ file: FOCUS });

    const rows = parse(fs.readFileSync(FOCUS, 'utf8'), { columns: true, bom: true }) as Array<Record<string, string>>;
    const inDates = rows.filter(
      (r) => r.ChargePeriodStart! >= '2024-09-10' && r.ChargePeriodStart! < '2024-09-21' && r.BillingCurrency === 'USD',
    );
    const expected = (category: 'storage' | 'transfer') => {
      const mine = inDates.filter(
        (r) => dataSpendCategory({ service: r.ServiceName || null, sku: r.SkuId || null, usageUnit: r.ConsumedUnit || null }) === category,
      );
      return { lines: mine.length, usd: mine.reduce((s, r) => s.plus(r.BilledCost!), new Big(0)) };
    };
    const overview = await app.services.budget.getOverview(projectId);
    const row = (category: string) => overview.dataCosts.rows.find((r) => r.category === category)!;
    for (const category of ['storage', 'transfer'] as const) {
      const want = expected(category);
      expect(row(category).lineCount, category).toBe(want.lines);
      // The comparison shows cents: within half a cent of the exact sum.
      expect(new Big(row(category).actual).minus(want.usd).abs().lte('0.005'), `${category}: ${row(category).actual} vs ${want.usd}`).toBe(
        true,
      );
    }
    expect(expected('storage').lines).toBeGreaterThan(0);
    expect(overview.dataCosts.unassigned.lineCount).toBe(0);
  }, 60_000);
});
