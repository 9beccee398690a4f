/** Migration 0019 on a real database of schema 18 (the bundled catalog and example projects in it): milestones kept, with no dependencies. */
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppContext } from '../../services/app-context';
import { tempDir } from '../../test-support/paths';
import { migrate, schemaVersion } from '../migrate';
import { selectPlan } from '../queries/plan-aggregate';
import { upsertMilestone } from '../queries/plan-rows';
import { migrations } from './index';

const t = tempDir();
afterAll(() => t.remove());

describe('migration 0019-milestone-dependencies', () => {
  it('adds the dependencies (none for the milestones already there) and the promotions; nothing else changes', () => {
    const dir = path.join(t.dir, 'v18');
    const app = createAppContext({ dataDir: dir, runtime: 'cli' });
    const file = app.info().databaseFile;
    app.close();
    const db = new BetterSqlite3(file);
    db.exec('DROP TABLE plan_promotions; ALTER TABLE milestones DROP COLUMN depends_on_json; PRAGMA user_version = 18;');
    const before = db.prepare('SELECT id, project_id, code, name, facts_json, position FROM milestones ORDER BY id').all();
    expect(before.length).toBeGreaterThan(3);

    const outcome = migrate(db, migrations.slice(0, 19), { file });
    expect(outcome.applied).toEqual(['0019-milestone-dependencies']);
    expect(schemaVersion(db)).toBe(19);
    expect(db.prepare('SELECT id, project_id, code, name, facts_json, position FROM milestones ORDER BY id').all()).toEqual(before);
    const plan = selectPlan(db, 'vitaldb-2025')!.plan;
    expect(plan.milestones.map((m) => m.dependsOn)).toEqual([undefined, undefined, undefined]);
    // written and read back
    upsertMilestone(db, 'vitaldb-2025', { ...plan.milestones[2]!, dependsOn: ['m2'] });
    expect(selectPlan(db, 'vitaldb-2025')!.plan.milestones.map((m) => m.dependsOn ?? [])).toEqual([[], [], ['m2']]);
    expect(db.prepare('SELECT COUNT(*) AS n FROM plan_promotions').get()).toEqual({ n: 0 });
    db.close();
  });
});
