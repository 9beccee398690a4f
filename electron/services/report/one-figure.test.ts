/**
 * One figure, one value (issue 19 items 7 and 15): a plan's total cost — GPU + storage + transfer — is the same on
 * the Plan's weekly totals, the Budget overview (planned total, forecast before any spend, burn-up), the report
 * model behind the PDF brief, the scenario comparison and `plan show --json`, for plans that state storage and transfer.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Big from 'big.js';
import { parse } from 'csv-parse/sync';
import { BUNDLED_EXAMPLES } from '../../../shared/domain/plan/bundled-examples';
import { money } from '../../../shared/domain/money-format';
import type { Plan } from '../../../shared/domain/plan/types';
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
    // The brief's first key figure is the cost's P10–P90 range; the figure as booked is beside it and in the decision.
    const booked = `$${Number(total).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    expect(model.brief.keyFigures[0]!.note).toContain(`as booked ${booked}`);
    expect(model.brief.decision).toContain(booked);
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

/** A CSV export as rows of named cells (the same text the Export button and the CLI write). */
async function csvRows(projectId: string, table: 'tracks' | 'costs-by-track' | 'costs-by-month' | 'weeks') {
  const { text } = await app.services.report.csvText({ projectId, table, bom: false });
  return parse(text, { columns: true }) as Array<Record<string, string>>;
}
const sumOf = (xs: readonly string[]) => xs.reduce((s, v) => s.plus(v), new Big(0)).toFixed(2);

/**
 * One rounding rule (issue 25 item 4): every table, chart and CSV that splits a total apportions its cents once, from
 * the exact figures, so a track, a month or a week reads the same to the cent on the Budget screen, in the report (PDF)
 * and in the CSV files, and the parts add up to the total shown. Before: a track read $296.55 in tracks.csv and $296.56
 * in costs-by-track.csv, months differed by a cent between the Budget screen and the brief, and a week's all costs in
 * weeks.csv could be below its GPU cost.
 */
