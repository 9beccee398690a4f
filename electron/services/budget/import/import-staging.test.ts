/**
 * Issue 11 item 1: an import never holds a transaction across the reads of its file. An edit made while it runs is
 * committed on its own (it survives a refused or cancelled import), and readers never see the import's staged lines.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { columnMappingSchema } from '../../../../shared/domain/billing/column-mapping';
import { isUserError } from '../../../../shared/domain/errors';
import { tempDir } from '../../../test-support/paths';
import { createTestApp } from '../../../test-support/test-app';

type TestApp = ReturnType<typeof createTestApp>;
let app: TestApp;
let dir: { dir: string; remove: () => void };
beforeEach(() => {
  app = createTestApp();
  dir = tempDir();
});
afterEach(() => {
  app.dispose();
  dir.remove();
});

const header = 'BilledCost,BillingAccountId,BillingCurrency,BillingPeriodStart,BillingPeriodEnd,ChargePeriodStart,ProviderName,ServiceName';
function focusFile(rows: number, opts: { brokenLast?: boolean } = {}): string {
  const lines = [header];
  for (let i = 0; i < rows; i += 1)
    lines.push(
      `${(i % 97) + 0.25},acct-1,USD,2024-09-01,2024-10-01,2024-09-${String((i % 28) + 1).padStart(2, '0')} 00:00:00,AWS,Service ${i % 13}`,
    );
  if (opts.brokenLast) lines.push('not-a-number,acct-1,USD,2024-09-01,2024-10-01,2024-09-03 00:00:00,AWS,Broken');
  const file = path.join(dir.dir, `f-${rows}-${opts.brokenLast ? 'b' : 'ok'}.csv`);
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

const count = (table: string) => (app.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
const mapping = columnMappingSchema.parse({ name: 'kept', dateColumn: 'Date', costColumn: 'Cost', currency: 'USD' });

/** Runs `during` once, between two reads of the file, after the import has written some lines. */
function whenStaging(during: () => void): { ran: () => boolean; stop: () => void } {
  let ran = false;
  let stopped = false;
  const probe = () => {
    if (stopped || ran) return;
    if (count('spend_lines') > 0) {
      ran = true;
      during();
      return;
    }
    setImmediate(probe);
  };
  setImmediate(probe);
  return { ran: () => ran, stop: () => void (stopped = true) };
}

describe('an import stages its lines in short transactions (issue 11, item 1)', () => {
  for (const rows of [20_000, 70_000]) {
    it(`an edit made while a refused import of ${rows} rows runs survives it; readers see none of its lines meanwhile`, async () => {
      const file = focusFile(rows, { brokenLast: true });
      const seen: unknown[] = [];
      const probe = whenStaging(() => {
        app.services.budget.saveMapping('kept', mapping);
        seen.push(
          app.services.budget.spendSummary({ by: 'month' }).totals,
          app.services.budget.listImports().length,
          app.services.budget.listSpendLines({ offset: 0, limit: 5 }).total,
        );
      });
      const error = await app.services.budget.importFile({ file }).then(
        () => null,
        (e: unknown) => e,
      );
      probe.stop();
      expect(isUserError(error) && error.code).toBe('INVALID_ROWS');
      expect(probe.ran()).toBe(true);
      expect(seen).toEqual([{}, 0, 0]);
      expect(app.services.budget.listMappings().map((m) => m.name)).toEqual(['kept']);
      expect(count('spend_lines')).toBe(0);
      expect(count('billing_imports')).toBe(0);
      expect(
        app.db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'spend_lines' ORDER BY name").all(),
      ).toEqual([{ name: 'spend_lines_import' }, { name: 'spend_lines_period' }]);
    }, 60_000);
  }

  it('an edit made while an import runs survives its cancellation; a later import still works', async () => {
    const file = focusFile(30_000);
    const probe = whenStaging(() => {
      app.services.budget.saveMapping('kept', mapping);
      app.services.budget.cancelImport();
    });
    const error = await app.services.budget.importFile({ file }).then(
      () => null,
      (e: unknown) => e,
    );
    probe.stop();
    expect(isUserError(error) && error.code).toBe('CANCELLED');
    expect(app.services.budget.listMappings().map((m) => m.name)).toEqual(['kept']);
    expect(count('spend_lines')).toBe(0);
    const ok = await app.services.budget.importFile({ file });
    expect(ok.rowsImported).toBe(30_000);
    expect(app.services.budget.listImports().map((i) => i.status)).toEqual(['active']);
    expect(count('spend_rollup')).toBeGreaterThan(0);
  }, 60_000);

  it('a staged import left by a process that is gone is deleted when the database is opened again', () => {
    app.db
      .prepare(
        `INSERT INTO billing_imports (file_name, sha256, dialect, rows_read, rows_imported, totals_json, status, created_at, pending_owner)
      VALUES ('x.csv', '', 'generic', 0, 0, '{}', 'undone', '2024-01-01', '2147483646:dead')`,
      )
      .run();
    const id = (app.db.prepare('SELECT MAX(id) AS id FROM billing_imports').get() as { id: number }).id;
    app.db
      .prepare(
        `INSERT INTO spend_lines (import_id, source_line, charge_period_start, billed_cost, billed_cost_nanos, currency) VALUES (?, 2, '2024-09-01', '1', 1000000000, 'USD')`,
      )
      .run(id);
    expect(app.services.budget.listImports()).toEqual([]);
    expect(app.services.budget.spendSummary({ by: 'month' }).totals).toEqual({});
    // What opening the database does (the service is built at every start).
    app.services.budget.recoverPendingImports();
    expect(count('spend_lines')).toBe(0);
    expect(count('billing_imports')).toBe(0);
  });
});
