/**
 * Issue 26 items 4 and 11: a file the sync cannot read is refused on its own (the others import, the status lists it
 * with its reason), and a file rewritten to the same size with its modification time set back is still seen as changed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { referenceFile } from '../../../test-support/paths';
import { appPerTest, createTestApp, type Scratch, type TestApp } from '../../../test-support/test-app';

let app: TestApp;
let tmp: Scratch;
appPerTest((a, s) => {
  app = a;
  tmp = s;
});
afterEach(() => vi.restoreAllMocks());

const totals = (a: TestApp) => a.services.budget.spendSummary({ by: 'none', exact: true }).totals;
const sample = (p: string) => referenceFile('billing-samples', p);

/** Reading `name` fails as a file of another user's (mode 0600) does: the tests run as root, who can read anything. */
function denyReading(name: string): void {
  const original = fs.createReadStream.bind(fs);
  vi.spyOn(fs, 'createReadStream').mockImplementation(((file: fs.PathLike, options?: unknown) => {
    if (String(file).endsWith(name))
      return new Readable({
        read() {
          this.destroy(Object.assign(new Error(`EACCES: permission denied, open '${String(file)}'`), { code: 'EACCES', errno: -13 }));
        },
      });
    return original(file, options as Parameters<typeof fs.createReadStream>[1]);
  }) as typeof fs.createReadStream);
}

describe('a file the sync cannot read (issue 26 item 4)', () => {
  it('is refused with its reason; the files before and after it import; the status lists it; it imports once readable', async () => {
    const folder = path.join(tmp.dir, 'billing');
    fs.mkdirSync(folder);
    fs.copyFileSync(sample('azure-finops-toolkit/EA_ActualCost_Small.csv'), path.join(folder, 'a-azure.csv'));
    fs.copyFileSync(sample('koku/gcp/2022-08-01_5.csv'), path.join(folder, 'b-locked.csv'));
    fs.copyFileSync(sample('focus-sample-data/focus_sample.csv'), path.join(folder, 'c-focus.csv'));
    const t0 = new Date('2025-01-01T00:00:00Z');
    ['a-azure.csv', 'b-locked.csv', 'c-focus.csv'].forEach((f, i) =>
      fs.utimesSync(path.join(folder, f), t0, new Date(t0.getTime() + i * 60_000)),
    );
    const source = app.services.budget.addSource(folder);
    denyReading('b-locked.csv');

    const [sync] = await app.services.budget.syncSources(source.id);
    expect(sync!.imported.map((i) => i.path)).toEqual(['a-azure.csv', 'c-focus.csv']);
    expect(sync!.refused).toEqual([
      {
        path: 'b-locked.csv',
        code: 'UNREADABLE_FILE',
        message: 'b-locked.csv cannot be read: permission denied (the file belongs to another user or is not readable) (EACCES).',
      },
    ]);
    const [listed] = app.services.budget.listSources();
    expect(listed!.lastSyncAt).not.toBeNull();
    expect(listed!.lastSync?.refused).toHaveLength(1);
    expect(listed!.refused).toEqual([
      expect.objectContaining({ path: 'b-locked.csv', status: 'refused', error: expect.stringContaining('permission denied') as unknown }),
    ]);

    // Readable again (its owner changed its mode: its status-change time moves): the next sync imports it.
    vi.restoreAllMocks();
    fs.chmodSync(path.join(folder, 'b-locked.csv'), 0o644);
    const [next] = await app.services.budget.syncSources(source.id);
    expect(next!.refused).toEqual([]);
    expect(next!.imported.map((i) => i.path)).toEqual(['b-locked.csv']);
    expect(app.services.budget.listSources()[0]!.refused).toEqual([]);
  });

  it('a failure outside any one file still ends the sync recorded, with its reason', async () => {
    const folder = path.join(tmp.dir, 'billing');
    fs.mkdirSync(folder);
    fs.copyFileSync(sample('azure-finops-toolkit/EA_ActualCost_Small.csv'), path.join(folder, 'a.csv'));
    const source = app.services.budget.addSource(folder);
    vi.spyOn(fs, 'existsSync').mockImplementation(() => {
      throw Object.assign(new Error('EIO: i/o error, access'), { code: 'EIO' });
    });
    const [sync] = await app.services.budget.syncSources(source.id);
    vi.restoreAllMocks();
    expect(sync!.imported).toEqual([]);
    expect(sync!.refused).toEqual([{ path: '.', code: 'SYNC_FAILED', message: `The sync of ${folder} failed: EIO: i/o error, access` }]);
    expect(app.services.budget.listSources()[0]!.lastSyncAt).not.toBeNull();
  });
});

