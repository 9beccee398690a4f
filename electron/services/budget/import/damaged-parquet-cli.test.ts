/**
 * Issue 26 item 1, as reported: the BUILT `gpu-planner import` on the AWS workshop CUR sample with every 4,099th byte
 * from offset 4,096 inverted died with "Fatal JavaScript invalid size error" (SIGTRAP). It must end with a message
 * naming the file and what is wrong (exit 1), in-process and in the import's reader child, and leave the database as it was.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppContext } from '../../app-context';
import { databaseState } from '../../../test-support/db-snapshot';
import { BILLING_SAMPLES, sampleFile } from '../../../test-support/billing-samples';
import { ensureFreshCli } from '../../../test-support/built-cli';
import { repoRoot, tempDir } from '../../../test-support/paths';

const bin = path.join(repoRoot, 'bin', 'gpu-planner.cjs');
const temp = tempDir('gpu-planner-damaged-parquet-');
const db = path.join(temp.dir, 'damaged.sqlite');
/** The corruption (every 4,099th byte from 4,096 inverted) with the footer kept, and 4,100th from 4,097 all through. */
const damaged = [
  { name: 'Oct2018-WorkshopCUR-00001-damaged.snappy.parquet', start: 4096, stride: 4099, footerKept: true },
  { name: 'Oct2018-WorkshopCUR-00001-damaged-all.snappy.parquet', start: 4097, stride: 4100, footerKept: false },
];

function state() {
  const context = createAppContext({ dataDir: temp.dir, databaseFile: db, runtime: 'cli' });
  try {
    const { tables, revisions } = databaseState(context.db);
    return { tables, revisions };
  } finally {
    context.close();
  }
}

beforeAll(() => {
  ensureFreshCli(['shared/domain/billing', 'electron']);
  for (const { name, start, stride, footerKept } of damaged) {
    const sample = fs.readFileSync(sampleFile(BILLING_SAMPLES.find((s) => s.path.endsWith('.snappy.parquet'))!));
    const end = footerKept ? sample.length - 8 - sample.readUInt32LE(sample.length - 8) : sample.length;
    for (let at = start; at < end; at += stride) sample[at] = ~sample[at]! & 0xff;
    fs.writeFileSync(path.join(temp.dir, name), sample);
  }
  createAppContext({ dataDir: temp.dir, databaseFile: db, runtime: 'cli' }).close();
}, 180_000);
afterAll(() => temp.remove());

describe('gpu-planner import on a Parquet export with flipped bytes', () => {
  for (const [worker, { name }] of [
    ['0', damaged[0]!],
    ['1', damaged[0]!],
    ['0', damaged[1]!],
  ] as const) {
    it(`${name}: a message and exit 1, the database unchanged (reader ${worker === '1' ? 'in its child' : 'in-process'})`, () => {
      const before = state();
      const run = spawnSync(process.execPath, [bin, 'import', path.join(temp.dir, name), '--db', db], {
        encoding: 'utf8',
        cwd: repoRoot,
        env: { ...process.env, GPU_PLANNER_IMPORT_CHILD: worker },
        timeout: 120_000,
      });
      expect(run.signal, run.stderr.slice(-2000)).toBeNull();
      expect(run.status, run.stderr.slice(-2000)).toBe(1);
      expect(run.stderr).not.toMatch(/Fatal|internal error/);
      expect(run.stderr).toContain(`${name}: not a readable Parquet file: it looks damaged (`);
      expect(run.stderr).toMatch(/looks damaged \(.+\)\. Nothing was imported\./);
      expect(state()).toEqual(before);
    }, 150_000);
  }
});
