/**
 * Issue 25 item 6: reads without side effects. Getting a plan, the budget overview, the spend explorer and the report
 * (model, CSV, PDF) write nothing (every table's rows, the plans' revisions, SQLite's change count) and notify nothing;
 * the derived data they used to refresh is refreshed by the writes that change its inputs instead.
 */
import { insertUnallocatedSpend } from '../test-support/db-snapshot';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseState } from '../test-support/db-snapshot';
import { tempDir } from '../test-support/paths';
import { invokeOk, septemberProjectWithRule } from '../test-support/september-project';
import { createTestApp, type TestApp } from '../test-support/test-app';

const EXAMPLE = 'vitaldb-2025';
const EC2 = 'Amazon Elastic Compute Cloud';

/** A small FOCUS billing export: EC2 and S3 in September 2024 (the September project), tagged GPU time in December 2025 (the example). */
function writeBillingFile(name: string): string {
  const header =
    'BilledCost,BillingAccountId,BillingCurrency,BillingPeriodStart,BillingPeriodEnd,ChargePeriodStart,ProviderName,ServiceName,Tags';
  const row = (cost: string, date: string, service: string, tags = '{}') =>
    `${cost},acct-1,USD,${date.slice(0, 8)}01,${date.slice(0, 8)}28,${date} 00:00:00,AWS,${service},"${tags.replace(/"/g, '""')}"`;
  const file = path.join(scratch.dir, name);
  fs.writeFileSync(
    file,
    [
      header,
      row('12.50', '2024-09-11', EC2),
      row('7.25', '2024-09-15', EC2),
      row('0.40', '2024-09-12', 'Amazon Simple Storage Service'),
      row('3.10', '2024-08-30', EC2),
      row('250.00', '2025-12-22', 'Compute Engine', '{"track":"vitaldb"}'),
    ].join('\n'),
  );
  return file;
}

let app: TestApp;
let scratch: ReturnType<typeof tempDir>;
let notes: Array<{ title: string; body: string }>;
beforeEach(() => {
  notes = [];
  scratch = tempDir();
  app = createTestApp({
    now: () => new Date('2026-01-05T10:00:00Z'),
    notify: (title, body) => notes.push({ title, body }),
    // CSV and plan files are written to the scratch folder; the PDF is cancelled (no Chromium here).
    dialogs: {
      openFile: async () => null,
      saveFile: async (o) => (o.title.includes('PDF') ? null : path.join(scratch.dir, o.defaultPath ?? 'export')),
    },
  });
});
afterEach(() => {
  app.dispose();
  scratch.remove();
});

const insertRawSpend = () => insertUnallocatedSpend(app.db);

/** The tables (and revisions, and change count) a call changed: [] when it wrote nothing. */
function changedBy(before: ReturnType<typeof databaseState>): string[] {
  const after = databaseState(app.db);
  const tables = Object.keys({ ...before.tables, ...after.tables }).filter(
    (t) => JSON.stringify(before.tables[t]) !== JSON.stringify(after.tables[t]),
  );
  return [
    ...tables,
    ...(JSON.stringify(before.revisions) !== JSON.stringify(after.revisions) ? ['(plan revision)'] : []),
    ...(before.changes !== after.changes ? [`(${after.changes - before.changes} rows changed)`] : []),
  ];
}

/** Calls the read twice; after each call nothing is written and nothing is notified. */
async function expectPure(read: () => unknown): Promise<void> {
  const before = databaseState(app.db);
  const notified = notes.length;
  await read();
  expect(changedBy(before)).toEqual([]);
  await read();
  expect(changedBy(before)).toEqual([]);
  expect(notes.slice(notified)).toEqual([]);
}

