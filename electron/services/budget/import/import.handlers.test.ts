/**
 * The import dialog's channels through the handler table (as the app and the e2e bridge call them): a saved mapping
 * exported for `gpu-planner import --mapping` reads back as the same mapping; a dropped folder is named as a folder.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { columnMappingSchema } from '../../../../shared/domain/billing/column-mapping';
import { createAppContext } from '../../app-context';
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

const mapping = {
  dateColumn: 'Datum',
  dateFormat: 'DD.MM.YYYY',
  costColumn: 'Betrag',
  currencyColumn: 'Währung',
  provider: 'vast.ai',
  serviceColumn: 'Beschreibung',
  tagColumns: ['Projekt'],
  decimalSeparator: ',',
  sign: 'as-is',
};

describe('budget:export-mapping', () => {
  it('writes the saved mapping as JSON the CLI reads (--mapping), where the user chose; nothing when cancelled', async () => {
    expect(await app.handlers.dispatch('budget:save-mapping', { name: 'vast ledger / EUR', mapping })).toMatchObject({ ok: true });
    saveAnswer = path.join(dir.dir, 'vast.mapping.json');
    const exported = await app.handlers.dispatch('budget:export-mapping', { name: 'vast ledger / EUR' });
    expect(exported).toEqual({ ok: true, value: { file: saveAnswer } });
    const written = columnMappingSchema.parse(JSON.parse(fs.readFileSync(saveAnswer, 'utf8')));
    expect(written).toEqual(columnMappingSchema.parse({ ...mapping, name: 'vast ledger / EUR' }));

    saveAnswer = null;
    expect(await app.handlers.dispatch('budget:export-mapping', { name: 'vast ledger / EUR' })).toEqual({
      ok: true,
      value: { file: null },
    });
    const unknown = await app.handlers.dispatch('budget:export-mapping', { name: 'nope' });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'UNKNOWN_MAPPING' } });
  });
});

describe('budget:preview-file', () => {
  it('a folder (dropped on the window) is named as a folder, a missing file as missing', async () => {
    const folder = path.join(dir.dir, 'billing-exports');
    fs.mkdirSync(folder);
    const token = (file: string) => app.deps.fileGrants.grant(file).token;
    expect(await app.handlers.dispatch('budget:preview-file', { fileToken: token(folder) })).toMatchObject({
      ok: false,
      error: { code: 'NOT_A_FILE', message: expect.stringContaining('billing-exports is a folder') },
    });
    expect(await app.handlers.dispatch('budget:preview-file', { fileToken: token(path.join(dir.dir, 'gone.csv')) })).toMatchObject({
      ok: false,
      error: { code: 'FILE_NOT_FOUND' },
    });
  });
});

describe('pipes and big files (issue 11, item 9)', () => {
  it('a named pipe is refused at once as not a regular file, by preview and import, without opening it', async () => {
    const pipe = path.join(dir.dir, 'export.csv');
    execFileSync('mkfifo', [pipe]);
    const fileToken = app.deps.fileGrants.grant(pipe).token;
    for (const channel of ['budget:preview-file', 'budget:import-file'] as const)
      expect(await app.handlers.dispatch(channel, { fileToken })).toMatchObject({
        ok: false,
        error: { code: 'NOT_A_FILE', message: expect.stringContaining('not a regular file') },
      });
  });

  it('the preview of a 3 GiB export reads its head, never the whole file', async () => {
    const file = path.join(dir.dir, 'huge.csv');
    const rows = Array.from({ length: 200 }, (_, i) => `${i + 1},USD,2024-09-02,EC2,`).join('\n');
    fs.writeFileSync(file, `BilledCost,BillingCurrency,ChargePeriodStart,ServiceName,Tags\n${rows}\n`);
    fs.truncateSync(file, 3 * 1024 ** 3); // sparse: the rest reads as zero bytes
    const wholeReads = vi.spyOn(fs, 'readFileSync');
    const streamed: number[] = [];
    const createReadStream = fs.createReadStream;
    const streams = vi.spyOn(fs, 'createReadStream').mockImplementation(((...args: Parameters<typeof fs.createReadStream>) => {
      const stream = createReadStream(...args);
      stream.on('data', (chunk) => streamed.push(chunk.length));
      return stream;
    }) as typeof fs.createReadStream);
    try {
      const result = await app.handlers.dispatch('budget:preview-file', {
        fileToken: app.deps.fileGrants.grant(file).token,
        previewRows: 20,
      });
      expect(result).toMatchObject({ ok: true, value: { header: expect.arrayContaining(['BilledCost']) } });
      expect(wholeReads.mock.calls.filter(([f]) => String(f) === file)).toEqual([]);
      const bytes = streamed.reduce((a, b) => a + b, 0);
      expect(bytes).toBeGreaterThan(0);
      expect(bytes).toBeLessThan(64 * 1024 * 1024);
    } finally {
      wholeReads.mockRestore();
      streams.mockRestore();
    }
  });
});

describe('main reads only the files the user chose (issue 11, item 11)', () => {
  const secret = () => {
    const file = path.join(dir.dir, 'secret.txt');
    fs.writeFileSync(file, 'root:SECRET-LINE:0:0\nsecond line\n');
    return file;
  };

  it('a path, or a token main did not hand out, is refused by preview and import: nothing of the file comes back', async () => {
    const file = secret();
    for (const request of [
      { file },
      { file: '/etc/passwd' },
      { fileToken: file },
      { fileToken: 'file-00000000-0000-0000-0000-000000000000' },
    ]) {
      for (const channel of ['budget:preview-file', 'budget:import-file'] as const) {
        const r = await app.handlers.dispatch(channel, request);
        expect(r.ok, `${channel} ${JSON.stringify(request)}`).toBe(false);
        expect(JSON.stringify(r)).not.toContain('SECRET-LINE');
        expect(JSON.stringify(r)).not.toContain('root:');
      }
    }
    expect(app.services.budget.listImports()).toEqual([]);
  });

  it('the file chosen in the open dialog is previewed and imported through its token', async () => {
    const file = path.join(dir.dir, 'focus.csv');
    fs.writeFileSync(file, 'BilledCost,BillingCurrency,ChargePeriodStart,ProviderName,ServiceName\n1.5,USD,2024-09-02,AWS,EC2\n');
    const chooser = createAppContext({
      dataDir: dir.dir,
      databaseFile: path.join(dir.dir, 'chooser.sqlite'),
      runtime: 'cli',
      dialogs: { openFile: async () => file, saveFile: async () => null },
    });
    try {
      const chosen = await chooser.handlers.dispatch('budget:choose-import-file', {});
      expect(chosen).toMatchObject({
        ok: true,
        value: { file: 'focus.csv', fileName: 'focus.csv', fileToken: expect.stringMatching(/^file-/) },
      });
      expect(JSON.stringify(chosen)).not.toContain(dir.dir);
      const fileToken = chosen.ok ? (chosen.value as { fileToken: string }).fileToken : '';
      expect(await chooser.handlers.dispatch('budget:preview-file', { fileToken })).toMatchObject({
        ok: true,
        value: { header: expect.arrayContaining(['BilledCost']) },
      });
      expect(await chooser.handlers.dispatch('budget:import-file', { fileToken })).toMatchObject({
        ok: true,
        value: { totals: { USD: '1.5' } },
      });
      // A token is only good for the app that handed it out.
      expect(await app.handlers.dispatch('budget:preview-file', { fileToken })).toMatchObject({
        ok: false,
        error: { code: 'FILE_NOT_GRANTED' },
      });
    } finally {
      chooser.close();
    }
  });
});
