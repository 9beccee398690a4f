import { spawnSync } from 'node:child_process';
import { ensureBuiltCli, runCliInProcess } from '../../test-support/built-cli';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppContext } from '../../services/app-context';
import { planTestResources } from '../../test-support/plan-test-resources';
import { repoRoot, tempDir } from '../../test-support/paths';

// The BUILT command, as a user runs it, on databases created (migrated + seeded) beforehand.
const bin = path.join(repoRoot, 'bin', 'gpu-planner.cjs');
const temp = tempDir();
const dbA = path.join(temp.dir, 'a.sqlite');
const dbB = path.join(temp.dir, 'b.sqlite');
const res = planTestResources();

beforeAll(() => {
  ensureBuiltCli();
  for (const db of [dbA, dbB]) createAppContext({ dataDir: temp.dir, databaseFile: db, resourcesDir: res.dir, runtime: 'cli' }).close();
});
afterAll(() => {
  temp.remove();
  res.remove();
});

const cli = (args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', cwd: repoRoot });
const json = <T>(args: string[]): T => {
  const run = cli(args);
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as T;
};
// Ids, and the moment each estimate was computed (each `plan show` recomputes estimates whose price or workload changed).
const withoutIds = (value: unknown, projectId: string) =>
  JSON.parse(JSON.stringify(value), (k, v: unknown) =>
    k === 'computedAt'
      ? 'T'
      : typeof v === 'string'
        ? v
            .replace(/p-[0-9a-f]{8}~/g, '')
            .replaceAll(projectId, 'P')
            .replace(/scenario-[0-9a-f]{8}|option-[a-z0-9-]+$/g, 'S')
        : v,
  ) as unknown;

describe('gpu-planner project list|new|export|import', () => {
  it('new prints the id; list shows it first, the example flagged', () => {
    const made = json<{ projectId: string }>([
      'project',
      'new',
      '--db',
      dbA,
      '--name',
      'Sleep staging',
      '--start',
      '2026-02-02',
      '--end',
      '2026-05-29',
      '--currency',
      'EUR',
      '--budget',
      '1200',
      '--json',
    ]);
    expect(made.projectId).toMatch(/^p-[0-9a-f]{8}$/);
    const { projects } = json<{ projects: Array<{ id: string; name: string; isExample: boolean; currency: string }> }>([
      'project',
      'list',
      '--db',
      dbA,
      '--json',
    ]);
    expect(projects[0]).toMatchObject({ id: made.projectId, name: 'Sleep staging', currency: 'EUR', isExample: false });
    expect(projects.find((p) => p.id === 'vitaldb-2025')!.isExample).toBe(true);
    const text = cli(['project', 'list', '--db', dbA]);
    expect(text.stdout).toContain('(example)');
  });

  it('refuses a bad project (exit 1, the field named) and a missing flag (exit 2)', () => {
    const bad = cli([
      'project',
      'new',
      '--db',
      dbA,
      '--name',
      'X',
      '--start',
      '2026-05-01',
      '--end',
      '2026-04-01',
      '--currency',
      'USD',
      '--budget',
      '5',
    ]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('end');
    expect(cli(['project', 'new', '--db', dbA, '--name', 'X']).status).toBe(2);
  });

  it('a budget typed with thousands separators ("3,000") is read; an ambiguous "4,5" is refused with how to write it (issue 28 item 9)', () => {
    // Before: `project new --budget 3,000` died with "internal error: [big.js] Invalid number"; `project budget --amount 4,500` was refused.
    const base = ['project', 'new', '--db', dbB, '--name', 'Grouped', '--start', '2026-01-01', '--end', '2026-03-31', '--currency', 'EUR'];
    const created = cli([...base, '--budget', '3,000', '--track', 'T', '--owner', 'O', '--json']);
    expect(created.status, created.stderr).toBe(0);
    const { projectId } = JSON.parse(created.stdout) as { projectId: string };
    const listed = cli(['project', 'list', '--db', dbB])
      .stdout.split('\n')
      .find((l) => l.startsWith(projectId));
    expect(listed).toContain('budget €3,000.00  1 track, 0 scenarios');
    const set = cli(['project', 'budget', '--db', dbB, '--project', projectId, '--amount', '12 500.50']);
    expect(set.stdout).toBe(`${projectId}: budget project total = €12,500.50\n`);
    const refused = cli(['project', 'budget', '--db', dbB, '--project', projectId, '--amount', '4,5']);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('such as 615, 3,000 or 615.50, not "4,5"');
  });
  it('export then import on another database: plan show --json equal apart from ids and the name made distinct', () => {
    const out = path.join(temp.dir, 'example.gpuplan');
    const exp = cli(['project', 'export', '--db', dbA, '--project', 'vitaldb-2025', '--out', out]);
    expect(exp.status, exp.stderr).toBe(0);
    const imported = json<{ projectId: string }>(['project', 'import', out, '--db', dbB, '--json']);
    expect(imported.projectId).toMatch(/^p-/);
    const original = json<{ project: { name: string } }>(['plan', 'show', '--db', dbA, '--project', 'vitaldb-2025', '--json']);
    const copy = json<{ project: { name: string } }>(['plan', 'show', '--db', dbB, '--project', imported.projectId, '--json']);
    // dbB holds the bundled example too: the imported copy is "… (2)", never a second project of the same name
    // (issue 28 item 9; before, the switcher listed two "VitalDB Training Infrastructure (M1–M3)").
    expect(copy.project.name).toBe(`${original.project.name} (2)`);
    const names = json<{ projects: Array<{ name: string }> }>(['project', 'list', '--db', dbB, '--json']).projects.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    copy.project.name = original.project.name;
    expect(withoutIds(copy, imported.projectId)).toEqual(withoutIds(original, 'vitaldb-2025'));
  });

  it('a newer file is refused with the reason and exit 1, nothing created', () => {
    const out = path.join(temp.dir, 'newer.gpuplan');
    const doc = JSON.parse(fs.readFileSync(path.join(temp.dir, 'example.gpuplan'), 'utf8')) as Record<string, unknown>;
    fs.writeFileSync(out, JSON.stringify({ ...doc, schemaVersion: 9 }));
    const before = json<{ projects: unknown[] }>(['project', 'list', '--db', dbB, '--json']).projects.length;
    const run = cli(['project', 'import', out, '--db', dbB]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('newer version of GPU Planner');
    expect(json<{ projects: unknown[] }>(['project', 'list', '--db', dbB, '--json']).projects.length).toBe(before);
  });
});

describe('gpu-planner project show|budget: one budget per project', () => {
  interface Shown {
    project: { id: string; budget: string; currency: string };
    budget: {
      total: string | null;
      currency: string | null;
      thresholds: number[] | null;
      byTrack: { allocated: string; remainder: string | null; over: string | null };
      byMonth: { allocated: string; remainder: string | null; over: string | null };
      rows: Array<{ trackId: string | null; month: string | null; amount: string; currency: string; thresholds: number[] }>;
    };
    notices: unknown[];
  }
  // Many calls in one scenario: runCli in this process (the built binary runs `project show` below and every command in
  // the tests above); ~0.7 s of Node start saved per call.
  const jsonIn = async <T>(args: string[]): Promise<T> => {
    const run = await runCliInProcess(args);
    expect(run.status, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as T;
  };
  const show = (db: string, projectId: string) => jsonIn<Shown>(['project', 'show', '--db', db, '--project', projectId, '--json']);

  it("new --budget is the budget's total; project budget sets it or a split, and show, list and plan show read the same record; a plan file carries it", async () => {
    const { projectId } = await jsonIn<{ projectId: string }>([
      'project',
      'new',
      '--db',
      dbA,
      '--name',
      'One budget',
      '--start',
      '2026-02-02',
      '--end',
      '2026-05-29',
      '--currency',
      'EUR',
      '--budget',
      '3000',
      '--track',
      'EEG model',
      '--owner',
      'Ana',
      '--json',
    ]);
    let shown = await show(dbA, projectId);
    expect(shown.project.budget).toBe('3000');
    expect(shown.budget).toMatchObject({ total: '3000', currency: 'EUR', thresholds: [50, 80, 100, 120] });
    expect(shown.notices).toEqual([]);

    // The Budget screen's total, from the CLI: the plan's budget follows.
    await jsonIn(['project', 'budget', '--db', dbA, '--project', projectId, '--amount', '3500', '--thresholds', '75,100', '--json']);
    const trackId = (await jsonIn<{ tracks: Array<{ id: string }> }>(['plan', 'show', '--db', dbA, '--project', projectId, '--json']))
      .tracks[0]!.id;
    await jsonIn(['project', 'budget', '--db', dbA, '--project', projectId, '--track', trackId, '--amount', '2000', '--json']);
    await jsonIn(['project', 'budget', '--db', dbA, '--project', projectId, '--month', '2026-03', '--amount', '4000', '--json']);
    shown = await show(dbA, projectId);
    expect(shown.project.budget).toBe('3500');
    expect(shown.budget).toMatchObject({
      total: '3500',
      thresholds: [75, 100],
      byTrack: { allocated: '2000', remainder: '1500', over: '0' },
      byMonth: { allocated: '4000', remainder: '0', over: '500' },
    });
    const listed = (await jsonIn<{ projects: Array<{ id: string; budget: string }> }>(['project', 'list', '--db', dbA, '--json'])).projects;
    expect(listed.find((p) => p.id === projectId)!.budget).toBe('3500');
    const plan = await jsonIn<{ project: { budget: string }; totals: { budget: string } }>([
      'plan',
      'show',
      '--db',
      dbA,
      '--project',
      projectId,
      '--json',
    ]);
    expect(plan.project.budget).toBe('3500');
    const text = cli(['project', 'show', '--db', dbA, '--project', projectId]).stdout;
    expect(text).toContain('budget: EUR 3500');
    expect(text).toContain('split by track: 2000 of 3500, 1500 not split');
    expect(text).toContain('split by month: 4000 of 3500, over-split by 500');

    // Export, import on the other database: the same budget record.
    const out = path.join(temp.dir, 'one-budget.gpuplan');
    expect((await runCliInProcess(['project', 'export', '--db', dbA, '--project', projectId, '--out', out])).status).toBe(0);
    const imported = (await jsonIn<{ projectId: string }>(['project', 'import', out, '--db', dbB, '--json'])).projectId;
    const copy = await show(dbB, imported);
    const rows = (s: Shown) => s.budget.rows.map((r) => ({ ...r, id: undefined, trackId: r.trackId?.replace(/^.*~/, '') ?? null }));
    expect(rows(copy)).toEqual(rows(shown));
    expect(copy.budget.byMonth).toEqual(shown.budget.byMonth);

    // Refused: a bad amount (exit 1, the field named), no --amount (exit 2).
    const bad = await runCliInProcess(['project', 'budget', '--db', dbA, '--project', projectId, '--amount', '12,5']);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('--amount');
    expect((await runCliInProcess(['project', 'budget', '--db', dbA, '--project', projectId])).status).toBe(2);
  });
});
