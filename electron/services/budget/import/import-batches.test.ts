/**
 * Issue 26 item 15: the import's lines cross from the reader child in encoded batches (spend-line-batch.ts). Around a
 * batch's size nothing is lost or doubled, and a bad line in a later batch, after earlier batches were staged, still
 * leaves the database as it was.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SpendLine } from '../../../../shared/domain/billing/spend-line';
import { isUserError, type UserError } from '../../../../shared/domain/errors';
import type { Logger } from '../../../../shared/logger';
import { ensureFreshCli } from '../../../test-support/built-cli';
import { databaseState } from '../../../test-support/db-snapshot';
import { repoRoot, tempDir } from '../../../test-support/paths';
import { createTestApp } from '../../../test-support/test-app';
import { readBillingFile } from './billing-reader';
import { readBillingFileInChild } from './import-child-client';
import { IMPORT_CHILD_BATCH } from './import-child-protocol';

const dir = tempDir('gpu-planner-import-batches-');
afterAll(() => dir.remove());
const builtChild = path.join(repoRoot, 'dist', 'electron', 'import.child.cjs');
beforeAll(() => ensureFreshCli(['shared/domain/billing', 'electron']), 180_000);
const logger: Logger = { error: () => undefined, warn: () => undefined, info: () => undefined };

/** A FOCUS file of `lines` lines whose costs and tags vary; line `bad` (1-based file line) has a cost that is no number. */
function focusFile(name: string, lines: number, bad?: number): string {
  const file = path.join(dir.dir, name);
  const rows = ['BilledCost,BillingCurrency,ChargePeriodStart,ChargePeriodEnd,ServiceName,SubAccountId,Tags'];
  for (let i = 0; i < lines; i += 1) {
    const cost = i + 2 === bad ? 'twelve' : `${i % 3 === 0 ? '-' : ''}${i}.000000000${i % 10}`;
    rows.push(`${cost},USD,2024-09-${String((i % 28) + 1).padStart(2, '0')},,GPU ${i % 3},acct-${i % 2},"{""team"": ""t${i % 4}""}"`);
  }
  fs.writeFileSync(file, `${rows.join('\n')}\n`);
  return file;
}

describe('lines around the batch size', () => {
  it.each([1, 3, 4, 5, 8, 9])(
    '%i lines in batches of 4 arrive once each, in order, as read in-process',
    async (count) => {
      const file = focusFile(`lines-${count}.csv`, count);
      const batches: number[] = [];
      const inChild: SpendLine[] = [];
      const summary = await readBillingFileInChild(
        builtChild,
        file,
        { batchSize: 4 },
        (lines) => {
          batches.push(lines.length);
          inChild.push(...lines);
        },
        { logger },
      );
      const inProcess: SpendLine[] = [];
      await readBillingFile(file, { batchSize: 4 }, (lines) => void inProcess.push(...lines));
      expect(inChild).toEqual(inProcess);
      expect(inChild.map((l) => l.sourceLine)).toEqual(Array.from({ length: count }, (_, i) => i + 2));
      expect(batches.every((n) => n > 0 && n <= 4)).toBe(true);
      expect(summary.rowsRead).toBe(count);
    },
    60_000,
  );
});

describe('an import through the reader child', () => {
  const saved = process.env.GPU_PLANNER_IMPORT_CHILD;
  afterEach(() => {
    if (saved === undefined) delete process.env.GPU_PLANNER_IMPORT_CHILD;
    else process.env.GPU_PLANNER_IMPORT_CHILD = saved;
  });

  it('a bad line in the second batch: refused with its line, the database unchanged; the same file fixed imports exactly', async () => {
    process.env.GPU_PLANNER_IMPORT_CHILD = builtChild;
    const app = createTestApp();
    try {
      const lines = IMPORT_CHILD_BATCH + 500;
      const badLine = IMPORT_CHILD_BATCH + 300;
      const before = databaseState(app.db);
      const error = await app.services.budget.importFile({ file: focusFile('bad-second-batch.csv', lines, badLine) }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(isUserError(error), String(error)).toBe(true);
      expect((error as UserError).code).toBe('INVALID_ROWS');
      expect((error as UserError).details?.line).toBe(badLine);
      const after = databaseState(app.db);
      expect(after.tables).toEqual(before.tables);
      expect(after.revisions).toEqual(before.revisions);

      const result = await app.services.budget.importFile({ file: focusFile('exact.csv', lines) });
      expect(result.rowsImported).toBe(lines);
      const stored = app.db
        .prepare('SELECT COUNT(*) AS n, MIN(source_line) AS lo, MAX(source_line) AS hi FROM spend_lines WHERE import_id = ?')
        .get(result.importId);
      expect(stored).toEqual({ n: lines, lo: 2, hi: lines + 1 });
      // The exact sum of the generated costs: Σ ±(i + i%10 × 1e-10).
      let units = 0n;
      for (let i = 0; i < lines; i += 1) units += (i % 3 === 0 ? -1n : 1n) * (BigInt(i) * 10_000_000_000n + BigInt(i % 10));
      const negative = units < 0n;
      const abs = (negative ? -units : units).toString().padStart(11, '0');
      const expected = `${negative ? '-' : ''}${abs.slice(0, -10)}.${abs.slice(-10)}`.replace(/\.?0+$/, '');
      expect(result.totals.USD).toBe(expected);
      const tags = app.db.prepare('SELECT DISTINCT tags_json AS t FROM spend_lines WHERE import_id = ? ORDER BY t').all(result.importId);
      expect(tags).toEqual([0, 1, 2, 3].map((k) => ({ t: `{"team":"t${k}"}` })));
    } finally {
      app.dispose();
    }
  }, 120_000);
});
