/**
 * Issue 26 item 1: the preview (import and mapping dialogs, and so the browser-mode server) reads in a child process
 * whose death — a fatal V8 error that no worker thread contains, an abort, a silence — is the user's error naming the
 * file, and the app goes on.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUserError } from '../../../../shared/domain/errors';
import { BILLING_SAMPLES, sampleFile } from '../../../test-support/billing-samples';
import { ensureFreshCli } from '../../../test-support/built-cli';
import { repoRoot, tempDir } from '../../../test-support/paths';
import { previewFileInChild } from './preview-child-client';

const temp = tempDir('gpu-planner-preview-child-');
afterAll(() => temp.remove());
const builtChild = path.join(repoRoot, 'dist', 'electron', 'preview.child.cjs');
beforeAll(() => ensureFreshCli(['shared/domain/billing', 'electron/services/budget/import']), 180_000);

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isUserError(error), String(error)).toBe(true);
  return error as Error & { code: string };
};

describe('the file preview in a child process (issue 26 item 1)', () => {
  it('previews a sound file as in-process', async () => {
    const sample = sampleFile(BILLING_SAMPLES.find((s) => s.path.endsWith('.snappy.parquet'))!);
    const preview = await previewFileInChild(builtChild, sample, 5);
    expect(preview.rows).toHaveLength(5);
    expect(preview.header.length).toBeGreaterThan(10);
  }, 60_000);

  it("the flipped-bytes CUR Parquet: the reader's own message", async () => {
    const bytes = fs.readFileSync(sampleFile(BILLING_SAMPLES.find((s) => s.path.endsWith('.snappy.parquet'))!));
    for (let at = 4096; at < bytes.length; at += 4099) bytes[at] = ~bytes[at]! & 0xff;
    const damaged = path.join(temp.dir, 'Oct2018-WorkshopCUR-00001-damaged.snappy.parquet');
    fs.writeFileSync(damaged, bytes);
    const error = await refusal(previewFileInChild(builtChild, damaged));
    expect(error.code).toBe('UNREADABLE_FILE');
    expect(error.message).toMatch(/not a readable Parquet file: it looks damaged/);
  }, 60_000);

  it('a reader that dies of a fatal error (here an abort) is an error naming the file; this process lives on', async () => {
    const file = path.join(temp.dir, 'bill.csv');
    fs.writeFileSync(file, 'BilledCost,BillingCurrency\n1,USD\n');
    const aborting = path.join(temp.dir, 'aborting.cjs');
    fs.writeFileSync(
      aborting,
      "process.once('message', () => { process.stderr.write('# Fatal JavaScript invalid size error 169220804\\n'); process.abort(); });\n",
    );
    const error = await refusal(previewFileInChild(aborting, file));
    expect(error.code).toBe('UNREADABLE_FILE');
    expect(error.message).toBe(
      "bill.csv: reading it stopped the preview's reader (Fatal JavaScript invalid size error 169220804): the file is probably damaged.",
    );
    const silent = path.join(temp.dir, 'silent.cjs');
    fs.writeFileSync(silent, 'setInterval(() => undefined, 1000);\n');
    expect((await refusal(previewFileInChild(silent, file, 20, 500))).message).toMatch(/no answer in 1 s/);
    const exiting = path.join(temp.dir, 'exiting.cjs');
    fs.writeFileSync(exiting, "process.once('message', () => process.exit(3));\n");
    expect((await refusal(previewFileInChild(exiting, file))).message).toMatch(/exited with code 3 before answering/);
  }, 60_000);

  it('a device or a FIFO is refused before any process starts', async () => {
    const error = await refusal(previewFileInChild(path.join(temp.dir, 'never-run.cjs'), '/dev/zero'));
    expect(error.message).not.toMatch(/preview's reader/);
  });
});
