/**
 * One plan, one truth (issue 25 item 7): for generated plans, budgets, currencies, rates of the lead's own and billing
 * imports in several currencies, each figure — planned total, actual, forecast, remaining, per track, per month — is
 * the same to the cent on the Plan screen (the plan view), the Budget screen (the overview), in the PDF's model and
 * its brief text, in the CSV files and in the CLI's JSON (`plan show`), and every one is in the project's currency.
 */
import fs from 'node:fs';
import path from 'node:path';
import Big from 'big.js';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { money, toCents } from '../../../shared/domain/money-format';
import { EXAMPLE_PROJECT_ID } from '../../../shared/domain/plan/example';
import { resourcesDir, tempDir } from '../../test-support/paths';
import { createAppContext } from '../app-context';

const data = tempDir();
const app = createAppContext({ dataDir: data.dir, resourcesDir, runtime: 'cli', now: () => new Date('2025-12-24T10:00:00Z') });
afterAll(() => {
  app.close();
  data.remove();
});

const sumOf = (xs: readonly string[]) => xs.reduce((s, v) => s.plus(v), new Big(0)).toFixed(2);
async function csvRows(projectId: string, table: 'tracks' | 'weeks' | 'costs-by-month') {
  const { text } = await app.services.report.csvText({ projectId, table, bom: false });
  return parse(text, { columns: true }) as Array<Record<string, string>>;
}

const caseOf = fc.record({
  currency: fc.constantFrom('USD', 'EUR', 'GBP', 'JPY', 'CHF', 'INR'),
  ownRate: fc.option(
    fc.integer({ min: 30, max: 15_000 }).map((n) => (n / 100).toFixed(2)),
    { nil: null },
  ),
  budget: fc.integer({ min: 50, max: 9_000 }).map(String),
  hoursScale: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 3, maxLength: 3 }),
  spend: fc.array(
    fc.record({
      cents: fc.integer({ min: 1, max: 40_000 }),
      currency: fc.constantFrom('USD', 'EUR', 'GBP'),
      day: fc.integer({ min: 11, max: 23 }),
      track: fc.constantFrom('vitaldb', 'multisensor', 'none'),
    }),
    { maxLength: 4 },
  ),
});

let run = 0;
describe('one truth across the app (issue 25 item 7)', () => {
  it('for generated plans, budgets, currencies, rates and imports, every figure is one value in the project’s currency', async () => {
    await fc.assert(
      fc.asyncProperty(caseOf, async (c) => {
        run += 1;
        const { projectId } = app.services.plan.projects.duplicate({ projectId: EXAMPLE_PROJECT_ID, name: `Case ${run}` });
        if (c.ownRate && c.currency !== 'USD')
          app.services.budget.saveRate({ from: 'USD', to: c.currency, rate: c.ownRate, asOf: '2025-01-01', source: `case ${run}` });
        let view = await app.services.plan.getPlan(projectId);
        view = app.services.plan.edit({
          projectId,
          revision: view.revision,
          command: { type: 'upsert', entity: 'project', value: { ...view.plan.project, currency: c.currency, budget: c.budget } },
        });
        for (const [i, a] of view.plan.allocations.slice(0, 3).entries())
          view = app.services.plan.edit({
            projectId,
            revision: view.revision,
            command: { type: 'upsert', entity: 'allocation', value: { ...a, hours: Math.min(168, a.hours * c.hoursScale[i]!) } },
          });
        if (c.spend.length > 0) {
          const dir = tempDir();
          const file = path.join(dir.dir, `spend-${run}.csv`);
          const lines = c.spend.map(
            (s) =>
              `${(s.cents / 100).toFixed(2)},${s.currency},2025-12-${s.day} 00:00:00,AWS,Amazon Elastic Compute Cloud run ${run},"{""track"":""${s.track}""}"`,
          );
          fs.writeFileSync(file, ['BilledCost,BillingCurrency,ChargePeriodStart,ProviderName,ServiceName,Tags', ...lines].join('\n'));
          await app.services.budget.importFile({ file });
          dir.remove();
        }

        // The Plan screen.
        const totals = (await app.services.plan.getPlan(projectId)).analysis.totals;
        expect(totals.currency).toBe(c.currency);
        expect(totals.conversion?.missing ?? []).toEqual([]);
        const total = totals.allCostsUsd;
        expect(totals.budget).toBe(new Big(c.budget).toFixed(2));
        expect(totals.remainingAllCostsUsd).toBe(new Big(c.budget).minus(total).toFixed(2));
        expect(new Big(totals.usd).lte(total)).toBe(true);

        // The Budget screen: planned, per track and per month add up to it; one forecast.
        const o = await app.services.budget.getOverview(projectId);
        expect(o.currency).toBe(c.currency);
        expect(o.planned.total).toBe(total);
        expect(sumOf([...o.tracks.map((t) => t.planned), o.projectWideData?.planned ?? '0'])).toBe(total);
        expect(sumOf(o.months.map((m) => m.planned))).toBe(total);
        expect(sumOf([...o.tracks.map((t) => t.forecast), o.forecast.unassigned])).toBe(o.forecast.value);
        expect(o.weeks.at(-1)!.forecastCumulative ?? o.forecast.value).toBe(o.forecast.value);

        // The PDF's model and its words.
        const model = await app.services.report.getReportModel({ projectId });
        expect(model.cover.currency).toBe(c.currency);
        expect(model.summary.plannedUsd).toBe(total);
        expect(model.summary.remainingUsd).toBe(totals.remainingAllCostsUsd);
        expect(model.brief.decision).toContain(money(c.currency, toCents(total)));
        expect(model.brief.decision).toContain(`against a budget of ${money(c.currency, toCents(totals.budget))}`);
        expect(model.brief.months.map((m) => [m.month, m.plannedUsd])).toEqual(
          o.months
            .filter((m) => m.planned !== '0.00' || model.brief.months.some((b) => b.month === m.month))
            .map((m) => [m.month, m.planned]),
        );
        if (model.budget.available) {
          expect(model.budget.forecastUsd).toBe(o.forecast.value);
          expect(model.budget.actualUsd).toBe(o.actual.value);
        }

        // The CSV files: their currency column, and parts that add up to the totals.
        const weeks = await csvRows(projectId, 'weeks');
        expect([...new Set(weeks.map((r) => r.currency))]).toEqual([c.currency]);
        expect(sumOf(weeks.map((r) => r.allCosts!))).toBe(total);
        expect(weeks.at(-1)!.allCostsCumulative).toBe(total);
        const tracks = await csvRows(projectId, 'tracks');
        expect(sumOf(tracks.map((r) => r.cost!))).toBe(totals.usd);
        const months = await csvRows(projectId, 'costs-by-month');
        expect(sumOf(months.map((r) => r.cost!))).toBe(totals.usd);

        // The CLI's JSON (`plan show --json` prints this object).
        const shown = app.services.plan.show(projectId);
        expect(shown.totals.currency).toBe(c.currency);
        expect(shown.totals.allCostsUsd).toBe(total);
        expect(shown.totals.remainingAllCostsUsd).toBe(totals.remainingAllCostsUsd);
      }),
      { numRuns: 10, seed: 25 },
    );
  }, 300_000);
});
