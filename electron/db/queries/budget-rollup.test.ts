/** The daily spend rollup (migration 0005) answers group-bys exactly like the line scan, and follows track changes. */
import path from 'node:path';
import Big from 'big.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppContext, type AppContext } from '../../services/app-context';
import { referenceFile, tempDir } from '../../test-support/paths';
import { SPEND_GROUP_BY } from '../../../shared/ipc/contract/budget-import';

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((f) => f()));

function app(): AppContext {
  const t = tempDir();
  const ctx = createAppContext({ dataDir: t.dir, databaseFile: path.join(t.dir, 'app.sqlite'), runtime: 'cli' });
  cleanups.push(() => {
    ctx.close();
    t.remove();
  });
  return ctx;
}

const cents = (totals: Record<string, string>) =>
  Object.fromEntries(Object.entries(totals).map(([c, v]) => [c, new Big(v).round(2, Big.roundHalfEven).toFixed(2)]));
type Summary = { groups: Array<{ key: string; totals: Record<string, string>; lines: number }> };
const view = (s: Summary) => s.groups.map((g) => ({ key: g.key, lines: g.lines, totals: cents(g.totals) }));

describe('spend rollup', () => {
  it('gives the same groups, line counts and totals (to the cent) as the exact scan, for every group-by', async () => {
    const ctx = app();
    await ctx.services.budget.importFile({ file: referenceFile('billing-samples', 'focus-sample-data', 'focus_sample.csv') });
    await ctx.services.budget.importFile({ file: referenceFile('billing-samples', 'koku', 'aws', '2023-06-01.csv') });
    for (const by of SPEND_GROUP_BY) {
      const fast = ctx.services.budget.spendSummary({ by });
      const exact = ctx.services.budget.spendSummary({ by, exact: true });
      expect(view(fast), by).toEqual(view(exact));
      expect(fast.groups.length, by).toBeGreaterThan(0);
    }
    const filtered = { from: '2024-09-01', to: '2024-09-15', gpuOnly: false, currency: 'USD' };
    expect(view(ctx.services.budget.spendSummary({ by: 'service', filters: filtered }))).toEqual(
      view(ctx.services.budget.spendSummary({ by: 'service', filters: filtered, exact: true })),
    );
  });

  it('follows lines moved to another track, undo, and lines written without the importer', async () => {
    const ctx = app();
    const result = await ctx.services.budget.importFile({
      file: referenceFile('billing-samples', 'focus-sample-data', 'focus_sample.csv'),
    });
    ctx.db.prepare("UPDATE spend_lines SET track_id = 'track-x' WHERE id % 3 = 0").run();
    const fast = ctx.services.budget.spendSummary({ by: 'track' });
    expect(view(fast)).toEqual(view(ctx.services.budget.spendSummary({ by: 'track', exact: true })));
    expect(fast.groups.map((g) => g.key)).toContain('track-x');
    ctx.db.prepare('DELETE FROM spend_lines WHERE id % 7 = 0').run();
    expect(view(ctx.services.budget.spendSummary({ by: 'month' }))).toEqual(
      view(ctx.services.budget.spendSummary({ by: 'month', exact: true })),
    );
    ctx.services.budget.undoImport(result.importId!);
    expect(ctx.services.budget.spendSummary({ by: 'month' }).groups).toEqual([]);
  });
});