describe('reads write nothing and notify nothing', () => {
  it('getting a plan (the current one, a scenario, the default project)', async () => {
    const scenarioId = app.services.plan.scenarios(EXAMPLE)[0]!.id;
    await expectPure(() => app.services.plan.getPlan(EXAMPLE));
    await expectPure(() => app.services.plan.getPlan(EXAMPLE, scenarioId));
    await expectPure(() => app.services.plan.getPlan());
    await expectPure(() => app.handlers.invoke('plan:get-plan', { projectId: EXAMPLE }));
  });

  it('the budget overview, with spend no rule has run on yet and thresholds its forecast and actual cross', async () => {
    insertRawSpend();
    await expectPure(() => app.services.budget.getOverview(EXAMPLE));
    await expectPure(() => app.handlers.invoke('budget:get-overview', {}));
    await expectPure(() => app.services.budget.listCredits(EXAMPLE));
    await expectPure(() => app.services.budget.listImportsWithReach());
  });

  it('the spend explorer, also over lines written without the importer (no rollup of them yet)', async () => {
    await app.services.budget.importFile({ file: writeBillingFile('export.csv') });
    insertRawSpend();
    for (const by of ['month', 'week', 'track', 'service', 'provider'] as const) {
      await expectPure(() => app.services.budget.spendSummary({ by }));
      await expectPure(() => app.services.budget.listSpendLines({ offset: 0, limit: 50, groupBy: by }));
    }
  }, 60_000);

  it('the report: its model (plan, scenario), CSV tables, the CSV export, a cancelled PDF export, the plan file export', async () => {
    insertRawSpend();
    await expectPure(() => app.services.report.getReportModel({ projectId: EXAMPLE }));
    const scenarioId = app.services.plan.scenarios(EXAMPLE)[0]!.id;
    await expectPure(() => app.services.report.getReportModel({ projectId: EXAMPLE, scenarioId }));
    await expectPure(async () => {
      // The catalog's and the spend's own readers, and one of the tables built from the report model (all share it).
      for (const table of ['catalog', 'spend', 'weeks'] as const)
        await app.services.report.csvText({ projectId: EXAMPLE, table, bom: false });
    });
    await expectPure(() => app.services.report.exportCsv({ projectId: EXAMPLE, table: 'tracks', options: { bom: false } }));
    await expectPure(() => app.services.report.exportPdf({ projectId: EXAMPLE, pageSize: 'A4' }));
    await expectPure(() => app.services.plan.projects.exportFile({ projectId: EXAMPLE }));
  }, 60_000);
});

