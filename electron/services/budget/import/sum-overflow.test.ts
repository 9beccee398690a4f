/**
 * Issue 11 item 2 (and the amount half of item 7): sums of billed amounts are exact at any size (SQLite's 64-bit SUM
 * falls back to big integers), one line beyond what a line can hold is refused with its line and column, and an
 * exponent such as 1e999999999 is refused at once instead of expanding to a billion digits.
 */
import fs from 'node:fs';
import path from 'node:path';
import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { isUserError, type UserError } from '../../../../shared/domain/errors';
import { appPerTest, type Scratch, type TestApp } from '../../../test-support/test-app';

let dir: Scratch;
let app: TestApp;
let saveAnswer: string | null = null;
appPerTest(
  (a, s) => {
    app = a;
    dir = s;
  },
  { dialogs: { openFile: async () => null, saveFile: async () => saveAnswer } },
);

const header = 'BilledCost,BillingAccountId,BillingCurrency,BillingPeriodStart,BillingPeriodEnd,ChargePeriodStart,ProviderName,ServiceName';
function file(name: string, costs: string[], account = 'acct-1', day = '2024-09-02'): string {
  const f = path.join(dir.dir, name);
  fs.writeFileSync(f, [header, ...costs.map((c) => `${c},${account},IDR,2024-09-01,2024-10-01,${day} 00:00:00,AWS,Amazon EC2`)].join('\n'));
  return f;
}

async function refusal(promise: Promise<unknown>): Promise<UserError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isUserError(error)) throw new Error(`expected a UserError, got ${String(error)}`);
  return error;
}

describe('exact sums at any size (issue 11, item 2)', () => {
  it('a day past 2^63 nano-units and two imports past it: every total exact; overview, summary, spend CSV and report work', async () => {
    // 3 × 9e9 on one day of one service: the day's rollup is 2.7e19 nano-units, past 2^63 (≈ 9.22e18).
    const a = await app.services.budget.importFile({ file: file('a.csv', ['9000000000', '9000000000', '9000000000', '0.000000001']) });
    expect(a.totals).toEqual({ IDR: '27000000000.000000001' });
    // A second import (another account), each line at the largest a line can hold.
    const b = await app.services.budget.importFile({
      file: file('b.csv', ['9223372036.854775807', '9223372036.854775807'], 'acct-2', '2024-09-03'),
    });
    expect(b.replacedImportIds).toEqual([]);
    const expected = new Big('27000000000.000000001').plus(new Big('9223372036.854775807').times(2)).toFixed();
    for (const by of ['month', 'week', 'service', 'provider', 'import', 'none'] as const) {
      expect(app.services.budget.spendSummary({ by }).totals, by).toEqual({ IDR: expected });
      expect(app.services.budget.spendSummary({ by, exact: true }).totals, `${by} exact`).toEqual({ IDR: expected });
    }
    // Not answered by the rollup (a search): the line-level sum falls back too.
    expect(app.services.budget.spendSummary({ by: 'month', filters: { search: 'EC2' } }).totals).toEqual({ IDR: expected });
    const page = app.services.budget.listSpendLines({ offset: 0, limit: 10, groupBy: 'month' });
    expect(page.total).toBe(6);
    expect(page.groups?.[0]?.totals).toEqual({ IDR: expected });
    // The budget overview (unallocated buckets summed over every line), the report and the spend CSV.
    await expect(app.services.budget.getOverview()).resolves.toBeTruthy();
    await expect(app.services.report.getReportModel({})).resolves.toBeTruthy();
    saveAnswer = path.join(dir.dir, 'spend.csv');
    // The spend CSV is a project's: one whose dates hold September 2024.
    const { projectId } = app.services.plan.projects.create({
      name: 'September 2024',
      start: '2024-09-01',
      end: '2024-09-30',
      currency: 'IDR',
      budget: '1',
      track: { name: 'A', owner: 'Ana' },
    });
    const exported = await app.services.report.exportCsv({ projectId, table: 'spend', groupBy: 'month', options: { bom: false } });
    expect(exported.rows).toBeGreaterThan(0);
    expect(fs.readFileSync(saveAnswer, 'utf8')).toContain('45446744073.709551615');
    expect(expected).toBe('45446744073.709551615');
  }, 60_000);

  it('one line beyond what a line can hold is refused with its line and column; nothing is imported', async () => {
    for (const cost of ['9223372037', '-9223372036.854775808', '12345678901234567890']) {
      const error = await refusal(app.services.budget.importFile({ file: file(`big-${cost}.csv`, ['1', cost]) }));
      expect(error.code).toBe('INVALID_ROWS');
      expect(error.details).toMatchObject({
        line: 3,
        column: 'BilledCost',
        expected: expect.stringContaining('the most one line can hold'),
      });
    }
    expect(app.services.budget.listImports()).toEqual([]);
  });

  it('an exponent such as 1e999999999 (or a 10 MB number) is refused with its line, at once', async () => {
    for (const cost of ['1e999999999', '1E-99999999', '5'.repeat(200)]) {
      const error = await refusal(
        app.services.budget.importFile({ file: file(`exp-${cost.length}-${cost.slice(0, 4)}.csv`, [cost, '2']) }),
      );
      expect(error.details).toMatchObject({ line: 2, column: 'BilledCost' });
      expect(error.message.length).toBeLessThan(2000);
    }
  });
});
