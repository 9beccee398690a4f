/**
 * A project's money in its own currency (issue 25 item 1): the catalog's USD prices are converted week by week at the
 * bundled ECB rates (or the user's own, first), a missing rate is a problem naming the pair and the date, and the
 * example stays unchanged in USD.
 */
import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_PROJECT_ID } from '../../../shared/domain/plan/example';
import { weekStart } from '../../../shared/domain/plan/weeks';
import { appPerTest, type TestApp } from '../../test-support/test-app';
import { referenceFile } from '../../test-support/paths';
import fs from 'node:fs';

let app: TestApp;
appPerTest((a) => (app = a));

/** The ECB's USD and `currency` rates of the newest month-end on or before `day`, read straight from the reference file. */
function ecbOnOrBefore(day: string, currency: string): { usd: string; other: string; date: string } {
  const [header, ...rows] = fs.readFileSync(referenceFile('fx', 'eurofxref-hist.csv'), 'utf8').trim().split(/\r?\n/);
  const cols = header!.split(',');
  // Newest first: a month's first row is its last business day.
  const seen = new Set<string>();
  for (const r of rows) {
    const cells = r.split(',');
    const date = cells[0]!;
    if (seen.has(date.slice(0, 7))) continue;
    seen.add(date.slice(0, 7));
    if (date <= day) return { usd: cells[cols.indexOf('USD')]!, other: cells[cols.indexOf(currency)]!, date };
  }
  throw new Error(`no ECB rate before ${day}`);
}

async function exampleIn(currency: string, copy?: string): Promise<{ projectId: string }> {
  const projectId =
    copy ?? app.services.plan.projects.duplicate({ projectId: EXAMPLE_PROJECT_ID, name: `Example in ${currency}` }).projectId;
  const view = await app.services.plan.getPlan(projectId);
  app.services.plan.edit({
    projectId,
    revision: view.revision,
    command: { type: 'upsert', entity: 'project', value: { ...view.plan.project, currency } },
  });
  return { projectId };
}

describe('a project switched to another currency', () => {
  it('converts the total budget and its splits at the day’s rate (the newest on or before it), and undo brings them back', async () => {
    const { projectId } = app.services.plan.projects.duplicate({ projectId: EXAMPLE_PROJECT_ID, name: 'Budget in EUR' });
    const before = app.services.budget.listBudgets(projectId).map((b) => [b.trackId, b.month, b.amount, b.currency]);
    expect(before).toEqual(
      [
        [null, null, '615', 'USD'],
        [null, '2025-12', '115', 'USD'],
        [null, '2026-01', '500', 'USD'],
        ['track-vitaldb', null, '615', 'USD'],
      ].map(([t, m, a, c]) => [t === 'track-vitaldb' ? expect.stringMatching(/track-vitaldb$/) : t, m, a, c]),
    );
    const { projectId: id } = await exampleIn('EUR', projectId);
    // Today is after the newest bundled rate (ECB 2026-04-13: 1 EUR = 1.1684 USD): 615 / 1.1684 = 526.36.
    const ecb = ecbOnOrBefore(new Date().toISOString().slice(0, 10), 'EUR');
    const eur = (usd: string) => new Big(usd).div(ecb.usd).round(2, Big.roundHalfUp).toFixed(2);
    expect(app.services.budget.listBudgets(id).map((b) => [b.month, b.amount, b.currency])).toEqual([
      [null, eur('615'), 'EUR'],
      ['2025-12', eur('115'), 'EUR'],
      ['2026-01', eur('500'), 'EUR'],
      [null, eur('615'), 'EUR'],
    ]);
    const view = await app.services.plan.getPlan(id);
    expect(view.analysis.totals.budget).toBe(eur('615'));
    app.services.plan.undo({ projectId: id, revision: view.revision });
    // The total comes back exactly (the command carried it); each split is converted back to the cent, at most a cent off.
    const back = app.services.budget.listBudgets(id);
    expect(back.map((b) => b.currency)).toEqual(['USD', 'USD', 'USD', 'USD']);
    expect(back[0]!.amount).toBe('615');
    back.slice(1).forEach((b, i) => expect(new Big(b.amount).minus(['115', '500', '615'][i]!).abs().lte('0.01')).toBe(true));
  });

  it('a budget typed anew with the currency is taken as typed (in the new currency)', async () => {
    const { projectId } = app.services.plan.projects.duplicate({ projectId: EXAMPLE_PROJECT_ID, name: 'Typed' });
    const v = await app.services.plan.getPlan(projectId);
    app.services.plan.edit({
      projectId,
      revision: v.revision,
      command: { type: 'upsert', entity: 'project', value: { ...v.plan.project, currency: 'GBP', budget: '500' } },
    });
    expect((await app.services.plan.getPlan(projectId)).analysis.totals.budget).toBe('500.00');
  });
});