describe('derived data is refreshed by the writes that change its inputs', () => {
  /** The stored estimate of the example's first phase (as saved, not as a read would compute it). */
  const storedEstimate = () => app.services.plan.load(EXAMPLE).plan.milestones[0]!.phases[0]!.appEstimate;

  it('a new database holds the estimates of its example projects: the first read finds nothing to refresh', () => {
    expect(storedEstimate()).toMatchObject({ hours: expect.any(Number), basis: expect.stringContaining('estimator') });
  });

  it('a price change refreshes the estimate that prices it and bumps the revision; the next read writes nothing', async () => {
    // The example's first phase moves to an hourly L4 offering the plan has no planned price for (an edit: refreshed).
    const v = await app.services.plan.getPlan(EXAMPLE);
    const planned = new Set(v.plan.plannedPrices.map((p) => p.offeringId));
    const offering = app.services.catalog
      .listOfferings()
      .find(
        (o) =>
          o.gpuId === 'l4-24gb' &&
          o.gpuCount === 1 &&
          !planned.has(o.id) &&
          o.prices.some((p) => p.kind === 'on-demand' && p.per === 'hour'),
      )!;
    const m1 = v.plan.milestones[0]!;
    await invokeOk(
      app.handlers.invoke('plan:edit', {
        projectId: EXAMPLE,
        revision: v.revision,
        command: {
          type: 'upsert',
          entity: 'milestone',
          value: { ...m1, phases: [{ ...m1.phases[0]!, offeringId: offering.id }, ...m1.phases.slice(1)] },
        },
      }),
    );
    const before = app.services.plan.load(EXAMPLE);
    expect(before.plan.milestones[0]!.phases[0]!.appEstimate!.basis).toContain('/h on-demand');
    app.services.catalog.addPrice({
      offeringId: offering.id,
      kind: 'on-demand',
      usd: 0.01,
      per: 'hour',
      usdLow: null,
      usdHigh: null,
      asOf: '2026-01-02',
      source: 'test price',
      notes: null,
    });
    const after = app.services.plan.load(EXAMPLE);
    expect(after.plan.milestones[0]!.phases[0]!.appEstimate!.priceAsOf).toBe('2026-01-02');
    expect(after.plan.milestones[0]!.phases[0]!.appEstimate!.basis).toContain('as of 2026-01-02');
    expect(after.plan.milestones[0]!.phases[0]!.appEstimate!.basis).toContain('$0.01/h');
    expect(after.revision).toBeGreaterThan(before.revision);
    await expectPure(() => app.services.plan.getPlan(EXAMPLE));
  });

  it('a workload edit refreshes its estimate in the edit itself (one revision), undo and redo too', async () => {
    const v = await app.services.plan.getPlan(EXAMPLE);
    const m1 = v.plan.milestones[0]!;
    const phase = m1.phases[0]!;
    const hours = storedEstimate()!.hours;
    const workload = { ...phase.workload!, epochs: Number(phase.workload!.epochs) * 2 };
    const edited = await invokeOk<{ revision: number }>(
      app.handlers.invoke('plan:edit', {
        projectId: EXAMPLE,
        revision: v.revision,
        command: { type: 'upsert', entity: 'milestone', value: { ...m1, phases: [{ ...phase, workload }, ...m1.phases.slice(1)] } },
      }),
    );
    expect(edited.revision).toBe(v.revision + 1);
    expect(storedEstimate()!.hours).toBeGreaterThan(hours * 1.5);
    await invokeOk(app.handlers.invoke('plan:undo', { projectId: EXAMPLE, revision: edited.revision }));
    expect(storedEstimate()!.hours).toBe(hours);
    await invokeOk(app.handlers.invoke('plan:redo', { projectId: EXAMPLE }));
    expect(storedEstimate()!.hours).toBeGreaterThan(hours * 1.5);
    await expectPure(() => app.services.plan.getPlan(EXAMPLE));
  });

  it('an import allocates its spend by the rules; an undo that restores an import allocates it by the current rules', async () => {
    const { projectId, trackId } = await septemberProjectWithRule(app, EC2);
    const first = await app.services.budget.importFile({ file: writeBillingFile('export.csv') });
    const assigned = (importId: number | null) =>
      (app.db.prepare('SELECT COUNT(*) AS n FROM spend_lines WHERE import_id = ? AND track_id = ?').get(importId, trackId) as { n: number })
        .n;
    expect(assigned(first.importId)).toBeGreaterThan(0);
    // A second import of the same data replaces the first; the rule is deleted; undoing the second restores the first.
    const second = await app.services.budget.importFile({ file: writeBillingFile('export.csv'), displayName: 'again.csv' });
    expect(second.replacedImportIds).toEqual([first.importId]);
    for (const r of app.services.budget.listRules(projectId)) app.services.budget.deleteRule(r.id);
    expect(assigned(first.importId)).toBeGreaterThan(0); // a replaced import is in no total: left as it was
    app.services.budget.undoImport(second.importId!);
    expect(assigned(first.importId)).toBe(0);
    await expectPure(() => app.services.budget.getOverview());
  }, 60_000);

  it('a budget alert is notified once, by the write that crosses its threshold, never by a read', async () => {
    const { projectId } = await septemberProjectWithRule(app, EC2);
    await invokeOk(app.handlers.invoke('budget:save-budget', { projectId, amount: '1000000', currency: 'USD', thresholds: [50, 100] }));
    expect(notes).toEqual([]);
    // The import brings the project's actual over a budget of 0.01 set just before it.
    await invokeOk(app.handlers.invoke('budget:save-budget', { projectId, amount: '0.01', currency: 'USD', thresholds: [50, 100] }));
    expect(notes).toEqual([]); // nothing spent, nothing planned: no threshold crossed yet
    await app.services.budget.importFile({ file: writeBillingFile('export.csv') });
    const september = () => notes.filter((n) => n.title === 'Budget exceeded: September run');
    expect(september()).toHaveLength(1);
    expect(september()[0]!.body).toContain('$19.75 is 197500% of the $0.01 budget');
    // The same import's December line crosses the example's thresholds too: each alert notified once.
    expect(notes.length).toBeGreaterThan(1);
    expect(new Set(notes.map((n) => n.body)).size).toBe(notes.length);
    const afterImport = notes.length;
    await expectPure(() => app.services.budget.getOverview(projectId));
    await expectPure(() => app.services.budget.getOverview(EXAMPLE));
    // Raising the budget clears the alert; lowering it again crosses the threshold again: notified by that edit.
    await invokeOk(app.handlers.invoke('budget:save-budget', { projectId, amount: '1000000', currency: 'USD', thresholds: [50, 100] }));
    expect(notes).toHaveLength(afterImport);
    await invokeOk(app.handlers.invoke('budget:save-budget', { projectId, amount: '0.01', currency: 'USD', thresholds: [50, 100] }));
    expect(september()).toHaveLength(2);
    expect(notes).toHaveLength(afterImport + 1);
    // Saving the same budget again crosses nothing new.
    await invokeOk(app.handlers.invoke('budget:save-budget', { projectId, amount: '0.01', currency: 'USD', thresholds: [50, 100] }));
    expect(notes).toHaveLength(afterImport + 1);
    await expectPure(() => app.services.budget.getOverview(projectId));
  }, 60_000);
});

