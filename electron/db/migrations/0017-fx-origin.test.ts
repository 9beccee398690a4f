/** Migration 0017 on a database with rates typed by a user (schema 16), then the bundled ECB rates added on open. */
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { resourcesDir, tempDir } from '../../test-support/paths';
import { seedExchangeRates } from '../seeds/fx.seed';
import { migrate, schemaVersion } from '../migrate';
import { selectRates } from '../queries/budget-planning';
import { migrations } from './index';

const t = tempDir();
afterAll(() => t.remove());

describe('migration 0017-fx-origin', () => {
  it("keeps the user's rates as the user's, and the bundled rates never overwrite one on the same pair and date", () => {
    const file = path.join(t.dir, 'v16.sqlite');
    const db = new BetterSqlite3(file);
    migrate(db, migrations.slice(0, 16), { file });
    const add = db.prepare('INSERT INTO exchange_rates (from_currency, to_currency, rate, as_of, source) VALUES (?, ?, ?, ?, ?)');
    add.run('EUR', 'USD', '1.05', '2025-12-01', 'ECB reference rate');
    add.run('EUR', 'GBP', '0.9', '2026-04-13', 'my bank'); // the same pair and date as a bundled rate

    const outcome = migrate(db, migrations.slice(0, 17), { file });
    expect(outcome.applied).toEqual(['0017-fx-origin']);
    expect(schemaVersion(db)).toBe(17);
    expect(selectRates(db).map((r) => [r.from, r.to, r.rate, r.origin])).toEqual([
      ['EUR', 'GBP', '0.9', 'user'],
      ['EUR', 'USD', '1.05', 'user'],
    ]);

    const added = seedExchangeRates(db, resourcesDir);
    expect(added).toBeGreaterThan(3000);
    expect(seedExchangeRates(db, resourcesDir)).toBe(0); // opening again adds nothing
    const rates = selectRates(db);
    expect(rates.find((r) => r.to === 'GBP' && r.asOf === '2026-04-13')).toMatchObject({ rate: '0.9', origin: 'user', source: 'my bank' });
    expect(rates.find((r) => r.to === 'USD' && r.asOf === '2026-04-13')).toMatchObject({
      rate: '1.1684',
      origin: 'bundled',
      source: 'ECB euro reference rate, 2026-04-13',
    });
    db.close();
  });
});
