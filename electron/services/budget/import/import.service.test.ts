import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { zipSync, strToU8 } from 'fflate';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isUserError, type UserError } from '../../../../shared/domain/errors';
import { importResultSchema } from '../../../../shared/ipc/contract/budget-import';
import { createTestApp } from '../../../test-support/test-app';
import { tempDir } from '../../../test-support/paths';
import { BILLING_SAMPLES, independentTotals, sampleFile } from '../../../test-support/billing-samples';

type TestApp = ReturnType<typeof createTestApp>;
let app: TestApp;
beforeEach(() => {
  app = createTestApp();
});
afterEach(() => app.dispose());

const table: string[] = [];
afterAll(() => {
  if (table.length > 0)
    console.log(
      `\nPer-sample billed totals (service = independent decimal sum):\n${['file | format | rows | imported | skipped | totals', ...table].join('\n')}\n`,
    );
});

async function refusal(promise: Promise<unknown>): Promise<UserError> {
  try {
    await promise;
  } catch (error) {
    if (isUserError(error)) return error;
    throw error;
  }
  throw new Error('expected the import to be refused');
}

describe('every billing sample through the import service', () => {
  for (const sample of BILLING_SAMPLES) {
    it(`${sample.path}: total per currency equals the independent decimal sum`, async () => {
      const expected = await independentTotals(sample);
      if (sample.invalidRows) {
        const error = await refusal(app.services.budget.importFile({ file: sampleFile(sample) }));
        expect(error.code).toBe('INVALID_ROWS');
        expect(error.details?.problems?.length).toBe(sample.invalidRows);
        expect(app.services.budget.listImports()).toEqual([]);
        expect(app.services.budget.spendSummary({ by: 'month' }).totals).toEqual({});
      }
      const result = await app.services.budget.importFile({ file: sampleFile(sample), skipInvalid: sample.invalidRows !== undefined });
      expect(result.totals).toEqual(expected.totals);
      expect(result.rowsRead).toBe(expected.rows);
      expect(result.rowsSkipped).toBe(sample.invalidRows ?? 0);
      expect(result.rowsImported).toBe(expected.rows - (sample.invalidRows ?? 0));
      // What the database holds, summed exactly, is the same; re-importing the same data changes no total.
      expect(app.services.budget.spendSummary({ by: 'month', exact: true }).totals).toEqual(expected.totals);
      const again = await app.services.budget.importFile({ file: sampleFile(sample), skipInvalid: true });
      expect(again.replacedImportIds).toEqual([result.importId]);
      expect(app.services.budget.spendSummary({ by: 'service', exact: true }).totals).toEqual(expected.totals);
      table.push(
        `${sample.path} | ${result.format} (${result.description}) | ${result.rowsRead} | ${result.rowsImported} | ${result.rowsSkipped} | ${JSON.stringify(result.totals)}`,
      );
    }, 120_000);
  }
});

