/**
 * One budget per project (issue 25 item 2): the budget typed in New project / Edit project, the Budget screen's
 * budget, the plan totals, the brief and the plan file read and write one record — the `budgets` row of the project
 * with no track and no month, with its thresholds, and its splits per track and per month.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createAppContext, type AppContext } from '../app-context';
import { tempDir } from '../../test-support/paths';
import { planTestResources } from '../../test-support/plan-test-resources';
import { parsePlanFile } from '../../../shared/domain/project/plan-file';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { migrate } from '../../db/migrate';
import { migrations } from '../../db/migrations';

const res = planTestResources();
const cleanups: Array<() => void> = [res.remove];
afterAll(() =>
  cleanups
    .splice(0)
    .reverse()
    .forEach((f) => f()),
);

function freshApp(): AppContext {
  const data = tempDir();
  const app = createAppContext({ dataDir: data.dir, resourcesDir: res.dir, runtime: 'cli', now: () => new Date('2026-01-05T10:00:00Z') });
  cleanups.push(() => {
    app.close();
    data.remove();
  });
  return app;
}

function newProject(app: AppContext, budget: string, currency = 'EUR'): string {
  return app.services.plan.projects.create({
    name: 'Sleep staging',
    start: '2026-02-02',
    end: '2026-05-29',
    currency,
    budget,
    track: { name: 'EEG model', owner: 'Ana Souza' },
  }).projectId;
}

const total = (app: AppContext, projectId: string) =>
  app.services.budget.listBudgets(projectId).filter((b) => b.trackId === null && b.month === null);

describe('one budget per project', () => {
  it("New project's budget is the Budget screen's budget (its total, in the project's currency), and the plan, the brief and the list read it", async () => {
    const app = freshApp();
    const projectId = newProject(app, '3000');
    expect(total(app, projectId).map((b) => [b.amount, b.currency, b.thresholds])).toEqual([['3000', 'EUR', [50, 80, 100, 120]]]);
    const overview = await app.services.budget.getOverview(projectId);
    expect(overview.status).not.toBe('no-budget');
    expect(overview.budget.total).toBe('3000.00');
    expect((await app.services.plan.getPlan(projectId)).analysis.totals.budget).toBe('3000.00');
    expect(app.services.plan.projects.list().find((p) => p.id === projectId)!.budget).toBe('3000');

    // A project created without a budget (0) has none on the Budget screen.
    const none = newProject(app, '0');
    expect(total(app, none)).toEqual([]);
    expect((await app.services.budget.getOverview(none)).status).toBe('no-budget');
  });

  it('a total entered on the Budget screen is the plan’s budget (Plan KPI, totals, the brief), and Edit project’s budget is the Budget screen’s', async () => {
    const app = freshApp();
    const projectId = newProject(app, '3000');
    const before = await app.services.plan.getPlan(projectId);
    const [row] = total(app, projectId);
    app.services.budget.saveBudget({ ...row!, amount: '3500', thresholds: [75, 100] });
    const view = await app.services.plan.getPlan(projectId);
    expect(view.plan.project.budget).toBe('3500');
    expect(view.analysis.totals.budget).toBe('3500.00');
    expect(view.revision).toBeGreaterThan(before.revision); // the plan changed: an edit made on the older plan is refused
    const model = await app.services.report.getReportModel({ projectId });
    expect(model.summary.budgetUsd).toBe('3500.00');
    expect(model.brief.decision).toContain('against a budget of');
    expect(model.brief.decision).toMatch(/3,500/);
    expect(app.services.plan.show(projectId).project.budget).toBe('3500');

    // A stale Edit project (made on the plan before the Budget screen's change) is refused, not a silent revert.
    expect(() =>
      app.services.plan.edit({
        projectId,
        revision: before.revision,
        command: { type: 'upsert', entity: 'project', value: { ...before.plan.project, name: 'Renamed' } },
      }),
    ).toThrow(/changed|revision|stale/i);

    // Edit project: the Budget screen shows the new total with the thresholds it had.
    app.services.plan.edit({
      projectId,
      revision: view.revision,
      command: { type: 'upsert', entity: 'project', value: { ...view.plan.project, budget: '4200.50' } },
    });
    expect(total(app, projectId).map((b) => [b.amount, b.thresholds])).toEqual([['4200.50', [75, 100]]]);
    expect((await app.services.budget.getOverview(projectId)).budget.total).toBe('4200.50');

    // The total deleted on the Budget screen: the plan has no budget (0) and the overview says so.
    app.services.budget.deleteBudget(total(app, projectId)[0]!.id);
    expect((await app.services.plan.getPlan(projectId)).plan.project.budget).toBe('0');
  });

  it('a plan file keeps the total, its thresholds and its splits per track and per month; an old file (no budget section) keeps its total', () => {
    const app = freshApp();
    const projectId = newProject(app, '3000');
    const trackId = app.services.plan.load(projectId).plan.tracks[0]!.id;
    const [row] = total(app, projectId);
    app.services.budget.saveBudget({ ...row!, thresholds: [60, 90] });
    const split = { projectId, currency: 'EUR', thresholds: [80, 100] };
    app.services.budget.saveBudget({ ...split, trackId, month: null, amount: '1800' });
    app.services.budget.saveBudget({ ...split, trackId: null, month: '2026-03', amount: '900' });
    app.services.budget.saveBudget({ ...split, trackId, month: '2026-03', amount: '400.25' });
    const { text, file } = app.services.plan.projects.exportText({ projectId });
    expect(file.budget?.total).toEqual({ currency: 'EUR', thresholds: [60, 90] });
    expect(file.plan.project.budget).toBe('3000');

    const imported = app.services.plan.projects.importParsed(parsePlanFile(text, 'x.gpuplan'), 'x.gpuplan', {}).projectId;
    const newTrack = app.services.plan.load(imported).plan.tracks[0]!.id;
    const shape = (id: string, track: string) =>
      app.services.budget
        .listBudgets(id)
        .map((b) => [b.trackId === track ? 'TRACK' : b.trackId, b.month, b.amount, b.currency, b.thresholds])
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    expect(shape(imported, newTrack)).toEqual(shape(projectId, trackId));
    expect(shape(imported, newTrack)).toHaveLength(4);

    // A file written before the budget section: its total (plan.project.budget) is the imported project's budget.
    const old = JSON.parse(text) as Record<string, unknown>;
    delete old.budget;
    const fromOld = app.services.plan.projects.importParsed(parsePlanFile(JSON.stringify(old), 'old.gpuplan'), 'old.gpuplan', {}).projectId;
    expect(total(app, fromOld).map((b) => [b.amount, b.thresholds])).toEqual([['3000', [50, 80, 100, 120]]]);

    // Duplicate: the copy has the same budget record.
    const copy = app.services.plan.projects.duplicate({ projectId }).projectId;
    expect(shape(copy, app.services.plan.load(copy).plan.tracks[0]!.id)).toEqual(shape(projectId, trackId));
  });

  it('a plan file whose budget split names a track it does not have, or repeats a scope, is refused whole', () => {
    const app = freshApp();
    const projectId = newProject(app, '3000');
    const { text } = app.services.plan.projects.exportText({ projectId });
    const doc = JSON.parse(text) as { budget: { splits: unknown[] } };
    const split = { trackId: 'nope', month: null, amount: '10', currency: 'EUR', thresholds: [100] };
    doc.budget.splits = [split];
    expect(() => parsePlanFile(JSON.stringify(doc), 'bad.gpuplan')).toThrow(/budget\.splits\[0\]\.trackId.*"nope"/);
    doc.budget.splits = [
      { ...split, trackId: null, month: '2026-03' },
      { ...split, trackId: null, month: '2026-03' },
    ];
    expect(() => parsePlanFile(JSON.stringify(doc), 'bad.gpuplan')).toThrow(/Two budgets for the same track and month/);
  });

  it('an upgraded database whose project had two different budgets: the Budget screen gets the notice (both values, the one kept) until dismissed', async () => {
    const data = tempDir();
    cleanups.push(data.remove);
    const file = path.join(data.dir, 'v14.sqlite');
    const old = new BetterSqlite3(file);
    migrate(old, migrations.slice(0, 14), { file });
    old
      .prepare(
        `INSERT INTO projects (id, name, start_date, end_date, currency, budget, budget_source, description, source, created_at, updated_at)
         VALUES ('p-old', 'Sleep staging', '2026-02-02', '2026-05-29', 'EUR', '3000', 'grant', '', NULL, '2026-01-01', '2026-01-01')`,
      )
      .run();
    old
      .prepare(
        "INSERT INTO tracks (id, project_id, name, owner, focus, colour, start_date, end_date, position) VALUES ('t', 'p-old', 'EEG', 'Ana', '', '#336699', '2026-02-02', '2026-05-29', 1)",
      )
      .run();
    old.prepare("INSERT INTO budgets (project_id, track_id, month, amount, currency) VALUES ('p-old', NULL, NULL, '3500', 'EUR')").run();
    old.close();
    const app = createAppContext({
      dataDir: data.dir,
      databaseFile: file,
      resourcesDir: res.dir,
      runtime: 'cli',
      now: () => new Date('2026-01-05T10:00:00Z'),
    });
    cleanups.push(() => app.close());
    const listed = await app.handlers.invoke('budget:list-budgets', { projectId: 'p-old' });
    if (!listed.ok) throw new Error(listed.error.message);
    expect(listed.value.splits.total).toBe('3500');
    expect(listed.value.notices).toHaveLength(1);
    expect(listed.value.notices[0]!.message).toMatch(/“Sleep staging” had two budgets: EUR 3,000 .* and EUR 3,500 .*Kept EUR 3,500/);
    expect((await app.services.plan.getPlan('p-old')).analysis.totals.budget).toBe('3500.00');
    const dismissed = await app.handlers.invoke('budget:dismiss-notice', { id: listed.value.notices[0]!.id });
    expect(dismissed.ok && dismissed.value.dismissed).toBe(true);
    const after = await app.handlers.invoke('budget:list-budgets', { projectId: 'p-old' });
    expect(after.ok && after.value.notices).toEqual([]);
  });
});
