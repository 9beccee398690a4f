/**
 * Parquet row groups skipped by their statistics (issue 32 item 3): a group whose column statistics exclude the
 * slice is neither read nor decoded — its pages are damaged here, so decoding it would refuse the file — and its lines
 * are counted as skipped by that filter; a group without statistics, or with truncated ones, is read; a filter that
 * matches a group's min or max reads it. Every figure is the same as a read of the same file without statistics.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parquetMetadata } from 'hyparquet';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseImportFilter, type ImportFilter } from '../../../../shared/domain/billing/import-filter';
import { isUserError } from '../../../../shared/domain/errors';
import { tempDir } from '../../../test-support/paths';
import { writeParquet, type ParquetColumn, type ParquetRow, type StatisticsChoice } from '../../../test-support/parquet-writer';
import { createTestApp } from '../../../test-support/test-app';

const t = tempDir();
afterAll(() => t.remove());
let app: ReturnType<typeof createTestApp>;
beforeEach(() => {
  app = createTestApp();
});
afterEach(() => app.dispose());

const FOCUS: ParquetColumn[] = [
  { name: 'BilledCost', kind: 'string' },
  { name: 'BillingCurrency', kind: 'string' },
  { name: 'ChargePeriodStart', kind: 'timestamp' },
  { name: 'BillingAccountId', kind: 'string' },
  { name: 'SubAccountId', kind: 'string' },
  { name: 'ProviderName', kind: 'string' },
  { name: 'ServiceName', kind: 'string' },
];

/** Four groups of 7 lines: accounts 111, 222, 333 each on its own week, then a week of all three. */
const GROUPS: Array<{ accounts: string[]; firstDay: number }> = [
  { accounts: ['111'], firstDay: 1 },
  { accounts: ['222'], firstDay: 8 },
  { accounts: ['333'], firstDay: 15 },
  { accounts: ['111', '222', '333'], firstDay: 22 },
];
const ROWS_PER_GROUP = 7;

function focusRows(dates: 'timestamp' | 'text' = 'timestamp'): ParquetRow[] {
  const rows: ParquetRow[] = [];
  GROUPS.forEach((g, gi) => {
    for (let i = 0; i < ROWS_PER_GROUP; i += 1) {
      const day = String(g.firstDay + i).padStart(2, '0');
      rows.push({
        BilledCost: `${gi + 1}.${String(i).padStart(2, '0')}0000001`,
        BillingCurrency: 'USD',
        ChargePeriodStart: dates === 'timestamp' ? `2024-09-${day}T00:00:00Z` : `2024-09-${day}T10:00:00Z`,
        BillingAccountId: g.accounts[i % g.accounts.length]!,
        SubAccountId: null,
        ProviderName: 'AWS',
        ServiceName: 'Amazon Elastic Compute Cloud',
      });
    }
  });
  return rows;
}

let n = 0;
function parquetFile(bytes: Buffer): string {
  n += 1;
  const file = path.join(t.dir, `focus-${n}.parquet`);
  fs.writeFileSync(file, bytes);
  return file;
}

/** The file's bytes with every page of row group `group` overwritten: reading it is a damaged-file refusal. */
function damageGroup(bytes: Buffer, group: number): Buffer {
  const copy = Buffer.from(bytes);
  const meta = parquetMetadata(copy.buffer.slice(copy.byteOffset, copy.byteOffset + copy.length) as ArrayBuffer);
  for (const chunk of meta.row_groups[group]!.columns) {
    const start = Number(chunk.meta_data!.data_page_offset);
    copy.fill(0xff, start, start + Number(chunk.meta_data!.total_compressed_size));
  }
  return copy;
}

const exact: StatisticsChoice = () => 'exact';
const filterOf = (input: Parameters<typeof parseImportFilter>[0]): ImportFilter => parseImportFilter(input);

async function importWith(file: string, filter: ImportFilter) {
  const result = await app.services.budget.importFile({ file, filter });
  app.services.budget.undoImport(result.importId!);
  return result;
}

