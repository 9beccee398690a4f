/** Migration 0012 on a database that already holds a project (schema 8): the project gets no storage items, and saves them. */
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../test-support/paths';
import { migrate, schemaVersion } from '../migrate';
import { selectPlan } from '../queries/plan-aggregate';
import { updateDataCosts } from '../queries/plan-rows';
import { migrations } from './index';

const t = tempDir();
afterAll(() => t.remove());

describe('migration 0012-storage-costs', () => {
  it('adds data_costs_json to existing projects as [] and keeps the rest', () => {
    const file = path.join(t.dir, 'v8.sqlite');
    const db = new BetterSqlite3(file);
    migrate(db, migrations.slice(0, 8), { file });
    db.prepare(
      `INSERT INTO projects (id, name, start_date, end_date, currency, budget, budget_source, description, source, created_at, updated_at)
       VALUES ('p', 'Old project', '2025-12-01', '2025-12-31', 'USD', '100', 'lead', '', NULL, '2025-11-01', '2025-11-01')`,
    ).run();
    const outcome = migrate(db, migrations, { file });
    expect(outcome.applied).toContain('0012-storage-costs');
    expect(schemaVersion(db)).toBe(migrations.length);
    const loaded = selectPlan(db, 'p')!;
    expect(loaded.plan.project.name).toBe('Old project');
    expect(loaded.plan.dataCosts).toEqual([]);
    const item = {
      id: 'd',
      trackId: null,
      kind: 'dataset' as const,
      label: 'dataset',
      gb: 100,
      per: 'held' as const,
      runs: null,
      rateId: 'azure-blob-hot',
      start: '2025-12-01',
      end: '2025-12-31',
      source: 'seed 003',
    };
    updateDataCosts(db, { ...loaded.plan, dataCosts: [item] });
    expect(selectPlan(db, 'p')!.plan.dataCosts).toEqual([item]);
    db.close();
  });
});
