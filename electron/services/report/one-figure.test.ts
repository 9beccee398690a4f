/**
 * One figure, one value (issue 19 items 7 and 15): a plan's total cost — GPU + storage + transfer — is the same on
 * the Plan's weekly totals, the Budget overview (planned total, forecast before any spend, burn-up), the report
 * model behind the PDF brief, the scenario comparison and `plan show --json`, for plans that state storage and transfer.
 */
import { afterAll, describe, expect, it } from 'vitest';
import Big from 'big.js';
import { resourcesDir, tempDir } from '../../test-support/paths';
import { createAppContext } from '../app-context';

const data = tempDir();
const app = createAppContext({ dataDir: data.dir, resourcesDir, runtime: 'cli', now: () => new Date('2025-12-01T10:00:00Z') });
afterAll(() => {
  app.close();
  data.remove();
});

describe.each(['seed-003-small-lab', 'vitaldb-2025'])('the total of %s', (projectId) => {
  it('is one value on the plan, the budget, the brief, the scenarios and the CLI, with storage and transfer as their own lines', async () => {
    const view = await app.services.plan.getPlan(projectId);
    const totals = view.analysis.totals;
    expect(Number(totals.storageUsd) + Number(totals.transferUsd)).toBeGreaterThan(0);
    const total = totals.allCostsUsd;
    // The plan's lines add up to it.
    expect(new Big(totals.usd).plus(totals.storageUsd).plus(totals.transferUsd).toFixed(2)).toBe(total);

    const overview = await app.services.budget.getOverview(projectId);
    expect(overview.planned.total).toBe(total);
    expect([overview.planned.gpuUsd, overview.planned.storageUsd, overview.planned.transferUsd]).toEqual([
      totals.usd,
      totals.storageUsd,
      totals.transferUsd,
    ]);
    expect(overview.weeks.at(-1)!.plannedCumulative).toBe(total);
    expect(overview.dataAsOf).toBeNull();
    expect(overview.forecast.value).toBe(total);
    expect(Number(overview.weeks.at(-1)!.plannedDataCumulative)).toBeCloseTo(Number(totals.storageUsd) + Number(totals.transferUsd), 2);

    const model = await app.services.report.getReportModel({ projectId });
    expect(model.summary.plannedUsd).toBe(total);
    expect(model.dataCosts.allCostsUsd).toBe(total);
    expect(model.budget.burnUp.at(-1)!.plannedCumulativeUsd).toBe(Number(total));
    expect(model.brief.keyFigures[0]!.value).toBe(`$${Number(total).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    expect(model.brief.decision).toContain(model.brief.keyFigures[0]!.value);
    // The brief's cost by month: its cumulative column ends on the total, and the months add up to it.
    expect(model.brief.months.at(-1)!.cumulativePlannedUsd).toBe(total);
    expect(model.brief.months.reduce((s, m) => s.plus(m.plannedUsd), new Big(0)).toFixed(2)).toBe(total);
    expect(model.summary.remainingUsd).toBe(totals.remainingAllCostsUsd);
    // The report's budget table, week by week: its cumulative column ends on the total too (it ended on the GPU cost).
    expect(model.timeline.weeks.at(-1)!.allCostsCumulativeUsd).toBe(total);
    expect(model.timeline.weeks.reduce((s, w) => s.plus(w.allCostsUsd), new Big(0)).toFixed(2)).toBe(total);
    // The Budget screen's track rows (with the project-wide storage row) add up to it, to the cent.
    const rows = [...overview.tracks.map((t) => t.planned), overview.projectWideData?.planned ?? '0'];
    expect(rows.reduce((s, v) => s.plus(v), new Big(0)).toFixed(2)).toBe(total);

    const current = app.services.plan.compareScenarios(projectId).rows.find((r) => r.scenarioId === null)!;
    expect(current.usd).toBe(total);

    const shown = app.services.plan.show(projectId);
    expect(shown.totals.allCostsUsd).toBe(total);
  });
});