describe('a plan in the project’s currency', () => {
  it('the example stays in USD, unchanged: $639.73, no conversion', async () => {
    const view = await app.services.plan.getPlan(EXAMPLE_PROJECT_ID);
    expect(view.analysis.totals.currency).toBe('USD');
    expect(view.analysis.totals.conversion).toBeNull();
    expect(view.analysis.totals.allCostsUsd).toBe('639.73');
  });

  for (const currency of ['EUR', 'GBP', 'JPY']) {
    it(`the example switched to ${currency}: every week converted at the ECB month-end rate before its Monday`, async () => {
      const usdView = await app.services.plan.getPlan(EXAMPLE_PROJECT_ID);
      const { projectId } = await exampleIn(currency);
      const view = await app.services.plan.getPlan(projectId);
      const t = view.analysis.totals;
      expect(t.currency).toBe(currency);
      expect(t.conversion?.missing).toEqual([]);
      let expected = new Big(0);
      for (const w of usdView.analysis.totals.weeks) {
        if (new Big(w.allCostsExact).eq(0)) continue;
        const day = weekStart(w.week);
        const ecb = ecbOnOrBefore(day, currency);
        const factor = currency === 'EUR' ? new Big(1).div(ecb.usd) : new Big(ecb.other).div(ecb.usd);
        const mine = t.weeks.find((x) => x.week === w.week)!;
        // Each week's exact figure is the USD figure times the ECB cross rate of that day (to 1e-9 of the unit).
        expect(new Big(mine.allCostsExact).minus(new Big(w.allCostsExact).times(factor)).abs().lt('1e-9')).toBe(true);
        expect(t.conversion!.weeks[w.week]!.text).toContain(`ECB euro reference rate, ${ecb.date}`);
        expected = expected.plus(new Big(w.usdExact).times(factor));
      }
      expect(new Big(t.usd).minus(expected).abs().lte('0.005')).toBe(true);
      // The budget checks speak the project's currency (they said "$545.33 … budget of $540.00" in a EUR plan).
      const budgetProblems = view.analysis.problems.filter(
        (p) => p.kind === 'cumulative-over-budget' || p.kind === 'week-over-budget-share',
      );
      expect(budgetProblems.length).toBeGreaterThan(0);
      for (const p of budgetProblems) expect(p.message, p.message).not.toContain('$');
      expect(t.usd).not.toBe(usdView.analysis.totals.usd);
      // The allocation editor's per-booking figures are converted too and add up to the GPU total within a cent each.
      const sum = Object.values(t.allocationUsd).reduce((s, v) => s.plus(v), new Big(0));
      expect(
        sum
          .minus(t.usd)
          .abs()
          .lte(new Big('0.01').times(Object.keys(t.allocationUsd).length)),
      ).toBe(true);
    });
  }

  it('the example exported as a plan file, switched to EUR in the file and imported: its figures are in euros, not the same number', async () => {
    const usd = (await app.services.plan.getPlan(EXAMPLE_PROJECT_ID)).analysis.totals;
    const { file } = app.services.plan.projects.exportText({ projectId: EXAMPLE_PROJECT_ID });
    const eurFile = { ...file, plan: { ...file.plan, project: { ...file.plan.project, currency: 'EUR', budget: '600' } } };
    const { projectId } = app.services.plan.projects.importParsed(eurFile as typeof file, 'vitaldb-eur.gpuplan', {});
    const t = (await app.services.plan.getPlan(projectId)).analysis.totals;
    expect(t.currency).toBe('EUR');
    expect(t.budget).toBe('600.00');
    expect(t.allCostsUsd).not.toBe(usd.allCostsUsd);
    // 1 EUR bought 1.17–1.18 USD in Nov–Dec 2025 (ECB): the euro figure is about 85% of the dollar one.
    expect(new Big(t.allCostsUsd).div(usd.allCostsUsd).toNumber()).toBeGreaterThan(0.84);
    expect(new Big(t.allCostsUsd).div(usd.allCostsUsd).toNumber()).toBeLessThan(0.87);
    const model = await app.services.report.getReportModel({ projectId });
    expect(model.brief.decision).toContain(`Approve €${t.allCostsUsd}`);
    expect(model.brief.decision).not.toContain('$');
    // The estimator's figures too: each phase's estimate and its cost per run, converted at its start week's rate.
    const usdModel = await app.services.report.getReportModel({ projectId: EXAMPLE_PROJECT_ID });
    const m1 = model.milestones.find((m) => m.appUsd !== null)!;
    const m1Usd = usdModel.milestones.find((m) => m.phaseId.endsWith(m1.phaseId.split('~').at(-1)!))!;
    expect(Number(m1.appUsd)).toBeCloseTo(Number(m1Usd.appUsd) * Number(Object.values(t.conversion!.weeks)[0]!.factor), 0);
    const words = [...model.recommendations.flatMap((r) => r.why), ...model.nextSteps.map((n) => n.text)].join(' ');
    expect(words).toContain('€');
    expect(words).not.toMatch(/\$\d/);
    // The prices the estimates' bases and the storage lines quote (the catalog's dollars) read in euros, the dollars
    // beside in parentheses; the authors' dollar figures and the price list at the rate of the plan's first week.
    expect(model.cover.catalogRate!.text).toMatch(/^1 USD = 0\.8\d+ EUR \(ECB euro reference rate, 2025-1\d-\d\d.*the rate of 2025-W5\d$/);
    const bases = model.milestones.map((m) => m.appBasis).join(' ');
    expect(bases).toMatch(/€\d+\.\d+\/h \(\$\d+\.\d+\/h\)/);
    expect(bases).not.toMatch(/(?<!\()\$\d/);
    expect(model.dataCosts.lines.length).toBeGreaterThan(0);
    for (const line of model.dataCosts.lines) expect(line.price).not.toMatch(/(?<!\()\$\d/);
    expect(model.budget.message).not.toContain('$');
  });

  it('the scenarios of a project switched to EUR are compared in euros (they kept the USD copy they were made from)', async () => {
    const usdRows = app.services.plan.compareScenarios(EXAMPLE_PROJECT_ID).rows;
    const { projectId } = await exampleIn('EUR');
    const rows = app.services.plan.compareScenarios(projectId).rows;
    expect(rows.length).toBeGreaterThan(1);
    rows.forEach((r, i) => {
      const ratio = new Big(r.usd).div(usdRows[i]!.usd).toNumber();
      expect(ratio, r.name).toBeGreaterThan(0.84);
      expect(ratio, r.name).toBeLessThan(0.87);
    });
    const model = await app.services.report.getReportModel({ projectId });
    expect(model.assumptions.scenarios.map((x) => x.usd)).toEqual(rows.map((r) => r.usd));
  });

  it('a scenario opened or promoted after the switch reads the project’s currency and budget, never its old USD copy', async () => {
    const { projectId } = await exampleIn('EUR');
    const project = (await app.services.plan.getPlan(projectId)).plan.project;
    expect(project.currency).toBe('EUR');
    const scenarioId = app.services.plan.scenarios(projectId)[0]!.id;
    const opened = await app.services.plan.getPlan(projectId, scenarioId);
    expect(opened.analysis.totals.currency).toBe('EUR');
    expect(opened.plan.project.budget).toBe(project.budget);
    expect(opened.analysis.totals.conversion?.to).toBe('EUR');
    // Promoted, it becomes the plan in euros with the one budget; the switch is not undone behind the lead's back.
    app.services.plan.promoteScenario({ projectId, scenarioId });
    const after = await app.services.plan.getPlan(projectId);
    expect(after.plan.project.currency).toBe('EUR');
    expect(after.plan.project.budget).toBe(project.budget);
    expect(app.services.budget.listBudgets(projectId).find((b) => b.trackId === null && b.month === null)).toMatchObject({
      amount: project.budget,
      currency: 'EUR',
    });
  });

  it("the user's own USD→EUR rate wins over the bundled ones (it changed nothing before)", async () => {
    const { projectId } = await exampleIn('EUR');
    const before = (await app.services.plan.getPlan(projectId)).analysis.totals.usd;
    app.services.budget.saveRate({ from: 'USD', to: 'EUR', rate: '0.5', asOf: '2025-01-01', source: 'my bank' });
    const after = (await app.services.plan.getPlan(projectId)).analysis.totals;
    const usd = (await app.services.plan.getPlan(EXAMPLE_PROJECT_ID)).analysis.totals.usd;
    expect(after.usd).not.toBe(before);
    expect(new Big(after.usd).minus(new Big(usd).times('0.5')).abs().lte('0.01')).toBe(true);
    expect(Object.values(after.conversion!.weeks)[0]!.text).toBe(
      '1 USD = 0.5 EUR (my bank, 2025-01-01; ' + Object.values(after.conversion!.weeks)[0]!.text.split('; ')[1],
    );
  });

  it('a currency without any rate: costs are not counted at 1.0, and a problem names the pair and the date', async () => {
    // Without a rate the budget cannot follow, so the switch is refused; with the budget typed anew and no splits, it goes.
    await expect(exampleIn('XAF')).rejects.toThrow(/^No USD→XAF exchange rate on or before \d{4}-\d\d-\d\d to convert the budget/);
    const { projectId } = app.services.plan.projects.duplicate({ projectId: EXAMPLE_PROJECT_ID, name: 'In XAF' });
    for (const b of app.services.budget.listBudgets(projectId)) if (b.trackId || b.month) app.services.budget.deleteBudget(b.id);
    const v = await app.services.plan.getPlan(projectId);
    app.services.plan.edit({
      projectId,
      revision: v.revision,
      command: { type: 'upsert', entity: 'project', value: { ...v.plan.project, currency: 'XAF', budget: '400000' } },
    });
    const view = await app.services.plan.getPlan(projectId);
    const t = view.analysis.totals;
    expect(t.usd).toBe('0.00');
    expect(t.unconvertedAllocationIds.length).toBeGreaterThan(0);
    const problem = view.analysis.problems.find((p) => p.kind === 'exchange-rate-missing');
    expect(problem?.severity).toBe('error');
    expect(problem?.message).toMatch(/^No USD→XAF exchange rate on or before 2025-12-\d\d: the costs of /);
  });
});