describe.each(BUNDLED_EXAMPLES.map((e) => e.projectId))('the parts of %s', (projectId) => {
  it('add up to the total shown, and read the same on the Budget screen, in the report and in the CSV files', async () => {
    const totals = (await app.services.plan.getPlan(projectId)).analysis.totals;
    const overview = await app.services.budget.getOverview(projectId);
    const model = await app.services.report.getReportModel({ projectId });

    // Weeks: the Budget screen's rows, the report's weekly table and weeks.csv are the same cents; all costs >= GPU.
    const weeksCsv = await csvRows(projectId, 'weeks');
    expect(weeksCsv.map((r) => r.week)).toEqual(overview.weeks.map((w) => w.week));
    expect([...new Set(weeksCsv.map((r) => r.currency))]).toEqual([overview.currency]);
    overview.weeks.forEach((w, i) => {
      const row = weeksCsv[i]!;
      expect(row.allCosts, w.week).toBe(w.plannedUsd);
      expect(row.gpuCost, w.week).toBe(w.plannedGpuUsd);
      expect(row.allCostsCumulative, w.week).toBe(w.plannedCumulative);
      expect(model.timeline.weeks[i]!.allCostsUsd).toBe(w.plannedUsd);
      expect(new Big(row.allCosts!).gte(row.gpuCost!), `${w.week}: all costs ${row.allCosts} below GPU ${row.gpuCost}`).toBe(true);
      expect(new Big(row.allCostsCumulative!).gte(row.gpuCumulative!), w.week).toBe(true);
    });
    expect(sumOf(weeksCsv.map((r) => r.gpuCost!))).toBe(totals.usd);
    expect(sumOf(weeksCsv.map((r) => r.allCosts!))).toBe(totals.allCostsUsd);
    expect(sumOf(overview.weeks.map((w) => w.plannedUsd))).toBe(totals.allCostsUsd);
    expect(weeksCsv.at(-1)!.gpuCumulative).toBe(totals.usd);

    // Months: the Budget screen's and the brief's are the same cents and add up to the total; costs-by-month.csv (GPU)
    // has the same months and adds up to the GPU total.
    const planned = overview.months.filter((m) => m.planned !== '0.00' || model.brief.months.some((b) => b.month === m.month));
    expect(model.brief.months.map((m) => [m.month, m.plannedUsd])).toEqual(planned.map((m) => [m.month, m.planned]));
    expect(sumOf(overview.months.map((m) => m.planned))).toBe(totals.allCostsUsd);
    // A month reads the same as its weeks added up (the weekly table, weeks.csv), and a month's forecast before any
    // spend (its budget alert) is that figure.
    for (const m of overview.months)
      expect(sumOf(overview.weeks.filter((w) => w.month === m.month).map((w) => w.plannedUsd)), m.month).toBe(m.planned);
    const monthsCsv = await csvRows(projectId, 'costs-by-month');
    expect(monthsCsv.map((r) => [r.month, r.cost])).toEqual(model.costs.byMonth.map((m) => [m.key, m.usd]));
    for (const m of monthsCsv)
      expect(
        model.brief.months.some((b) => b.month === m.month),
        m.month!,
      ).toBe(true);
    expect(sumOf(monthsCsv.map((r) => r.cost!))).toBe(totals.usd);

    // Tracks: tracks.csv and costs-by-track.csv (GPU) agree to the cent and add up to the GPU total; the Budget
    // screen's row is that GPU figure + the track's own storage and transfer, never below it.
    const tracksCsv = await csvRows(projectId, 'tracks');
    const byTrackCsv = await csvRows(projectId, 'costs-by-track');
    for (const t of tracksCsv) {
      const other = byTrackCsv.find((r) => r.track === t.name);
      if (other) expect(other.cost, t.name).toBe(t.cost);
      else expect(t.cost, t.name).toBe('0.00');
      const row = overview.tracks.find((r) => r.name === t.name)!;
      expect(new Big(row.planned).gte(t.cost!), t.name).toBe(true);
      const hasData = (view(projectId).dataCosts ?? []).some((d) => d.trackId === row.trackId);
      if (!hasData) expect(row.planned, t.name).toBe(t.cost);
    }
    expect(sumOf(tracksCsv.map((r) => r.cost!))).toBe(totals.usd);
    expect(sumOf(byTrackCsv.map((r) => r.cost!))).toBe(totals.usd);
    expect(sumOf(model.costs.byProvider.map((r) => r.usd))).toBe(totals.usd);

    // The brief's "Planned against budget" bars are drawn to the budget's scale.
    const budget = Number(model.summary.budgetUsd);
    for (const m of model.brief.months) {
      const scale = Math.max(budget, ...model.brief.months.map((x) => Number(x.plannedUsd)));
      if (Object.keys(overview.budget.byMonth).length === 0) expect(m.barPercent).toBeCloseTo((Number(m.plannedUsd) / scale) * 100, 0);
    }

    // The forecast (no spend yet: the plan) is one figure on the KPI, the track rows, the report and the CLI's credits.
    expect(overview.forecast.value).toBe(totals.allCostsUsd);
    expect(sumOf([...overview.tracks.map((t) => t.forecast), overview.forecast.unassigned])).toBe(overview.forecast.value);
    expect(model.budget.forecastUsd).toBe(overview.forecast.value);
    expect((await app.services.budget.listCredits(projectId)).summary.forecastBefore).toBe(overview.forecast.value);
  });
});

const plans = new Map<string, Plan>();
function view(projectId: string): Plan {
  return plans.get(projectId)!;
}
beforeAll(async () => {
  for (const { projectId } of BUNDLED_EXAMPLES) plans.set(projectId, (await app.services.plan.getPlan(projectId)).plan);
});

