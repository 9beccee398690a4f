/**
 * The import dialog's channels through the handler table (as the app and the e2e bridge call them): a saved mapping
 * exported for `gpu-planner import --mapping` reads back as the same mapping; a dropped folder is named as a folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { columnMappingSchema } from '../../../../shared/domain/billing/column-mapping';
import { createAppContext, type AppContext } from '../../app-context';
import { tempDir } from '../../../test-support/paths';

let dir: ReturnType<typeof tempDir>;
let app: AppContext;
let saveAnswer: string | null = null;

beforeEach(() => {
  dir = tempDir();
  app = createAppContext({ dataDir: dir.dir, runtime: 'cli', dialogs: { openFile: async () => null, saveFile: async () => saveAnswer } });
});
afterEach(() => {
  app.close();
  dir.remove();
});

const mapping = { dateColumn: 'Datum', dateFormat: 'DD.MM.YYYY', costColumn: 'Betrag', currencyColumn: 'Währung', provider: 'vast.ai', serviceColumn: 'Beschreibung', tagColumns: ['Projekt'], decimalSeparator: ',', sign: 'as-is' };

describe('budget:export-mapping', () => {
  it('writes the saved mapping as JSON the CLI reads (--mapping), where the user chose; nothing when cancelled', async () => {
    expect(await app.handlers.dispatch('budget:save-mapping', { name: 'vast ledger / EUR', mapping })).toMatchObject({ ok: true });
    saveAnswer = path.join(dir.dir, 'vast.mapping.json');
    const exported = await app.handlers.dispatch('budget:export-mapping', { name: 'vast ledger / EUR' });
    expect(exported).toEqual({ ok: true, value: { file: saveAnswer } });
    const written = columnMappingSchema.parse(JSON.parse(fs.readFileSync(saveAnswer, 'utf8')));
    expect(written).toEqual(columnMappingSchema.parse({ ...mapping, name: 'vast ledger / EUR' }));

    saveAnswer = null;
    expect(await app.handlers.dispatch('budget:export-mapping', { name: 'vast ledger / EUR' })).toEqual({ ok: true, value: { file: null } });
    const unknown = await app.handlers.dispatch('budget:export-mapping', { name: 'nope' });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'UNKNOWN_MAPPING' } });
  });
});

describe('budget:preview-file', () => {
  it('a folder (dropped on the window) is named as a folder, a missing file as missing', async () => {
    const folder = path.join(dir.dir, 'billing-exports');
    fs.mkdirSync(folder);
    expect(await app.handlers.dispatch('budget:preview-file', { file: folder })).toMatchObject({ ok: false, error: { code: 'NOT_A_FILE', message: expect.stringContaining('billing-exports is a folder') } });
    expect(await app.handlers.dispatch('budget:preview-file', { file: path.join(dir.dir, 'gone.csv') })).toMatchObject({ ok: false, error: { code: 'FILE_NOT_FOUND' } });
  });
});
