import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppContext, type AppContext } from '../app-context';
import { addWeeksToKey } from '../../../shared/domain/plan/weeks';
import { moveAllocationsCommand } from '../../../shared/domain/plan/commands';
import { tempDir } from '../../test-support/paths';
import { rebuildSpendRollup } from '../../db/queries/spend-rollup';
import type { Plan } from '../../../shared/domain/plan/types';
import { planTestResources } from '../../test-support/plan-test-resources';

const res = planTestResources();
const cleanups: Array<() => void> = [res.remove];
afterAll(() =>
  cleanups
    .splice(0)
    .reverse()
    .forEach((f) => f()),
);

function freshApp(files: Record<string, string | null> = {}): AppContext {
  const data = tempDir();
  const dialogs = {
    openFile: async () => files.open ?? null,
    saveFile: async () => files.save ?? null,
  };
  let tick = 0; // a clock that moves one second per reading, so "recent first" has an order
  const app = createAppContext({
    dataDir: data.dir,
    resourcesDir: res.dir,
    runtime: 'cli',
    dialogs,
    now: () => new Date(Date.parse('2025-12-20T10:00:00Z') + 1000 * tick++),
  });
  cleanups.push(() => {
    app.close();
    data.remove();
  });
  return app;
}

/** `plan show` with ids normalized: project ids, copy prefixes (`p-xxxxxxxx~`) and scenario ids. */
function normalized(value: unknown, projectId: string): unknown {
  return JSON.parse(JSON.stringify(value), (_k, v: unknown) =>
    typeof v === 'string'
      ? v
          .replace(/p-[0-9a-f]{8}~/g, '')
          .replaceAll(projectId, 'PROJECT')
          .replace(/scenario-[0-9a-f]{8}/g, 'SCENARIO')
          .replace(/^option-[a-z0-9-]+$/, 'SCENARIO')
      : v,
  );
}

/** A booking that can move `n` weeks later without landing on another booking of the same track and offering. */
function movable(plan: Plan, n: number) {
  return plan.allocations.find(
    (a) =>
      !plan.allocations.some(
        (b) => b.trackId === a.trackId && b.offeringId === a.offeringId && b.gpuId === a.gpuId && b.week === addWeeksToKey(a.week, n),
      ),
  )!;
}

