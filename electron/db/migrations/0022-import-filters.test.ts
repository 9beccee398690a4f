/**
 * Migration 0022 on a real database of schema 21: each import gets the slice it took — a sliced source's imports its
 * slice, every other import none (the whole file); nothing else changes.
 */
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppContext } from '../../services/app-context';
import { tempDir } from '../../test-support/paths';
import { migrate, schemaVersion } from '../migrate';
import { migrations } from './index';

const t = tempDir();
afterAll(() => t.remove());

describe('migration 0022-import-filters', () => {
  it("gives a sliced source's imports its slice and every other import none", async () => {
    const dir = path.join(t.dir, 'v21');
    const folder = path.join(t.dir, 'exports');
    fs.mkdirSync(folder, { recursive: true });
    const csv = [
      'BilledCost,BillingCurrency,ChargePeriodStart,BillingAccountId',
      '1,USD,2024-09-01T00:00:00Z,111',
      '2,USD,2024-09-02T00:00:00Z,222',
    ];
    fs.writeFileSync(path.join(folder, 'focus-09.csv'), `${csv.join('\n')}\n`);
    const byHandFile = path.join(t.dir, 'by-hand.csv');
    fs.writeFileSync(byHandFile, `${csv.join('\n').replace(/2024-09/g, '2024-10')}\n`);
    const app = createAppContext({ dataDir: dir, runtime: 'cli' });
    const file = app.info().databaseFile;
    const filter = { accounts: ['111'], tags: [], providers: [], from: null, to: null };
    const source = app.services.budget.addSource(folder, undefined, filter);
    const [sync] = await app.services.budget.syncSources(source.id);
    const byHand = await app.services.budget.importFile({ file: byHandFile });
    app.close();

    const db = new BetterSqlite3(file);
    db.exec('ALTER TABLE billing_imports DROP COLUMN filter_json; PRAGMA user_version = 21;');
    const before = db.prepare('SELECT * FROM billing_imports ORDER BY id').all() as Record<string, unknown>[];
    const outcome = migrate(db, migrations.slice(0, 22), { file });
    expect(outcome.applied).toEqual(['0022-import-filters']);
    expect(schemaVersion(db)).toBe(22);
    const after = db.prepare('SELECT * FROM billing_imports ORDER BY id').all() as Record<string, unknown>[];
    const sliceOf = (id: number | null) => after.find((r) => r.id === id)!.filter_json;
    expect(JSON.parse(sliceOf(sync!.imported[0]!.importId) as string)).toEqual(filter);
    expect(sliceOf(byHand.importId)).toBeNull();
    expect(after.map(({ filter_json: _, ...rest }) => rest)).toEqual(before);
    db.close();
  });
});
