/** Migration 0014 on a database with AWS CUR lines imported under their product codes (schema 13). */
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../test-support/paths';
import { migrate, schemaVersion } from '../migrate';
import { rebuildSpendRollup } from '../queries/spend-rollup';
import { migrations } from './index';

const t = tempDir();
afterAll(() => t.remove());

function schema13(name: string) {
  const file = path.join(t.dir, name);
  const db = new BetterSqlite3(file);
  migrate(db, migrations.slice(0, 13), { file });
  const addImport = db.prepare(
    `INSERT INTO billing_imports (id, file_name, sha256, dialect, rows_read, rows_imported, totals_json, created_at)
     VALUES (?, ?, ?, ?, 3, 3, '{}', '2026-01-01')`,
  );
  const addLine = db.prepare(
    `INSERT INTO spend_lines (import_id, source_line, charge_period_start, billed_cost, billed_cost_nanos, currency, provider, service)
     VALUES (?, ?, '2026-01-05T00:00:00Z', ?, ?, 'USD', 'AWS', ?)`,
  );
  return { db, file, addImport, addLine };
}
const services = (db: BetterSqlite3.Database, importId: number) =>
  (db.prepare('SELECT service FROM spend_lines WHERE import_id = ? ORDER BY source_line').all(importId) as Array<{ service: string }>).map(
    (r) => r.service,
  );
const rollup = (db: BetterSqlite3.Database, importId: number) =>
  db.prepare('SELECT service, nanos, lines FROM spend_rollup WHERE import_id = ? ORDER BY service').all(importId);

describe('migration 0014-aws-service-names', () => {
  it("names the product codes of old CUR lines as FOCUS does, rebuilds their rollup, renames a service rule on a code, and leaves other exports' lines alone", () => {
    const { db, file, addImport, addLine } = schema13('v13.sqlite');
    addImport.run(1, 'cur-2025-12.csv', 'a', 'aws-cur');
    addLine.run(1, 1, '1.50', 1_500_000_000, 'AmazonEC2');
    addLine.run(1, 2, '2.50', 2_500_000_000, 'AmazonEC2');
    addLine.run(1, 3, '4.00', 4_000_000_000, 'Amazon Elastic Compute Cloud'); // a row that had its product name
    addLine.run(1, 4, '0.25', 250_000_000, 'AWSDataTransfer');
    addLine.run(1, 5, '0.10', 100_000_000, 'SomeNewCode'); // a code AWS's list does not name: kept
    addImport.run(2, 'focus.csv', 'b', 'focus');
    addLine.run(2, 1, '9.00', 9_000_000_000, 'AmazonEC2');
    rebuildSpendRollup(db);
    const addRule = db.prepare(
      "INSERT INTO allocation_rules (project_id, position, kind, key, pattern, track_id, created_at) VALUES ('p', ?, ?, NULL, ?, 't', '2026-01-01')",
    );
    addRule.run(1, 'service', 'AmazonEC2');
    addRule.run(2, 'sku', 'AmazonEC2');
    addRule.run(3, 'service', 'Amazon*');
    const focusRollup = rollup(db, 2);

    const outcome = migrate(db, migrations.slice(0, 14), { file });
    expect(outcome.applied).toEqual(['0014-aws-service-names']);
    expect(schemaVersion(db)).toBe(14);
    expect(services(db, 1)).toEqual([
      'Amazon Elastic Compute Cloud',
      'Amazon Elastic Compute Cloud',
      'Amazon Elastic Compute Cloud',
      'AWS Data Transfer',
      'SomeNewCode',
    ]);
    // the rollup the explorer and the overview read: EC2's three lines under one name, the sums unchanged
    expect(rollup(db, 1)).toEqual([
      { service: 'AWS Data Transfer', nanos: 250_000_000, lines: 1 },
      { service: 'Amazon Elastic Compute Cloud', nanos: 8_000_000_000, lines: 3 },
      { service: 'SomeNewCode', nanos: 100_000_000, lines: 1 },
    ]);
    expect(services(db, 2)).toEqual(['AmazonEC2']);
    expect(rollup(db, 2)).toEqual(focusRollup);
    const rules = db.prepare('SELECT kind, pattern FROM allocation_rules ORDER BY position').all();
    expect(rules).toEqual([
      { kind: 'service', pattern: 'Amazon Elastic Compute Cloud' },
      { kind: 'sku', pattern: 'AmazonEC2' },
      { kind: 'service', pattern: 'Amazon*' },
    ]);
    db.close();
  });

  it('an import whose rollup cannot be rebuilt (sums beyond 64 bits) keeps its codes and its rollup; the upgrade goes on', () => {
    const { db, file, addImport, addLine } = schema13('overflow.sqlite');
    addImport.run(1, 'huge.csv', 'c', 'aws-cur');
    const big = 2n ** 62n;
    addLine.run(1, 1, '4611686018.427387904', big, 'AmazonEC2');
    addLine.run(1, 2, '4611686018.427387904', big, 'AmazonEC2');
    addImport.run(2, 'small.csv', 'd', 'aws-cur');
    addLine.run(2, 1, '1.00', 1_000_000_000, 'AmazonS3');
    rebuildSpendRollup(db); // the query module stores the overflowing sum split
    const before = rollup(db, 1);
    const outcome = migrate(db, migrations.slice(0, 14), { file });
    expect(outcome.applied).toEqual(['0014-aws-service-names']);
    expect(services(db, 1)).toEqual(['AmazonEC2', 'AmazonEC2']);
    expect(rollup(db, 1)).toEqual(before);
    expect(services(db, 2)).toEqual(['Amazon Simple Storage Service']);
    db.close();
  });
});