const tableCounts = (app: AppContext) =>
  Object.fromEntries(
    [
      'projects',
      'tracks',
      'milestones',
      'milestone_phases',
      'allocations',
      'capacity_pools',
      'scenarios',
      'spend_lines',
      'billing_imports',
    ].map((t) => [t, (app.db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n]),
  );

describe('projects: create, duplicate, rename, archive, delete with undo (migration 0007)', () => {
  const app = freshApp();

  it('creates a blank project from the wizard fields, lists it first, and refuses bad fields naming them', async () => {
    const r = await app.handlers.invoke('plan:create-project', {
      name: 'Sleep staging',
      start: '2026-02-02',
      end: '2026-05-29',
      currency: 'eur',
      budget: '1200',
      track: { name: 'EEG model', owner: 'Ana' },
    });
    expect(r.ok).toBe(true);
    const id = r.ok ? r.value.projectId : '';
    const v = await app.services.plan.getPlan(id);
    expect(v.plan.project).toMatchObject({
      name: 'Sleep staging',
      currency: 'EUR',
      budget: '1200',
      start: '2026-02-02',
      end: '2026-05-29',
      source: null,
    });
    expect(v.plan.tracks.map((t) => [t.name, t.owner, t.start, t.end])).toEqual([['EEG model', 'Ana', '2026-02-02', '2026-05-29']]);
    expect(v.plan.allocations).toEqual([]);
    const list = app.services.plan.projects.list();
    expect(list[0]).toMatchObject({ id, name: 'Sleep staging', isExample: false, tracks: 1 });
    expect(list.find((p) => p.id === 'vitaldb-2025')).toMatchObject({ isExample: true });

    const bad = await app.handlers.invoke('plan:create-project', {
      name: 'X',
      start: '2026-05-01',
      end: '2026-04-01',
      currency: 'USD',
      budget: '10',
      track: { name: 'T', owner: 'O' },
    });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatchObject({ code: 'INVALID_PROJECT', details: { field: 'end' } });
    const badBudget = await app.handlers.invoke('plan:create-project', {
      name: 'X',
      start: '2026-05-01',
      end: '2026-06-01',
      currency: 'USD',
      budget: 'lots',
      track: { name: 'T', owner: 'O' },
    });
    expect(badBudget.ok).toBe(false);
    if (!badBudget.ok) expect(badBudget.error.details?.field).toBe('budget');
    // the bundled examples and the one project made: the refused ones added nothing
    expect(app.services.plan.projects.list().filter((p) => !p.isExample)).toHaveLength(1);
  });

  it('duplicates the example with every figure equal and new ids; the example stays, marked as example', async () => {
    const r = await app.handlers.invoke('plan:duplicate-project', { projectId: 'vitaldb-2025' });
    expect(r.ok).toBe(true);
    const id = r.ok ? r.value.projectId : '';
    const original = app.services.plan.show('vitaldb-2025');
    const copy = app.services.plan.show(id);
    expect(copy.project.name).toBe(`Copy of ${original.project.name}`);
    expect(normalized({ ...copy, project: { ...copy.project, name: '' } }, id)).toEqual(
      normalized({ ...original, project: { ...original.project, name: '' } }, 'vitaldb-2025'),
    );
    expect(copy.tracks[0]!.id).not.toBe(original.tracks[0]!.id);
    // Editing the copy leaves the example alone.
    const v = await app.services.plan.getPlan(id);
    app.services.plan.edit({
      projectId: id,
      revision: v.revision,
      command: moveAllocationsCommand(v.plan, [movable(v.plan, 1).id], (w) => addWeeksToKey(w, 1)),
    });
    expect(app.services.plan.show('vitaldb-2025').weeks).toEqual(original.weeks);
    expect(app.services.plan.projects.list().find((p) => p.id === 'vitaldb-2025')!.isExample).toBe(true);
  });

  it('renames, archives (still listed, flagged) and deletes with undo, naming what is lost', async () => {
    const id = app.services.plan.projects.duplicate({ projectId: 'vitaldb-2025', name: 'To delete' }).projectId;
    app.services.plan.projects.rename({ projectId: id, name: 'Renamed' });
    expect((await app.services.plan.getPlan(id)).plan.project.name).toBe('Renamed');
    app.services.plan.projects.archive({ projectId: id, archived: true });
    expect(app.services.plan.projects.list().find((p) => p.id === id)!.archivedAt).toMatch(/^2025-12-20T10:/);
    const what = app.services.plan.projects.contents(id);
    expect(what).toMatchObject({ name: 'Renamed', tracks: 2, milestones: 3, allocations: 15, scenarios: 3 });
    const before = tableCounts(app);
    const d = await app.handlers.invoke('plan:delete-project', { projectId: id });
    expect(d.ok && d.value.deleted.allocations).toBe(15);
    expect(app.services.plan.projects.list().some((p) => p.id === id)).toBe(false);
    expect((await app.handlers.invoke('plan:get-plan', { projectId: id })).ok).toBe(true); // rows kept for undo
    expect((await app.handlers.invoke('plan:duplicate-project', { projectId: id })).ok).toBe(false);
    app.services.plan.projects.restore(id);
    expect(app.services.plan.projects.list().some((p) => p.id === id)).toBe(true);
    expect(tableCounts(app)).toEqual(before);
  });

  it('lists recent first: the project opened last comes first, and the app reopens it', async () => {
    const ids = app.services.plan.projects.list().map((p) => p.id);
    const last = ids[ids.length - 1]!;
    app.services.plan.projects.open(last);
    expect(app.services.plan.projects.list()[0]!.id).toBe(last);
    expect((await app.services.plan.getPlan()).plan.project.id).toBe(last);
  });
});

describe('plan files (.gpuplan): export, import as a project or as a scenario, bad files refused whole', () => {
  const dir = tempDir();
  cleanups.push(dir.remove);
  const out = path.join(dir.dir, 'vitaldb.gpuplan');

  it('exports the example and imports it on a fresh data folder: plan show equal apart from ids', async () => {
    const a = freshApp({ save: out });
    const e = await a.handlers.invoke('plan:export-file', { projectId: 'vitaldb-2025' });
    expect(e.ok && e.value).toMatchObject({ file: out, scenarios: 3 });
    const doc = JSON.parse(fs.readFileSync(out, 'utf8')) as { format: string; schemaVersion: number };
    expect(doc).toMatchObject({ format: 'gpu-planner-plan', schemaVersion: 1 });

    const b = freshApp({ open: out });
    const i = await b.handlers.invoke('plan:import-file', {});
    expect(i.ok).toBe(true);
    const id = i.ok ? i.value.projectId! : '';
    expect(id).toMatch(/^p-/);
    const original = a.services.plan.show('vitaldb-2025');
    const copy = b.services.plan.show(id);
    // The fresh folder holds the bundled example: the copy is named "… (2)", the second import "… (3)".
    expect(i.ok && i.value.name).toBe(`${original.project.name} (2)`);
    expect(copy.project.name).toBe(`${original.project.name} (2)`);
    expect(normalized({ ...copy, project: { ...copy.project, name: original.project.name } }, id)).toEqual(
      normalized(original, 'vitaldb-2025'),
    );
    expect(b.services.plan.compareScenarios(id).rows.map((r) => [r.name, r.usd, r.gpuHours])).toEqual(
      a.services.plan.compareScenarios('vitaldb-2025').rows.map((r) => [r.name, r.usd, r.gpuHours]),
    );
    // Imported twice: two projects, no id clash, no name clash.
    const again = await b.handlers.invoke('plan:import-file', {});
    expect(again.ok && again.value.name).toBe(`${original.project.name} (3)`);
    // As a scenario of an existing project.
    const s = await b.handlers.invoke('plan:import-file', { intoProjectId: 'vitaldb-2025' });
    expect(s.ok && s.value.scenarioId).toBeTruthy();
    const cmp = b.services.plan.compareScenarios('vitaldb-2025');
    expect(cmp.rows.at(-1)!.usd).toBe(cmp.rows[0]!.usd);
  });

  it('refuses truncated, newer, wrongly typed, inconsistent and oversized files with the reason, creating nothing', async () => {
    const good = fs.readFileSync(out, 'utf8');
    const doc = JSON.parse(good) as {
      schemaVersion: number;
      plan: { allocations: Array<{ hours: unknown; trackId: string }>; notes: string[] };
    };
    const bad = path.join(dir.dir, 'bad.gpuplan');
    const app = freshApp({ open: bad });
    const before = tableCounts(app);
    const attempt = async (text: string) => {
      fs.writeFileSync(bad, text);
      const r = await app.handlers.invoke('plan:import-file', {});
      expect(r.ok).toBe(false);
      expect(tableCounts(app)).toEqual(before);
      return r.ok ? null : r.error;
    };
    const truncated = await attempt(good.slice(0, Math.floor(good.length / 2)));
    expect(truncated).toMatchObject({ code: 'BAD_PLAN_FILE', details: { file: 'bad.gpuplan' } });
    expect(truncated!.message).toMatch(/truncated|not valid JSON/);
    expect(truncated!.details!.line).toBeGreaterThan(1);

    const newer = await attempt(JSON.stringify({ ...doc, schemaVersion: 2 }));
    expect(newer).toMatchObject({ code: 'PLAN_FILE_TOO_NEW', details: { field: 'schemaVersion', value: '2' } });
    expect(newer!.message).toContain('newer version of GPU Planner');

    const typed = JSON.parse(good) as typeof doc;
    typed.plan.allocations[3]!.hours = 'twelve';
    const wrong = await attempt(JSON.stringify(typed));
    expect(wrong).toMatchObject({ code: 'BAD_PLAN_FILE', details: { field: 'plan.allocations[3].hours' } });

    const dangling = JSON.parse(good) as typeof doc;
    dangling.plan.allocations[0]!.trackId = 'no-such-track';
    expect(await attempt(JSON.stringify(dangling))).toMatchObject({ details: { field: 'plan.allocations[0].trackId' } });

    expect(await attempt('{"format":"something-else"}')).toMatchObject({ code: 'BAD_PLAN_FILE', details: { field: 'format' } });

    const notes = JSON.parse(good) as typeof doc;
    notes.plan.notes.push('x'.repeat(50 * 1024 * 1024));
    const huge = await attempt(JSON.stringify(notes));
    expect(huge).toMatchObject({ code: 'PLAN_FILE_TOO_LARGE' });
    const long = JSON.parse(good) as typeof doc;
    long.plan.notes.push('y'.repeat(200_000));
    expect(await attempt(JSON.stringify(long))).toMatchObject({
      code: 'PLAN_FILE_TEXT_TOO_LONG',
      details: { field: `plan.notes[${long.plan.notes.length - 1}]` },
    });
  });

  it('carries the spend lines allocated to the project when asked, and imports them allocated to the new tracks', async () => {
    const a = freshApp();
    const v = await a.services.plan.getPlan('vitaldb-2025');
    const imp = a.db
      .prepare(
        `INSERT INTO billing_imports (file_name, sha256, dialect, rows_read, rows_imported, totals_json, created_at) VALUES ('t.csv', 'x', 'focus', 2, 2, '[]', '2025-12-20')`,
      )
      .run();
    const line = a.db.prepare(
      `INSERT INTO spend_lines (import_id, source_line, charge_period_start, billed_cost, billed_cost_nanos, currency, provider, track_id, tags_json) VALUES (?, ?, ?, ?, ?, 'USD', 'Google', ?, '{}')`,
    );
    line.run(imp.lastInsertRowid, 1, '2025-12-22T00:00:00Z', '12.3456789012', 12345678901, v.plan.tracks[0]!.id);
    line.run(imp.lastInsertRowid, 2, '2025-12-23T00:00:00Z', '0.0000000001', 0, null);
    const text = a.services.plan.projects.exportText({ projectId: 'vitaldb-2025', includeSpend: true }).text;
    const file = path.join(dir.dir, 'spend.gpuplan');
    fs.writeFileSync(file, text);
    const b = freshApp();
    const r = b.services.plan.projects.importFrom(file);
    expect(r.spendLines).toBe(1);
    const rows = b.db.prepare('SELECT billed_cost, track_id FROM spend_lines').all() as Array<{ billed_cost: string; track_id: string }>;
    expect(rows).toEqual([{ billed_cost: '12.3456789012', track_id: `${r.projectId}~track-vitaldb` }]);
    // The daily rollup (summed as the lines are written) carries their track, as a rebuild from the lines would.
    const rollup = () => b.db.prepare('SELECT day, currency, track_id, provider, nanos, lines FROM spend_rollup').all();
    const written = rollup();
    expect(written).toEqual([
      { day: '2025-12-22', currency: 'USD', track_id: `${r.projectId}~track-vitaldb`, provider: 'Google', nanos: 12345678901, lines: 1 },
    ]);
    rebuildSpendRollup(b.db);
    expect(rollup()).toEqual(written);
  });
});

describe('scenarios as first-class plans: edit with undo, rename, duplicate, compare, promote with undo', () => {
  const app = freshApp();
  const projectId = 'vitaldb-2025';

  it('edits a scenario on its own (same checks, own undo), leaving the plan alone', async () => {
    const s = await app.handlers.invoke('plan:get-plan', { projectId, scenarioId: 'option-2-balanced' });
    expect(s.ok).toBe(true);
    if (!s.ok) return;
    expect(s.value.scenario?.name).toBe('Option 2: Balanced (Recommended)');
    const a = movable(s.value.plan, 2);
    const bad = await app.handlers.invoke('plan:edit', {
      projectId,
      scenarioId: 'option-2-balanced',
      revision: s.value.revision,
      command: { type: 'upsert', entity: 'allocation', value: { ...a, hours: 500 } },
    });
    expect(bad.ok).toBe(false);
    const planBefore = app.services.plan.show(projectId).weeks;
    const moved = await app.handlers.invoke('plan:edit', {
      projectId,
      scenarioId: 'option-2-balanced',
      revision: s.value.revision,
      command: moveAllocationsCommand(s.value.plan, [a.id], (w) => addWeeksToKey(w, 2)),
    });
    if (!moved.ok) throw new Error(JSON.stringify(moved.error));
    expect(moved.ok && moved.value.plan.allocations.find((x) => x.id === a.id)!.week).toBe(addWeeksToKey(a.week, 2));
    expect(moved.ok && moved.value.history.undoLabel).toBe('move allocation');
    expect(app.services.plan.show(projectId).weeks).toEqual(planBefore);
    expect((await app.services.plan.getPlan(projectId)).history.undoLabel).toBeNull();
    const undone = await app.handlers.invoke('plan:undo', { projectId, scenarioId: 'option-2-balanced' });
    expect(undone.ok && undone.value.plan.allocations.find((x) => x.id === a.id)!.week).toBe(a.week);
    await app.handlers.invoke('plan:redo', { projectId, scenarioId: 'option-2-balanced' });
  });

  it('renames and duplicates a scenario; compares three plans with the weeks that moved', async () => {
    expect(
      (await app.handlers.invoke('plan:rename-scenario', { projectId, scenarioId: 'option-2-balanced', name: 'Balanced, M1 later' })).ok,
    ).toBe(true);
    const d = await app.handlers.invoke('plan:duplicate-scenario', {
      projectId,
      name: 'Balanced copy',
      fromScenarioId: 'option-2-balanced',
    });
    expect(d.ok).toBe(true);
    const copyId = d.ok ? d.value.scenario.id : '';
    const cmp = app.services.plan.comparePlans({ projectId, ids: [null, 'option-2-balanced', copyId] });
    expect(cmp.summaries.map((x) => x.name)).toEqual(['Current plan', 'Balanced, M1 later', 'Balanced copy']);
    expect(cmp.summaries[2]!.usd).toBe(cmp.summaries[1]!.usd);
    expect(cmp.finish[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(cmp.changedWeeks).toBeGreaterThan(0);
    const moved = cmp.weeks.find((w) => w.plans[1]!.changes.length > 0)!;
    expect(moved.plans[1]!.changes[0]).toMatchObject({
      trackName: expect.any(String),
      before: expect.any(Number),
      after: expect.any(Number),
    });
    const sum = cmp.weeks.reduce((s, w) => s + w.plans[1]!.gpuHours, 0);
    expect(Math.round(sum * 100) / 100).toBe(cmp.summaries[1]!.gpuHours);
    const tooMany = await app.handlers.invoke('plan:compare-plans', { projectId, ids: [null, 'a', 'b', 'c'] });
    expect(tooMany.ok).toBe(false);
  });

  it('promotes a scenario to be the plan, keeps the old plan as a scenario, and undoes it', async () => {
    const planBefore = app.services.plan.show(projectId);
    const scenarioPlan = (await app.services.plan.getPlan(projectId, 'option-2-balanced')).plan;
    const p = app.services.plan.promoteScenario({ projectId, scenarioId: 'option-2-balanced' });
    const after = await app.services.plan.getPlan(projectId);
    const cells = (p: Plan) => p.allocations.map((a) => `${a.week} ${a.trackId} ${a.offeringId} ${a.hours}`).sort();
    expect(cells(after.plan)).toEqual(cells(scenarioPlan));
    const list = app.services.plan.compareScenarios(projectId).scenarios;
    expect(list.some((s) => s.id === 'option-2-balanced')).toBe(false);
    expect(list.find((s) => s.id === p.previousPlanScenarioId)!.name).toBe('Plan before "Balanced, M1 later"');
    const kept = await app.services.plan.getPlan(projectId, p.previousPlanScenarioId);
    expect(kept.plan.allocations.length).toBe(planBefore.weeks.reduce((n, w) => n + w.allocations.length, 0));

    app.services.plan.undoPromote({ projectId });
    expect(app.services.plan.show(projectId).weeks).toEqual(planBefore.weeks);
    const back = app.services.plan.compareScenarios(projectId).scenarios;
    expect(back.some((s) => s.id === 'option-2-balanced')).toBe(true);
    expect(back.some((s) => s.id === p.previousPlanScenarioId)).toBe(false);
    expect(() => app.services.plan.undoPromote({ projectId })).toThrow(/No promotion to undo/);
  });
});