describe('Parquet row groups skipped by their statistics', () => {
  it('skips, undecoded, the groups whose account statistics exclude the slice; the figures equal a full read', async () => {
    const rows = focusRows();
    const withStats = writeParquet(FOCUS, rows, { rowGroupRows: ROWS_PER_GROUP, statistics: exact });
    const filter = filterOf({ accounts: ['222'] });
    // Groups 0 and 2 (accounts 111 and 333 only) damaged: never read, so the import goes through.
    const sliced = await importWith(parquetFile(damageGroup(damageGroup(withStats, 0), 2)), filter);
    const full = await importWith(parquetFile(writeParquet(FOCUS, rows, { rowGroupRows: ROWS_PER_GROUP })), filter);
    expect(sliced.filtered).toEqual({
      read: 28,
      kept: 7 + 2,
      skipped: { account: 19, tag: 0, provider: 0, date: 0 },
      rowGroupsSkipped: { groups: 2, rows: 14 },
    });
    expect(full.filtered).toEqual({ read: 28, kept: 9, skipped: { account: 19, tag: 0, provider: 0, date: 0 } });
    expect(sliced.totals).toEqual(full.totals);
    expect(sliced.rowsImported).toBe(full.rowsImported);
    expect(sliced.rowsRead).toBe(14); // decoded lines
  });

  it('a damaged group is refused when its statistics do not exclude the slice (so the test above proves no decode)', async () => {
    const withStats = writeParquet(FOCUS, focusRows(), { rowGroupRows: ROWS_PER_GROUP, statistics: exact });
    const error = await app.services.budget
      .importFile({ file: parquetFile(damageGroup(withStats, 1)), filter: filterOf({ accounts: ['222'] }) })
      .catch((e: unknown) => e);
    expect(isUserError(error) && error.code).toBe('UNREADABLE_FILE');
  });

  it('reads a group without statistics, or with a truncated bound, even when its lines are all outside the slice', async () => {
    const rows = focusRows();
    const filter = filterOf({ accounts: ['222'] });
    const none: StatisticsChoice = (_c, g) => (g === 0 ? 'none' : 'exact');
    const noStats = writeParquet(FOCUS, rows, { rowGroupRows: ROWS_PER_GROUP, statistics: none });
    const a = await importWith(parquetFile(noStats), filter);
    expect(a.filtered?.rowGroupsSkipped).toEqual({ groups: 1, rows: 7 }); // group 2 only
    // Group 0 read: damaged, the file is refused.
    const refused = await app.services.budget.importFile({ file: parquetFile(damageGroup(noStats, 0)), filter }).catch((e: unknown) => e);
    expect(isUserError(refused) && refused.code).toBe('UNREADABLE_FILE');

    // Account 111 written with a truncated max ('1', flagged inexact) that would exclude 222 if taken as a bound; and a
    // max flagged inexact that does not: both read.
    const truncated: StatisticsChoice = (c, g) =>
      c === 'BillingAccountId' && g === 0 ? { min: '1', max: '1', minExact: true, maxExact: false } : 'exact';
    const b = await importWith(parquetFile(writeParquet(FOCUS, rows, { rowGroupRows: ROWS_PER_GROUP, statistics: truncated })), filter);
    expect(b.filtered?.rowGroupsSkipped).toEqual({ groups: 1, rows: 7 });
    expect(b.filtered?.kept).toBe(9);
  });

  it("a filter equal to a group's min or max (account or day) reads that group and keeps its boundary lines", async () => {
    const rows = focusRows();
    const file = parquetFile(writeParquet(FOCUS, rows, { rowGroupRows: ROWS_PER_GROUP, statistics: exact }));
    // Group 3 holds 111..333: '333' is its max, '111' its min.
    const max = await importWith(file, filterOf({ accounts: ['333'] }));
    expect(max.filtered).toMatchObject({ kept: 7 + 2, rowGroupsSkipped: { groups: 2, rows: 14 } });
    const min = await importWith(file, filterOf({ accounts: ['111'] }));
    expect(min.filtered).toMatchObject({ kept: 7 + 3, rowGroupsSkipped: { groups: 2, rows: 14 } });
    // Days: group 1 runs 2024-09-08..14. From its last day: groups 0 and 1 … group 1 read, its last line kept.
    const from = await importWith(file, filterOf({ from: '2024-09-14' }));
    expect(from.filtered).toEqual({
      read: 28,
      kept: 1 + 7 + 7,
      skipped: { account: 0, tag: 0, provider: 0, date: 13 },
      rowGroupsSkipped: { groups: 1, rows: 7 },
    });
    // To group 2's first day (2024-09-15): group 3 skipped, group 2's first line kept.
    const to = await importWith(file, filterOf({ to: '2024-09-15' }));
    expect(to.filtered).toMatchObject({ kept: 7 + 7 + 1, skipped: { date: 13 }, rowGroupsSkipped: { groups: 1, rows: 7 } });
  });

  it('globs and case: 22* skips what cannot start with 22; a provider in any case is read; another provider skips all', async () => {
    const file = parquetFile(writeParquet(FOCUS, focusRows(), { rowGroupRows: ROWS_PER_GROUP, statistics: exact }));
    expect((await importWith(file, filterOf({ accounts: ['22*'] }))).filtered).toMatchObject({ kept: 9, rowGroupsSkipped: { groups: 2 } });
    expect((await importWith(file, filterOf({ providers: ['aws'] }))).filtered).toEqual({
      read: 28,
      kept: 28,
      skipped: { account: 0, tag: 0, provider: 0, date: 0 },
    });
    const other = await app.services.budget.importFile({ file, filter: filterOf({ providers: ['Microsoft'] }) });
    expect(other.filtered).toEqual({
      read: 28,
      kept: 0,
      skipped: { account: 0, tag: 0, provider: 28, date: 0 },
      rowGroupsSkipped: { groups: 4, rows: 28 },
    });
  });

  it('dates written as text: skipped with a day of margin for offsets; each group holding a kept day is read', async () => {
    const columns = FOCUS.map((c) => (c.name === 'ChargePeriodStart' ? { ...c, kind: 'string' as const } : c));
    const file = parquetFile(writeParquet(columns, focusRows('text'), { rowGroupRows: ROWS_PER_GROUP, statistics: exact }));
    // Group 1 ends 2024-09-14: from the 16th it is excluded (14 + 1 day of margin < 16); group 2 (15..21) read.
    const r = await importWith(file, filterOf({ from: '2024-09-16' }));
    expect(r.filtered).toEqual({
      read: 28,
      kept: 6 + 7,
      skipped: { account: 0, tag: 0, provider: 0, date: 15 },
      rowGroupsSkipped: { groups: 2, rows: 14 },
    });
    // From the 15th: group 1 is within the margin, so read (its lines skipped one by one).
    expect((await importWith(file, filterOf({ from: '2024-09-15' }))).filtered?.rowGroupsSkipped).toEqual({ groups: 1, rows: 7 });
  });

  it('CUR 2.0: the provider is AWS on every line, so a provider filter for another skips every group', async () => {
    const columns: ParquetColumn[] = [
      { name: 'bill_payer_account_id', kind: 'string' },
      { name: 'bill_payer_account_name', kind: 'string' },
      { name: 'line_item_unblended_cost', kind: 'string' },
      { name: 'line_item_currency_code', kind: 'string' },
      { name: 'line_item_usage_start_date', kind: 'timestamp' },
      { name: 'line_item_usage_account_id', kind: 'string' },
    ];
    const rows = Array.from({ length: 20 }, (_, i) => ({
      bill_payer_account_id: '111122223333',
      bill_payer_account_name: 'payer',
      line_item_unblended_cost: '1.5',
      line_item_currency_code: 'USD',
      line_item_usage_start_date: `2024-09-${String(1 + i).padStart(2, '0')}T00:00:00Z`,
      line_item_usage_account_id: i < 10 ? '444455556666' : '777788889999',
    }));
    const bytes = writeParquet(columns, rows, { rowGroupRows: 10, statistics: exact });
    const file = parquetFile(bytes);
    const other = await importWith(file, filterOf({ providers: ['Google*'] }));
    expect(other.filtered).toMatchObject({ read: 20, kept: 0, rowGroupsSkipped: { groups: 2, rows: 20 } });
    // Sub-account 7777…: the first group (4444… only) is skipped, though its payer account is the same in both.
    const sub = await importWith(parquetFile(damageGroup(bytes, 0)), filterOf({ accounts: ['7777*'] }));
    expect(sub.filtered).toMatchObject({ read: 20, kept: 10, skipped: { account: 10 }, rowGroupsSkipped: { groups: 1, rows: 10 } });
    expect(sub.totals).toEqual({ USD: '15' });
  });
});
