/**
 * The bundled example projects (seeds 001–004): seeded on first start, added to an existing database that lacks them
 * (idempotently, never over the user's projects), with the seed's claims file loaded when present; each one's plan
 * passes its checks and the CLI's `plan show` reads it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connection';
import { BUNDLED_EXAMPLES } from '../../../shared/domain/plan/bundled-examples';
import { createAppContext } from '../app-context';
import { resourcesDir, tempDir } from '../../test-support/paths';

const cleanups: Array<() => void> = [];
afterAll(() => cleanups.splice(0).forEach((f) => f()));

function scratch() {
  const t = tempDir();
  cleanups.push(t.remove);
  return t.dir;
}

function projectIds(file: string): Array<{ id: string; is_example: number; name: string }> {
  const { db } = openDatabase(file, { resourcesDir, seed: false });
  try {
    return db.prepare('SELECT id, is_example, name FROM projects ORDER BY id').all() as Array<{
      id: string;
      is_example: number;
      name: string;
    }>;
  } finally {
    db.close();
  }
}

describe('bundled example projects', () => {
  it('a new database holds all four examples, marked as examples, opens on VitalDB and lists it first', () => {
    const dir = scratch();
    const app = createAppContext({ dataDir: dir, resourcesDir, runtime: 'cli' });
    try {
      const list = app.services.plan.projects.list();
      for (const e of BUNDLED_EXAMPLES)
        expect(
          list.find((p) => p.id === e.projectId),
          e.projectId,
        ).toMatchObject({ isExample: true });
      expect(app.services.plan.load().plan.project.id).toBe('vitaldb-2025');
      expect(list[0]!.id).toBe('vitaldb-2025'); // heads the list the switcher shows
    } finally {
      app.close();
    }
  });

  it('an existing database gets the missing examples and new catalog rows once, and the user’s projects stay as they were', () => {
    const file = path.join(scratch(), 'old.sqlite');
    const first = openDatabase(file, { resourcesDir });
    // an older database: only VitalDB, no HF CPU flavour, plus a project of the user's and a renamed example
    first.db.prepare("DELETE FROM projects WHERE id IN ('seed-002-prs-med', 'seed-003-small-lab', 'seed-004-hf-jobs')").run();
    first.db.prepare("DELETE FROM offerings WHERE id = 'hf-jobs-cpu-basic'").run();
    first.db.prepare("UPDATE projects SET name = 'My VitalDB notes' WHERE id = 'vitaldb-2025'").run();
    // …written by an app that bundled other data (or none of the marker of what it bundled): the next open adds
    first.db.prepare("DELETE FROM settings WHERE key = 'bundled-data'").run();
    first.db.close();
    expect(projectIds(file).map((p) => p.id)).toEqual(['vitaldb-2025']);

    for (let i = 0; i < 2; i++) openDatabase(file, { resourcesDir }).db.close();
    const rows = projectIds(file);
    expect(rows.map((p) => p.id)).toEqual(['seed-002-prs-med', 'seed-003-small-lab', 'seed-004-hf-jobs', 'vitaldb-2025']);
    expect(rows.every((p) => p.is_example === 1)).toBe(true);
    expect(rows.find((p) => p.id === 'vitaldb-2025')!.name).toBe('My VitalDB notes');
    const { db } = openDatabase(file, { resourcesDir, seed: false });
    try {
      expect(db.prepare("SELECT count(*) AS n FROM offerings WHERE id = 'hf-jobs-cpu-basic'").get()).toEqual({ n: 1 });
      expect(db.prepare("SELECT count(*) AS n FROM tracks WHERE project_id = 'seed-003-small-lab'").get()).toEqual({ n: 7 });
    } finally {
      db.close();
    }
  });

  it('loads resources/claims/<seed>.json into the matching example when the file exists, and works without it', () => {
    const res = scratch();
    fs.cpSync(resourcesDir, res, { recursive: true });
    fs.rmSync(path.join(res, 'claims'), { recursive: true, force: true });
    fs.mkdirSync(path.join(res, 'claims'));
    fs.writeFileSync(
      path.join(res, 'claims', 'seed-004.json'),
      JSON.stringify({
        claims: [
          {
            id: 'c-7b-lora',
            quote: 'Qwen2.5-7B LoRA: ~28GB ✅ fits a10g-large',
            verdict: 'wrong',
            explanation: 'x',
            authorFigure: '28 GB',
            appFigure: '17 GB',
          },
        ],
      }),
    );
    const app = createAppContext({ dataDir: scratch(), resourcesDir: res, runtime: 'cli' });
    try {
      const claims = app.services.plan.load('seed-004-hf-jobs').plan.claims;
      expect(claims).toEqual([
        {
          id: 'c-7b-lora',
          quote: 'Qwen2.5-7B LoRA: ~28GB ✅ fits a10g-large',
          where: 'seed-004',
          verdict: 'wrong',
          explanation: 'x (author: 28 GB; app: 17 GB)',
        },
      ]);
      // seed 002 has no claims file here: its example still loads, with its own claims only
      expect(app.services.plan.load('seed-002-prs-med').plan.claims).toEqual([]);
      expect(app.services.plan.load('seed-003-small-lab').plan.claims.map((c) => c.id)).toEqual([
        'rr-reserved-billed-per-hour',
        'rr-large-storage',
      ]);
    } finally {
      app.close();
    }
  });

  it("sets seed 003's monthly budget as its document does: $500 a month, alerts at 80, 100 and 120% (issue 31 item 7)", () => {
    const app = createAppContext({ dataDir: scratch(), resourcesDir, runtime: 'cli' });
    try {
      const monthly = app.services.budget.listBudgets('seed-003-small-lab').filter((b) => b.month !== null);
      expect(monthly.map((b) => b.month)).toEqual(Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`));
      for (const b of monthly) expect(b).toMatchObject({ trackId: null, amount: '500', currency: 'USD', thresholds: [80, 100, 120] });
    } finally {
      app.close();
    }
  });

  it('each new example passes the plan checks without an error, prices every booking and reads through plan show', async () => {
    const app = createAppContext({ dataDir: scratch(), resourcesDir, runtime: 'cli' });
    try {
      for (const id of ['seed-002-prs-med', 'seed-003-small-lab', 'seed-004-hf-jobs']) {
        const view = await app.services.plan.getPlan(id);
        const errors = view.analysis.problems.filter((p) => p.severity === 'error');
        expect(errors, `${id}: ${errors.map((p) => p.message).join('; ')}`).toEqual([]);
        expect(view.analysis.totals.weeks.flatMap((w) => w.unpricedAllocationIds)).toEqual([]);
        const shown = app.services.plan.show(id);
        expect(shown.project.id).toBe(id);
        expect(shown.weeks.length).toBeGreaterThan(0);
      }
    } finally {
      app.close();
    }
  });
});