describe('the forecast of the example project with a month of real spend (issue 25 item 3)', () => {
  it('is one figure on the KPI, the burn-up line, the track rows, the report and the CLI, with its method in words', async () => {
    const dir = tempDir();
    const file = path.join(dir.dir, 'december-2025.csv');
    const header = 'BilledCost,BillingCurrency,ChargePeriodStart,ProviderName,ServiceName,Tags';
    const rows = [
      ['212.40', '2025-12-15', 'vitaldb'],
      ['128.90', '2025-12-22', 'vitaldb'],
      ['33.25', '2025-12-23', 'multisensor'],
      ['1.75', '2025-12-20', 'none'],
    ].map(([cost, day, track]) => `${cost},USD,${day} 00:00:00,AWS,Amazon Elastic Compute Cloud,"{""track"":""${track}""}"`);
    fs.writeFileSync(file, [header, ...rows].join('\n'));
    await app.services.budget.importFile({ file });
    dir.remove();

    const overview = await app.services.budget.getOverview('vitaldb-2025');
    expect(overview.dataAsOf).toBe('2025-12-23');
    const value = overview.forecast.value;
    expect(overview.weeks.at(-1)!.forecastCumulative).toBe(value);
    expect(sumOf([...overview.tracks.map((t) => t.forecast), overview.forecast.unassigned])).toBe(value);
    expect(overview.forecast.basis).toContain(money(overview.currency, value));
    const model = await app.services.report.getReportModel({ projectId: 'vitaldb-2025' });
    expect(model.budget.forecastUsd).toBe(value);
    expect(model.budget.forecastBasis).toBe(overview.forecast.basis);
    expect(model.budget.forecastCumulativeByWeek![overview.weeks.at(-1)!.week]).toBe(Number(value));
    const weeksCsv = await csvRows('vitaldb-2025', 'weeks');
    expect(weeksCsv.map((r) => r.forecastCumulative || null)).toEqual(overview.weeks.map((w) => w.forecastCumulative));
    expect((await app.services.budget.listCredits('vitaldb-2025')).summary.forecastBefore).toBe(value);
  });
});

/**
 * The month a week counts in (issue 28 item 9): a project starting Sunday 1 September 2024 had an "Aug 2024" column —
 * its first week (Monday 26 August to Sunday 1 September) has its Thursday in August. A week counts in the month that
 * holds most of its days within the project's dates (the ISO Thursday rule for whole weeks): that week is September's.
 */
describe('a project starting on Sunday 1 September 2024', () => {
  it('has no Aug 2024 month, and the same month totals on the Budget screen, in costs-by-month.csv and in the report', async () => {
    const created = await app.handlers.invoke('plan:create-project', {
      name: 'Autumn run',
      start: '2024-09-01',
      end: '2024-11-30',
      currency: 'USD',
      budget: '3000',
      track: { name: 'Model', owner: 'Ana' },
    });
    expect(created.ok).toBe(true);
    const projectId = created.ok ? created.value.projectId : '';
    let view = await app.services.plan.getPlan(projectId);
    const trackId = view.plan.tracks[0]!.id;
    for (const [i, week] of ['2024-W35', '2024-W36', '2024-W44', '2024-W48'].entries())
      view = app.services.plan.edit({
        projectId,
        revision: view.revision,
        command: {
          type: 'upsert',
          entity: 'allocation',
          value: {
            id: `alloc-aug-${i}`,
            trackId,
            week,
            offeringId: 'hf-jobs-a10g-large',
            gpuId: 'a10g-24gb',
            gpuCount: 1,
            hours: 10 + i,
            phaseId: null,
            note: null,
          },
        },
      });
    const totals = (await app.services.plan.getPlan(projectId)).analysis.totals;
    expect(Number(totals.usd)).toBeGreaterThan(0);
    const overview = await app.services.budget.getOverview(projectId);
    const model = await app.services.report.getReportModel({ projectId });
    const monthsCsv = await csvRows(projectId, 'costs-by-month');
    const months = (xs: readonly string[]) => [...new Set(xs)].sort();
    expect(months(overview.months.map((m) => m.month))).toEqual(['2024-09', '2024-10', '2024-11']);
    expect(overview.weeks.find((w) => w.week === '2024-W35')!.month).toBe('2024-09');
    expect(months(model.brief.months.map((m) => m.month))).not.toContain('2024-08');
    expect(months(monthsCsv.map((r) => r.month!))).not.toContain('2024-08');
    // one truth: each month's total is the same on the Budget screen, in the CSV and in the report (PDF)
    const byMonth = (rows: Array<[string, string]>) => Object.fromEntries(rows.filter(([, v]) => Number(v) !== 0));
    const screen = byMonth(overview.months.map((m) => [m.month, m.planned]));
    expect(byMonth(monthsCsv.map((r) => [r.month!, r.cost!]))).toEqual(screen);
    expect(byMonth(model.costs.byMonth.map((m) => [m.key, m.usd]))).toEqual(screen);
    expect(byMonth(model.brief.months.map((m) => [m.month, m.plannedUsd]))).toEqual(screen);
    expect(sumOf(Object.values(screen))).toBe(totals.allCostsUsd);
    // W48 (25 Nov to 1 Dec, Thursday 28 November) stays November's: the project ends on 30 November
    expect(overview.weeks.find((w) => w.week === '2024-W48')!.month).toBe('2024-11');
  });
});