describe('import semantics', () => {
  let dir: { dir: string; remove: () => void };
  beforeEach(() => {
    dir = tempDir();
  });
  afterEach(() => dir.remove());

  const header =
    'BilledCost,BillingAccountId,BillingCurrency,BillingPeriodStart,BillingPeriodEnd,ChargePeriodStart,ProviderName,ServiceName,Tags';
  const row = (cost: string, date = '2024-09-02 00:00:00', account = 'acct-1') =>
    `${cost},${account},USD,2024-09-01,2024-10-01,${date},AWS,Amazon EC2,"{""team"": ""ml""}"`;

  it('refuses a file with a broken row whole, naming line and column; --skip-invalid keeps the skipped rows in the record', async () => {
    const file = path.join(dir.dir, 'broken.csv');
    fs.writeFileSync(file, [header, row('1.5'), row('abc'), row('2', 'not a date'), row('0.25')].join('\n'));
    const error = await refusal(app.services.budget.importFile({ file }));
    expect(error.code).toBe('INVALID_ROWS');
    expect(error.details?.problems).toEqual([
      expect.objectContaining({ line: 3, column: 'BilledCost', value: 'abc' }),
      expect.objectContaining({ line: 4, column: 'ChargePeriodStart', value: 'not a date' }),
    ]);
    expect(app.services.budget.listImports()).toEqual([]);
    const result = await app.services.budget.importFile({ file, skipInvalid: true });
    expect(result).toMatchObject({ rowsRead: 4, rowsImported: 2, rowsSkipped: 2, totals: { USD: '1.75' } });
    const [record] = app.services.budget.listImports();
    expect(record!.skipped.map((s) => [s.line, s.column])).toEqual([
      [3, 'BilledCost'],
      [4, 'ChargePeriodStart'],
    ]);
  });

  it('reports a short row with its line and the missing column', async () => {
    const file = path.join(dir.dir, 'short.csv');
    fs.writeFileSync(file, [header, row('1'), '2,acct-1,USD'].join('\r\n'));
    const error = await refusal(app.services.budget.importFile({ file }));
    expect(error.details?.problems?.[0]).toMatchObject({ line: 3, column: 'ChargePeriodStart' });
    expect(error.details?.problems?.[0]?.message).toMatch(/missing/);
  });

  it('a newer month-to-date export for the same account and period replaces the earlier one; undo restores it', async () => {
    const early = path.join(dir.dir, 'mtd-1.csv');
    const later = path.join(dir.dir, 'mtd-2.csv');
    const other = path.join(dir.dir, 'other-account.csv');
    fs.writeFileSync(early, [header, row('1.10'), row('2.20', '2024-09-03 00:00:00')].join('\n'));
    fs.writeFileSync(later, [header, row('1.10'), row('2.20', '2024-09-03 00:00:00'), row('3.30', '2024-09-04 00:00:00')].join('\n'));
    fs.writeFileSync(other, [header, row('100', '2024-09-04 00:00:00', 'acct-2')].join('\n'));
    const first = await app.services.budget.importFile({ file: early });
    await app.services.budget.importFile({ file: other });
    const second = await app.services.budget.importFile({ file: later });
    expect(second.replacedImportIds).toEqual([first.importId]);
    expect(app.services.budget.spendSummary({ by: 'month', exact: true }).totals).toEqual({ USD: '106.6' });
    const statuses = Object.fromEntries(app.services.budget.listImports().map((i) => [i.fileName, i.status]));
    expect(statuses).toEqual({ 'mtd-1.csv': 'replaced', 'mtd-2.csv': 'active', 'other-account.csv': 'active' });
    const undone = app.services.budget.undoImport(second.importId!);
    expect(undone.restoredImportIds).toEqual([first.importId]);
    expect(app.services.budget.spendSummary({ by: 'month', exact: true }).totals).toEqual({ USD: '103.3' });
  });

  it('reads zip archives, semicolon/decimal-comma files through a generic mapping, Cost Explorer pivots without their sums', async () => {
    const zipFile = path.join(dir.dir, 'focus.zip');
    fs.writeFileSync(zipFile, zipSync({ 'export.csv': strToU8([header, row('4.0E-7'), row('-2.6137')].join('\n')) }));
    expect((await app.services.budget.importFile({ file: zipFile })).totals).toEqual({ USD: '-2.6136996' });

    const ledger = path.join(dir.dir, 'runpod.csv.gz');
    fs.writeFileSync(ledger, zlib.gzipSync('Datum;Betrag;Pod;Team\n01.09.2024;"1.234,50";pod-a100;ml\n02.09.2024;0,25;pod-h100;cv\n'));
    const mapping = {
      dateColumn: 'Datum',
      dateFormat: 'DD.MM.YYYY' as const,
      costColumn: 'Betrag',
      currency: 'EUR',
      provider: 'RunPod',
      resourceColumn: 'Pod',
      tagColumns: ['Team'],
      decimalSeparator: ',' as const,
      sign: 'as-is' as const,
    };
    app.services.budget.saveMapping('runpod', mapping);
    const generic = await app.services.budget.importFile({ file: ledger, mappingName: 'runpod' });
    expect(generic).toMatchObject({ format: 'generic', rowsImported: 2, totals: { EUR: '1234.75' } });
    const lines = app.services.budget.listSpendLines({ offset: 0, limit: 10, filters: { currency: 'EUR' } });
    expect(lines.lines.map((l) => [l.chargePeriodStart, l.billedCost, l.provider, l.tags])).toEqual([
      ['2024-09-01T00:00:00Z', '1234.5', 'RunPod', { Team: 'ml' }],
      ['2024-09-02T00:00:00Z', '0.25', 'RunPod', { Team: 'cv' }],
    ]);

    const pivot = path.join(dir.dir, 'costs.csv');
    fs.writeFileSync(
      pivot,
      'Service,EC2-Instances($),S3($),Total costs($)\nService total,10.5,2,12.5\n2024-09-01,10,1.5,11.5\n2024-09-02,0.5,0.5,1\n',
    );
    const ce = await app.services.budget.importFile({ file: pivot });
    expect(ce).toMatchObject({ format: 'aws-cost-explorer', rowsRead: 3, rowsImported: 4, totalRows: 1, totals: { USD: '12.5' } });
  });

  it('recognises GPU lines and groups spend by week (ISO), provider and service', async () => {
    const file = path.join(dir.dir, 'gpu.csv');
    const h = `${header},SkuPriceDetails,ResourceType`;
    fs.writeFileSync(
      file,
      [
        h,
        `${row('3.06')},"{""InstanceType"": ""p3.2xlarge"", ""GpuCount"": 1}",Virtual Machine`,
        `${row('1', '2024-09-09 10:00:00')},,Standard_NC6s_v3`,
      ].join('\n'),
    );
    await app.services.budget.importFile({ file });
    const lines = app.services.budget.listSpendLines({ offset: 0, limit: 10, filters: { gpuOnly: true } });
    expect(lines.lines.map((l) => [l.instanceType, l.gpuCount])).toEqual([
      ['p3.2xlarge', 1],
      ['Standard_NC6s_v3', null],
    ]);
    expect(app.services.budget.spendSummary({ by: 'week' }).groups.map((g) => g.key)).toEqual(['2024-W36', '2024-W37']);
  });

  it('empty exports import with 0 rows and no error', async () => {
    for (const sample of BILLING_SAMPLES.filter((s) => /NoRows|empty_frame/.test(s.path))) {
      const result = await app.services.budget.importFile({ file: sampleFile(sample) });
      expect(result).toMatchObject({ rowsRead: 0, rowsImported: 0, errors: [], totals: {} });
    }
  });

  it('an unknown header needs a mapping; a cancelled import leaves nothing', async () => {
    const file = path.join(dir.dir, 'ledger.csv');
    fs.writeFileSync(file, 'when,amount\n2024-01-01,1\n');
    expect((await refusal(app.services.budget.importFile({ file }))).code).toBe('UNKNOWN_FORMAT');
    const big = path.join(dir.dir, 'big.csv');
    fs.writeFileSync(big, [header, ...Array.from({ length: 20_000 }, (_, i) => row(`0.${i}`))].join('\n'));
    const controller = new AbortController();
    const promise = app.services.budget.importFile({ file: big, signal: controller.signal, onProgress: () => controller.abort() });
    expect((await refusal(promise)).code).toBe('CANCELLED');
    expect(app.services.budget.listImports()).toEqual([]);
    expect((app.db.prepare('SELECT COUNT(*) AS n FROM spend_lines').get() as { n: number }).n).toBe(0);
  });
});

