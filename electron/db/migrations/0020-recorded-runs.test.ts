/** Migration 0020 on a real database of schema 19 (the bundled catalog and example projects in it). */
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppContext } from '../../services/app-context';
import { tempDir } from '../../test-support/paths';
import { migrate, schemaVersion } from '../migrate';
import { insertRun, selectCorrectionSettings, selectRuns, upsertCorrectionSetting } from '../queries/runs';
import { migrations } from './index';

const t = tempDir();
afterAll(() => t.remove());

describe('migration 0020-recorded-runs', () => {
  it('adds the runs and the correction settings, empty, STRICT; nothing else changes; a run is written and read back', () => {
    const dir = path.join(t.dir, 'v19');
    const app = createAppContext({ dataDir: dir, runtime: 'cli' });
    const file = app.info().databaseFile;
    app.close();
    const db = new BetterSqlite3(file);
    db.exec('DROP TABLE run_correction_settings; DROP TABLE recorded_runs; PRAGMA user_version = 19;');
    const before = db.prepare('SELECT id, name FROM projects ORDER BY id').all();

    const outcome = migrate(db, migrations.slice(0, 20), { file });
    expect(outcome.applied).toEqual(['0020-recorded-runs']);
    expect(schemaVersion(db)).toBe(20);
    expect(db.prepare('SELECT id, name FROM projects ORDER BY id').all()).toEqual(before);
    const strict = db
      .prepare("SELECT name, strict FROM pragma_table_list WHERE name IN ('recorded_runs', 'run_correction_settings') ORDER BY name")
      .all();
    expect(strict).toEqual([
      { name: 'recorded_runs', strict: 1 },
      { name: 'run_correction_settings', strict: 1 },
    ]);
    expect(selectRuns(db, 'vitaldb-2025')).toEqual([]);

    const run = {
      projectId: 'vitaldb-2025',
      workloadId: 'vitaldb-m1',
      workloadName: 'M1',
      workload: { model: { preset: 'resnet34-1d' } },
      modelFamily: 'resnet34-1d',
      offeringId: 'colab-pro-plus-l4-24gb',
      gpuId: 'l4-24gb',
      hours: 8,
      samplesPerSecond: 2100,
      source: { kind: 'file' as const, file: 'trainer_state.json', format: 'hf-trainer-state' as const },
      milestoneId: 'm1',
      recordedAt: '2026-11-29T07:00:00.000Z',
    };
    const id = insertRun(db, run);
    expect(selectRuns(db, 'vitaldb-2025')).toEqual([{ id, ...run }]);
    // the database refuses what the service never writes
    expect(() => db.prepare('UPDATE recorded_runs SET hours = 0 WHERE id = ?').run(id)).toThrow(/CHECK/);
    expect(() => db.prepare("UPDATE recorded_runs SET source_kind = 'manual' WHERE id = ?").run(id)).toThrow(/CHECK/);
    expect(() => db.prepare("UPDATE recorded_runs SET hours = '8h' WHERE id = ?").run(id)).toThrow(/cannot store TEXT/);
    upsertCorrectionSetting(
      db,
      'vitaldb-2025',
      { modelFamily: 'resnet34-1d', offeringId: 'colab-pro-plus-l4-24gb', ratio: 2.5, ignored: false },
      '2026-11-29',
    );
    expect(selectCorrectionSettings(db, 'vitaldb-2025')).toEqual([
      { modelFamily: 'resnet34-1d', offeringId: 'colab-pro-plus-l4-24gb', ratio: 2.5, ignored: false },
    ]);
    // a project's runs go with it
    db.pragma('foreign_keys = ON');
    db.prepare("DELETE FROM projects WHERE id = 'vitaldb-2025'").run();
    expect(db.prepare('SELECT COUNT(*) AS n FROM recorded_runs').get()).toEqual({ n: 0 });
    db.close();
  });
});
