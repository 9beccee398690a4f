/**
 * Issue 26 item 2: an export split into parts (a header each, no manifest) adds up, synced as a folder or imported part
 * by part; only a restatement replaces (a part of the same name whose content changed, a whole file, another folder's
 * delivery). The parts are the real samples of ../shared/billing-samples split in 2–3 files.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { referenceFile } from '../../../test-support/paths';
import { appPerTest, type Scratch, type TestApp } from '../../../test-support/test-app';

let app: TestApp;
let tmp: Scratch;
appPerTest((a, s) => {
  app = a;
  tmp = s;
});

interface SplitCase {
  provider: string;
  sample: string;
  /** The part names the provider writes. */
  names: string[];
}

const CASES: SplitCase[] = [
  {
    provider: 'FOCUS (AWS Data Exports)',
    sample: 'focus-sample-data/focus_sample.csv',
    names: ['focus-00001.csv', 'focus-00002.csv', 'focus-00003.csv'],
  },
  {
    provider: 'Azure EA (partitioned export)',
    sample: 'azure-finops-toolkit/EA_ActualCost_Small.csv',
    names: ['part_0_0001.csv', 'part_0_0002.csv', 'part_0_0003.csv'],
  },
  {
    provider: 'AWS CUR',
    sample: 'aws-well-architected-labs/Step1CUR.gz',
    names: ['Step1CUR-1.csv.gz', 'Step1CUR-2.csv.gz', 'Step1CUR-3.csv.gz'],
  },
  {
    provider: 'GCP (bq extract shards)',
    sample: 'koku/gcp/2022-08-01_5.csv',
    names: ['billing-000000000000.csv', 'billing-000000000001.csv'],
  },
];

/** The sample's records (raw text, header first), decompressed. */
function records(sample: string): string[] {
  let bytes = fs.readFileSync(referenceFile('billing-samples', sample));
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = zlib.gunzipSync(bytes);
  const text = bytes.toString('utf8').replace(/^\ufeff/, '');
  const parsed = parse(text, { raw: true, relax_column_count: true, skip_empty_lines: true }) as unknown as Array<{ raw: string }>;
  return parsed.map((r) => r.raw.replace(/\r?\n$/, ''));
}

/** Writes the sample split in `names.length` parts (the header on each) into `dir`; returns their paths. */
function writeParts(dir: string, c: SplitCase, shift = 0): string[] {
  const [header, ...rows] = records(c.sample);
  fs.mkdirSync(dir, { recursive: true });
  const size = Math.ceil(rows.length / c.names.length);
  // `shift` moves the boundaries between parts: the same rows, split otherwise (another run's files).
  const bound = (i: number) => (i === 0 ? 0 : i === c.names.length ? rows.length : i * size + shift);
  return c.names.map((name, i) => {
    const text = `${[header, ...rows.slice(bound(i), bound(i + 1))].join('\n')}\n`;
    const file = path.join(dir, name);
    fs.writeFileSync(file, name.endsWith('.gz') ? zlib.gzipSync(text) : text);
    return file;
  });
}

const totals = (a: TestApp) => a.services.budget.spendSummary({ by: 'none', exact: true }).totals;

/** The whole sample imported alone: what its parts must add up to. */
async function wholeTotals(c: SplitCase): Promise<Record<string, string>> {
  const file = referenceFile('billing-samples', c.sample);
  await app.services.budget.importFile({ file });
  const t = totals(app);
  const [only] = app.services.budget.listImports();
  app.services.budget.undoImport(only!.id);
  expect(totals(app)).toEqual({});
  return t;
}

describe('an export split into parts adds up (issue 26 item 2)', () => {
  for (const c of CASES) {
    it(`${c.provider}: imported part by part, the parts add up to the whole; a restated part replaces only its namesake`, async () => {
      const whole = await wholeTotals(c);
      const parts = writeParts(path.join(tmp.dir, 'export'), c);
      for (const p of parts) {
        const result = await app.services.budget.importFile({ file: p });
        expect(result.replacedImportIds).toEqual([]);
      }
      expect(totals(app)).toEqual(whole);
      const statuses = app.services.budget.listImports().filter((i) => i.status !== 'undone');
      expect(statuses.map((i) => i.status)).toEqual(parts.map(() => 'active'));

      // The same part again, its content unchanged: it replaces its namesake, the total stays.
      const again = await app.services.budget.importFile({ file: parts[0]! });
      expect(again.replacedImportIds).toHaveLength(1);
      expect(totals(app)).toEqual(whole);

      // The export extracted again to the same names, split otherwise: each part replaces only its namesake.
      const byName = new Map(
        app.services.budget
          .listImports()
          .filter((i) => i.status === 'active')
          .map((i) => [i.fileName, i.id]),
      );
      for (const p of writeParts(path.join(tmp.dir, 'export'), c, 1)) {
        const restated = await app.services.budget.importFile({ file: p });
        expect(restated.replacedImportIds).toEqual([byName.get(path.basename(p))]);
      }
      expect(totals(app)).toEqual(whole);
    });

    it(`${c.provider}: synced as a folder, the parts add up; a new delivery in another folder replaces them`, async () => {
      const whole = await wholeTotals(c);
      const folder = path.join(tmp.dir, 'billing');
      writeParts(path.join(folder, 'run-1'), c);
      const source = app.services.budget.addSource(folder);
      const [sync] = await app.services.budget.syncSources(source.id);
      expect(sync!.refused).toEqual([]);
      expect(sync!.imported).toHaveLength(c.names.length);
      expect(sync!.imported.flatMap((i) => i.replacedImportIds)).toEqual([]);
      expect(totals(app)).toEqual(whole);

      // The next run of the export, in its own folder: its first part replaces the whole earlier run, its parts add up.
      const later = new Date(Date.now() + 60_000);
      for (const p of writeParts(path.join(folder, 'run-2'), c, 1)) fs.utimesSync(p, later, later);
      const [next] = await app.services.budget.syncSources(source.id);
      expect(next!.refused).toEqual([]);
      expect(next!.imported.map((i) => i.path)).toEqual(c.names.map((n) => `run-2/${n}`));
      const firstRun = new Set(sync!.imported.map((i) => i.importId));
      expect(next!.imported.flatMap((i) => i.replacedImportIds).every((id) => firstRun.has(id))).toBe(true);
      expect(app.services.budget.listImports().filter((i) => firstRun.has(i.id) && i.status === 'active')).toEqual([]);
      expect(totals(app)).toEqual(whole);
    });
  }
});