describe('a plan edit that raises the forecast over a threshold notifies as it is saved', () => {
  it('one notification by the edit; reading the plan and the overview after it notifies nothing', async () => {
    const { projectId } = await invokeOk<{ projectId: string }>(
      app.handlers.invoke('plan:create-project', {
        name: 'February run',
        start: '2026-02-02',
        end: '2026-03-01',
        currency: 'USD',
        budget: '100',
        track: { name: 'Training', owner: 'Ana' },
      }),
    );
    await invokeOk(app.handlers.invoke('budget:save-budget', { projectId, amount: '100', currency: 'USD', thresholds: [80, 100] }));
    const v = await app.services.plan.getPlan(projectId);
    const offering = app.services.catalog
      .listOfferings()
      .find((o) => o.gpuCount === 1 && o.prices.some((p) => p.kind === 'on-demand' && p.per === 'hour' && p.usd >= 1))!;
    const booking = (hours: number) => ({
      id: 'a-fuzz-1',
      trackId: v.plan.tracks[0]!.id,
      week: '2026-W07',
      offeringId: offering.id,
      gpuId: offering.gpuId,
      gpuCount: 1,
      hours,
      phaseId: null,
      note: null,
    });
    const small = await invokeOk<{ revision: number }>(
      app.handlers.invoke('plan:edit', {
        projectId,
        revision: v.revision,
        command: { type: 'upsert', entity: 'allocation', value: booking(1) },
      }),
    );
    expect(notes).toEqual([]);
    await invokeOk(
      app.handlers.invoke('plan:edit', {
        projectId,
        revision: small.revision,
        command: { type: 'upsert', entity: 'allocation', value: booking(168) },
      }),
    );
    expect(notes.map((n) => n.title)).toEqual(['Budget exceeded: February run']);
    expect(notes[0]!.body).toContain('forecast');
    await expectPure(() => app.services.plan.getPlan(projectId));
    await expectPure(() => app.services.budget.getOverview(projectId));
  });
});

describe('a report is built from one snapshot of the plan', () => {
  /** How many times the project's plan rows are read from SQLite while `run` runs. */
  async function planLoads(run: () => Promise<unknown>): Promise<number> {
    const prepare = app.db.prepare.bind(app.db);
    let loads = 0;
    const spy = ((sql: string) => {
      if (sql.includes('FROM milestone_phases ph JOIN milestones')) loads += 1;
      return prepare(sql);
    }) as typeof app.db.prepare;
    app.db.prepare = spy;
    try {
      await run();
    } finally {
      app.db.prepare = prepare;
    }
    return loads;
  }

  it('the report model, a CSV table and the CSV export each load the plan once', async () => {
    await app.services.plan.getPlan(EXAMPLE);
    expect(await planLoads(() => app.services.report.getReportModel({ projectId: EXAMPLE }))).toBe(1);
    const scenarioId = app.services.plan.scenarios(EXAMPLE)[0]!.id;
    expect(await planLoads(() => app.services.report.getReportModel({ projectId: EXAMPLE, scenarioId }))).toBe(1);
    expect(await planLoads(() => app.services.report.csvText({ projectId: EXAMPLE, table: 'tracks', bom: false }))).toBe(1);
    expect(await planLoads(() => app.services.report.exportCsv({ projectId: EXAMPLE, table: 'weeks', options: { bom: false } }))).toBe(1);
    expect(await planLoads(() => app.services.report.exportPdf({ projectId: EXAMPLE, pageSize: 'A4' }))).toBeLessThanOrEqual(1);
  }, 60_000);
});
