/**
 * Issue 26 item 1: the import worker's death — an uncaught error, an exit before it answered — is the user's error
 * naming the file, and the process that started it carries on.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isUserError, type UserError } from '../../../../shared/domain/errors';
import type { Logger } from '../../../../shared/logger';
import { tempDir } from '../../../test-support/paths';
import { readBillingFileInWorker } from './import-worker-client';

const dir = tempDir();
afterAll(() => dir.remove());
const logged: string[] = [];
const logger: Logger = {
  error: (message) => void logged.push(message),
  warn: () => undefined,
  info: () => undefined,
};

async function deathOf(body: string): Promise<UserError> {
  const script = path.join(dir.dir, `worker-${logged.length}-${Math.random().toString(36).slice(2)}.cjs`);
  fs.writeFileSync(script, body);
  const file = path.join(dir.dir, 'export.csv');
  fs.writeFileSync(file, 'BilledCost,BillingCurrency\n1,USD\n');
  try {
    await readBillingFileInWorker(script, file, {}, () => undefined, logger);
  } catch (error) {
    if (isUserError(error)) return error;
    throw error;
  }
  throw new Error('expected the worker to fail');
}

describe('a dying import worker', () => {
  it('an exit before it answered is an error naming the file; nothing imported', async () => {
    const error = await deathOf('process.exit(7);');
    expect(error.code).toBe('IMPORT_WORKER_FAILED');
    expect(error.message).toBe(
      "reading export.csv stopped the import's reader (it exited with code 7 before answering): the file is probably damaged. Nothing was imported.",
    );
    expect(error.details?.file).toMatch(/export\.csv$/);
  });

  it('an uncaught error in the worker is an error naming the file and what went wrong', async () => {
    const error = await deathOf("throw new RangeError('Invalid typed array length: 4294967295');");
    expect(error.code).toBe('IMPORT_WORKER_FAILED');
    expect(error.message).toMatch(/^reading export\.csv stopped the import's reader \(Invalid typed array length: 4294967295\)/);
  });

  it('a worker that ends without a word is an error too, and this process carries on', async () => {
    const error = await deathOf('');
    expect(error.message).toMatch(/exited with code 0 before answering/);
    expect(logged.length).toBeGreaterThan(0);
  });
});
