/**
 * A sliced source and a file already imported (issue 32): "already imported" means imported with the source's own
 * slice. A file imported by hand whole (or with another slice) is imported again with the source's slice, which
 * replaces the other import (same content; undo brings it back) and the sync says so; the same slice is not imported
 * twice.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseImportFilter } from '../../../../shared/domain/billing/import-filter';
import { appPerTest, type Scratch, type TestApp } from '../../../test-support/test-app';

let app: TestApp;
let tmp: Scratch;
appPerTest((a, s) => {
  app = a;
  tmp = s;
});

/** A FOCUS file of 6 lines: accounts 111 (USD 1.25 each, 4 lines) and 222 (USD 10 each, 2 lines). */
function writeExport(folder: string): string {
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, 'focus-2024-09.csv');
  const lines = ['BilledCost,BillingCurrency,ChargePeriodStart,BillingAccountId,ServiceName'];
  for (let i = 0; i < 6; i += 1)
    lines.push(`${i < 4 ? '1.25' : '10'},USD,2024-09-${String(i + 1).padStart(2, '0')}T00:00:00Z,${i < 4 ? '111' : '222'},Amazon EC2`);
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

const total = () => app.services.budget.spendSummary({ by: 'none', exact: true }).totals;

describe('a sliced source over a file already imported', () => {
  it('imported by hand whole: the source imports its slice, which replaces the whole-file import, and says so', async () => {
    const folder = path.join(tmp.dir, 'billing');
    const file = writeExport(folder);
    const byHand = await app.services.budget.importFile({ file });
    expect(total()).toEqual({ USD: '25' });
    const source = app.services.budget.addSource(folder, undefined, parseImportFilter({ accounts: ['111'] }));
    const [sync] = await app.services.budget.syncSources(source.id);
    expect(sync!.alreadyImported).toEqual([]);
    expect(sync!.imported).toEqual([
      expect.objectContaining({
        path: 'focus-2024-09.csv',
        replacedImportIds: [byHand.importId],
        filtered: { read: 6, kept: 4, skipped: { account: 2, tag: 0, provider: 0, date: 0 } },
        note: `already imported as import #${byHand.importId} with no filter (the whole file); the source imports its slice (account 111), which replaces it`,
      }),
    ]);
    expect(total()).toEqual({ USD: '5' });
    // Synced again: the file is the source's own now, with its slice.
    const [again] = await app.services.budget.syncSources(source.id, { rehash: true });
    expect(again!.imported).toEqual([]);
    expect(again!.unchanged + again!.alreadyImported.length).toBe(1);
    expect(total()).toEqual({ USD: '5' });
  });

  it('imported by hand with the same slice (in another spelling): already imported, not imported twice', async () => {
    const folder = path.join(tmp.dir, 'billing');
    const file = writeExport(folder);
    const byHand = await app.services.budget.importFile({ file, filter: parseImportFilter({ accounts: [' 111 ', '111'] }) });
    const source = app.services.budget.addSource(folder, undefined, parseImportFilter({ accounts: ['111'] }));
    const [sync] = await app.services.budget.syncSources(source.id);
    expect(sync!.imported).toEqual([]);
    expect(sync!.alreadyImported).toEqual(['focus-2024-09.csv']);
    expect(
      app.services.budget
        .listImports()
        .filter((i) => i.status === 'active')
        .map((i) => i.id),
    ).toEqual([byHand.importId]);
    expect(total()).toEqual({ USD: '5' });
  });

  it('imported by hand with another slice: the source takes its own (the other import replaced, restored by undo)', async () => {
    const folder = path.join(tmp.dir, 'billing');
    const file = writeExport(folder);
    const byHand = await app.services.budget.importFile({ file, filter: parseImportFilter({ accounts: ['222'] }) });
    const source = app.services.budget.addSource(folder, undefined, parseImportFilter({ accounts: ['111'] }));
    const [sync] = await app.services.budget.syncSources(source.id);
    expect(sync!.imported[0]!.note).toBe(
      `already imported as import #${byHand.importId} with the slice account 222; the source imports its slice (account 111), which replaces it`,
    );
    expect(total()).toEqual({ USD: '5' });
    app.services.budget.undoImport(sync!.imported[0]!.importId!);
    expect(total()).toEqual({ USD: '20' });
  });

  it('an unsliced source over a file imported by hand with a slice imports the whole file', async () => {
    const folder = path.join(tmp.dir, 'billing');
    const file = writeExport(folder);
    await app.services.budget.importFile({ file, filter: parseImportFilter({ accounts: ['222'] }) });
    const source = app.services.budget.addSource(folder);
    const [sync] = await app.services.budget.syncSources(source.id);
    expect(sync!.imported[0]!.note).toMatch(/with the slice account 222; the source imports the whole file, which replaces it/);
    expect(total()).toEqual({ USD: '25' });
  });
});