describe('currency codes (issue 11, item 14)', () => {
  it('usd and USD are one currency: one total, normalised to upper case; a date in 1999 is refused with its line', async () => {
    const dir = tempDir();
    try {
      const file = path.join(dir.dir, 'mixed-case.csv');
      fs.writeFileSync(
        file,
        'BilledCost,ChargePeriodStart,BillingCurrency\n1.50,2024-01-01,usd\n2.25,2024-01-02,USD\n0.25,2024-01-03, Usd\n',
      );
      const result = await app.services.budget.importFile({ file });
      expect(result.totals).toEqual({ USD: '4' });
      fs.writeFileSync(file, 'BilledCost,ChargePeriodStart,BillingCurrency\n1.50,2024-01-01,USD\n2.25,1999-12-31,USD\n');
      const error = await refusal(app.services.budget.importFile({ file }));
      expect(error.details?.problems).toEqual([expect.objectContaining({ line: 3, column: 'ChargePeriodStart' })]);
    } finally {
      dir.remove();
    }
  });
});

describe('broken containers', () => {
  it('a truncated gzip is refused with a message, not a hang', async () => {
    const dir = tempDir();
    try {
      const file = path.join(dir.dir, 'cut.csv.gz');
      const whole = zlib.gzipSync(Buffer.from(`BilledCost,ChargePeriodStart,BillingCurrency\n${'1,2024-01-01,USD\n'.repeat(50_000)}`));
      fs.writeFileSync(file, whole.subarray(0, whole.length >> 1));
      const error = await refusal(app.services.budget.importFile({ file }));
      expect(error.code).toMatch(/UNREADABLE_FILE|INVALID_CSV/);
      expect(app.services.budget.listImports()).toEqual([]);
    } finally {
      dir.remove();
    }
  });
});

