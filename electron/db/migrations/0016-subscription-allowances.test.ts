/** Migration 0016 on a real database of schema 15 (the bundled catalog and example projects in it, no subscription tables). */
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLED_SUBSCRIPTIONS } from '../../../shared/domain/subscriptions';
import { createAppContext } from '../../services/app-context';
import { tempDir } from '../../test-support/paths';
import { schemaVersion } from '../migrate';
import { selectSubscriptions } from '../queries/subscriptions';

const t = tempDir();
afterAll(() => t.remove());

/** A seeded database brought back to schema 15: the tables of 0016 dropped, user_version 15. */
function schema15(dir: string): string {
  const app = createAppContext({ dataDir: dir, runtime: 'cli' });
  const file = app.info().databaseFile;
  app.close();
  const db = new BetterSqlite3(file);
  // Back to schema 15: what 0022 (import-filters), 0021 (source-filters), 0020 (recorded-runs), 0019 (milestone-dependencies), 0018 (export-parts), 0017 (fx-origin) and 0016 added goes, newest first.
  db.exec(
    'ALTER TABLE billing_imports DROP COLUMN filter_json; ALTER TABLE billing_sources DROP COLUMN filter_json; DROP TABLE run_correction_settings; DROP TABLE recorded_runs; DROP TABLE plan_promotions; ALTER TABLE milestones DROP COLUMN depends_on_json; ALTER TABLE billing_source_files DROP COLUMN change_stamp; ALTER TABLE billing_imports DROP COLUMN delivery_part; ALTER TABLE billing_imports DROP COLUMN delivery; DROP INDEX exchange_rates_pair; ALTER TABLE exchange_rates DROP COLUMN origin; DROP TABLE subscription_top_ups; DROP TABLE subscription_rates; DROP TABLE subscriptions; PRAGMA user_version = 15;',
  );
  db.close();
  return file;
}

describe('migration 0016-subscription-allowances', () => {
  it("adds the tables; the catalog seed then adds Colab's allowances, rates and top-ups; the example is priced from them", async () => {
    const dir = path.join(t.dir, 'v15');
    const file = schema15(dir);
    const before = new BetterSqlite3(file);
    expect(schemaVersion(before)).toBe(15);
    const offerings = before.prepare('SELECT COUNT(*) AS n FROM offerings').get();
    before.close();

    const app = createAppContext({ dataDir: dir, runtime: 'cli' });
    try {
      expect(app.info().schemaVersion).toBe(22);
      expect(app.db.prepare('SELECT COUNT(*) AS n FROM offerings').get()).toEqual(offerings); // nothing else touched
      const stored = selectSubscriptions(app.db);
      const byOffering = (a: { offeringId: string }, b: { offeringId: string }) => a.offeringId.localeCompare(b.offeringId);
      expect(stored).toEqual(
        BUNDLED_SUBSCRIPTIONS.map((s) => ({
          ...s,
          rates: [...s.rates].sort(byOffering),
          topUps: [...s.topUps].sort((a, b) => a.units - b.units),
        })),
      );
      expect(stored.map((s) => [s.id, s.unitsPerMonth, s.rates.map((r) => `${r.offeringId} ${r.unitsPerHour}`)])).toEqual([
        ['colab-pro', 100, ['colab-pro-t4-16gb 1.19']],
        ['colab-pro-plus', 600, ['colab-pro-plus-a100-40gb 5.4', 'colab-pro-plus-l4-24gb 1.71']],
      ]);
      // the plan's catalog carries them, and the example's options are costed with them
      const { rows } = app.services.plan.compareScenarios('vitaldb-2025');
      expect(rows.map((r) => [r.name.split(':')[0], r.usd])).toEqual([
        ['Current plan', '639.73'],
        ['Option 1', '72.65'],
        ['Option 2', '639.73'],
        ['Option 3', '1054.89'],
      ]);
      // a foreign key ties a rate to its offering
      expect(() =>
        app.db
          .prepare(
            "INSERT INTO subscription_rates (offering_id, subscription_id, units_per_hour, as_of, source) VALUES ('nope', 'colab-pro', '1', '2026-01-01', 's')",
          )
          .run(),
      ).toThrow(/FOREIGN KEY/);
    } finally {
      app.close();
    }
  });

  it('a second start adds nothing twice and keeps a row the user changed', () => {
    const dir = path.join(t.dir, 'again');
    const first = createAppContext({ dataDir: dir, runtime: 'cli' });
    first.db.prepare("UPDATE subscriptions SET units_per_month = '150' WHERE id = 'colab-pro'").run();
    first.close();
    const again = createAppContext({ dataDir: dir, runtime: 'cli' });
    try {
      expect(again.db.prepare('SELECT COUNT(*) AS n FROM subscription_top_ups').get()).toEqual({ n: 4 });
      expect(selectSubscriptions(again.db).find((s) => s.id === 'colab-pro')!.unitsPerMonth).toBe(150);
    } finally {
      again.close();
    }
  });
});