describe('a file changed without its size or modification time changing (issue 26 item 11)', () => {
  it('is imported again: its new content replaces the old', async () => {
    const folder = path.join(tmp.dir, 'billing');
    fs.mkdirSync(folder);
    const file = path.join(folder, 'azure.csv');
    fs.copyFileSync(sample('azure-finops-toolkit/EA_ActualCost_Small.csv'), file);
    const t0 = new Date('2025-01-01T00:00:00Z');
    fs.utimesSync(file, t0, t0);
    const source = app.services.budget.addSource(folder);
    await app.services.budget.syncSources(source.id);
    const before = totals(app);
    const { size } = fs.statSync(file);

    // One cost restated, 3.25 → 4.25: the same size; the modification time set back to what it was.
    const text = fs.readFileSync(file, 'utf8');
    expect(text).toContain(',3.25,3.25,3.25,USD,');
    fs.writeFileSync(file, text.replace(',3.25,3.25,3.25,USD,', ',3.25,4.25,4.25,USD,'));
    fs.utimesSync(file, t0, t0);
    expect(fs.statSync(file).size).toBe(size);
    expect(fs.statSync(file).mtimeMs).toBe(t0.getTime());

    const [sync] = await app.services.budget.syncSources(source.id);
    expect(sync!.imported.map((i) => i.path)).toEqual(['azure.csv']);
    expect(sync!.imported[0]!.replacedImportIds).toHaveLength(1);
    const byHand = createTestApp();
    try {
      await byHand.services.budget.importFile({ file });
      expect(totals(app)).toEqual(totals(byHand));
    } finally {
      byHand.dispose();
    }
    expect(totals(app)).not.toEqual(before);

    // Untouched since: nothing is read again.
    const [again] = await app.services.budget.syncSources(source.id);
    expect(again).toMatchObject({ imported: [], refused: [], unchanged: 1 });
  });

  it('with rehash, a file whose size, time and change stamp all stayed is hashed too (a file system whose stamp does not follow the content)', async () => {
    const folder = path.join(tmp.dir, 'billing');
    fs.mkdirSync(folder);
    const file = path.join(folder, 'azure.csv');
    fs.copyFileSync(sample('azure-finops-toolkit/EA_ActualCost_Small.csv'), file);
    const t0 = new Date('2025-01-01T00:00:00Z');
    fs.utimesSync(file, t0, t0);
    const source = app.services.budget.addSource(folder);
    await app.services.budget.syncSources(source.id);
    const text = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, text.replace(',3.25,3.25,3.25,USD,', ',3.25,4.25,4.25,USD,'));
    fs.utimesSync(file, t0, t0);
    // The stamp as such a file system reports it: what it was at the last sync.
    const st = fs.statSync(file, { bigint: true });
    app.db.prepare('UPDATE billing_source_files SET change_stamp = ? WHERE path = ?').run(`${st.ino}:${st.ctimeNs}`, 'azure.csv');
    const [missed] = await app.services.budget.syncSources(source.id);
    expect(missed).toMatchObject({ imported: [], unchanged: 1 });
    const [rehashed] = await app.services.budget.syncSources(source.id, { rehash: true });
    expect(rehashed!.imported.map((i) => i.path)).toEqual(['azure.csv']);
    expect(rehashed!.imported[0]!.replacedImportIds).toHaveLength(1);
    // Rehashed again with nothing changed: the same hash, passed over.
    const [again] = await app.services.budget.syncSources(source.id, { rehash: true });
    expect(again).toMatchObject({ imported: [], refused: [], unchanged: 1 });
  });

  it('a file rewritten with the same bytes is passed over (its hash is the same)', async () => {
    const folder = path.join(tmp.dir, 'billing');
    fs.mkdirSync(folder);
    const file = path.join(folder, 'azure.csv');
    fs.copyFileSync(sample('azure-finops-toolkit/EA_ActualCost_Small.csv'), file);
    const source = app.services.budget.addSource(folder);
    await app.services.budget.syncSources(source.id);
    const { mtime, atime } = fs.statSync(file);
    fs.writeFileSync(file, fs.readFileSync(file));
    fs.utimesSync(file, atime, mtime);
    const [sync] = await app.services.budget.syncSources(source.id);
    expect(sync).toMatchObject({ imported: [], refused: [], unchanged: 1 });
  });
});