describe('Azure actual and amortized exports', () => {
  it('are told apart and never replace (nor add to) each other silently', async () => {
    const actual = await app.services.budget.importFile({
      file: sampleFile(BILLING_SAMPLES.find((s) => s.path.endsWith('EA_ActualCost_Small.csv'))!),
    });
    const amortized = await app.services.budget.importFile({
      file: sampleFile(BILLING_SAMPLES.find((s) => s.path.endsWith('EA_AmortizedCost_Small.csv'))!),
    });
    expect([actual.costBasis, amortized.costBasis]).toEqual(['actual', 'amortized']);
    expect(amortized.replacedImportIds).toEqual([]);
    // The amortized export is kept in the history, superseded: spend stays the actual (billed) total.
    expect(app.services.budget.listImports().map((i) => [i.costBasis, i.status])).toEqual([
      ['amortized', 'replaced'],
      ['actual', 'active'],
    ]);
    expect(app.services.budget.spendSummary({ by: 'month', exact: true }).totals).toEqual(actual.totals);
    app.services.budget.undoImport(actual.importId!);
    const again = await app.services.budget.importFile({
      file: sampleFile(BILLING_SAMPLES.find((s) => s.path.endsWith('EA_AmortizedCost_Small.csv'))!),
    });
    expect(app.services.budget.listImports()[0]).toMatchObject({ id: again.importId, status: 'active', costBasis: 'amortized' });
    const actualAgain = await app.services.budget.importFile({
      file: sampleFile(BILLING_SAMPLES.find((s) => s.path.endsWith('EA_ActualCost_Small.csv'))!),
    });
    expect(actualAgain.replacedImportIds).toContain(again.importId);
    expect(app.services.budget.spendSummary({ by: 'month', exact: true }).totals).toEqual(actual.totals);
  });
});

describe('previewFile (import and mapping dialogs)', () => {
  it('shows the header, first rows and detected dialect of any container', async () => {
    const find = (end: string) => sampleFile(BILLING_SAMPLES.find((s) => s.path.endsWith(end))!);
    const focus = await app.services.budget.previewFile(find('focus_sample.csv'), 3);
    expect(focus).toMatchObject({ container: 'plain', delimiter: ',', format: 'focus', description: 'FOCUS 1.0' });
    expect(focus.header[1]).toBe('BilledCost');
    expect(focus.rows).toHaveLength(3);
    const hive = await app.services.budget.previewFile(find('Step1CUR.gz'), 2);
    expect(hive).toMatchObject({ container: 'gzip', delimiter: '\x01', format: 'aws-athena' });
    expect(hive.rows[0]!.length).toBe(hive.header.length);
    const parquet = await app.services.budget.previewFile(find('.parquet'), 2);
    expect(parquet).toMatchObject({ container: 'parquet', format: 'aws-athena' });
    expect(parquet.rows).toHaveLength(2);
    const dir = tempDir();
    try {
      const zipFile = path.join(dir.dir, 'ledger.zip');
      fs.writeFileSync(zipFile, zipSync({ 'ledger.csv': strToU8('when;amount\n2024-01-01;1,5\n') }));
      const zipped = await app.services.budget.previewFile(zipFile);
      expect(zipped).toMatchObject({
        container: 'zip',
        delimiter: ';',
        format: null,
        header: ['when', 'amount'],
        rows: [['2024-01-01', '1,5']],
      });
      expect(zipped.description).toMatch(/not a known billing export/);
    } finally {
      dir.remove();
    }
  });
});

describe('a large import into a table holding fewer lines', () => {
  it('drops the spend-line indexes while it inserts and builds them again; a refused import leaves them as they were', async () => {
    const dir = tempDir();
    try {
      const indexes = () =>
        app.db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'spend_lines' ORDER BY name").all();
      const before = indexes();
      expect(before.length).toBeGreaterThanOrEqual(2);
      const header = 'BilledCost,BillingCurrency,ChargePeriodStart,ServiceName';
      const rows = Array.from(
        { length: 120_000 },
        (_, i) => `0.${i % 100},USD,2024-09-${String(1 + (i % 28)).padStart(2, '0')} 00:00:00,Amazon Elastic Compute Cloud`,
      );
      const bad = path.join(dir.dir, 'bad.csv');
      fs.writeFileSync(bad, [header, ...rows, 'oops,USD,2024-09-01'].join('\n'));
      expect((await refusal(app.services.budget.importFile({ file: bad }))).code).toBe('INVALID_ROWS');
      expect(indexes()).toEqual(before);
      const good = path.join(dir.dir, 'good.csv');
      fs.writeFileSync(good, [header, ...rows].join('\n'));
      const result = await app.services.budget.importFile({ file: good });
      expect(result.rowsImported).toBe(120_000);
      expect(indexes()).toEqual(before);
      const plan = app.db
        .prepare("EXPLAIN QUERY PLAN SELECT id FROM spend_lines WHERE charge_period_start >= '2024-09-27'")
        .all() as Array<{ detail: string }>;
      expect(plan.map((r) => r.detail).join(' ')).toMatch(/spend_lines_period/);
      expect(app.db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(app.services.budget.spendSummary({ by: 'month', exact: true }).totals).toEqual({ USD: '64260' });
    } finally {
      dir.remove();
    }
  }, 60_000);
});

describe('import warnings', () => {
  let dir: { dir: string; remove: () => void };
  beforeEach(() => {
    dir = tempDir();
  });
  afterEach(() => dir.remove());

  it('folds 19 identical short-row warnings into one with its count and first lines (issue 19 item 19)', async () => {
    const header = 'BilledCost,BillingCurrency,ChargePeriodStart,ProviderName,ServiceName,Tags';
    const short = (i: number) => `${i}.5,USD,2024-09-02 00:00:00,AWS`;
    const file = path.join(dir.dir, 'short.csv');
    fs.writeFileSync(
      file,
      [header, ...Array.from({ length: 19 }, (_, i) => short(i)), '1,USD,2024-09-03,AWS,Amazon EC2,{}', short(99)].join('\n'),
    );
    const result = await app.services.budget.importFile({ file });
    expect(result.rowsImported).toBe(21);
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toEqual({
      line: 2,
      column: 'ServiceName',
      message: 'a row has 4 of 6 fields; the missing fields are read as empty',
      count: 20,
      lines: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
    });
    // The result passes the contract (count and lines are part of it).
    expect(importResultSchema.parse(result).warnings[0]!.count).toBe(20);
  });
});
