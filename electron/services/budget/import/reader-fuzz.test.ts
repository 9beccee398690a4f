/**
 * Random and hostile bytes at the importer's readers (issue 11 item 7 and its fuzz test): Parquet with flipped bytes,
 * CSV with random bytes, truncated gzip and zip. Every read ends in a result or a UserError, within a bounded heap;
 * never another exception, never a crash. The seeds are fixed so that a failure reproduces.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { isUserError } from '../../../../shared/domain/errors';
import { writeParquet, type ParquetColumn } from '../../../test-support/parquet-writer';
import { tempDir } from '../../../test-support/paths';
import { readBillingFile } from './billing-reader';

const dir = tempDir();
afterAll(() => dir.remove());

const columns: ParquetColumn[] = ['BilledCost', 'BillingCurrency', 'ChargePeriodStart', 'ServiceName'].map((name) => ({
  name,
  kind: 'string',
}));
const rows = Array.from({ length: 60 }, (_, i) => ({
  BilledCost: String(i * 1.25),
  BillingCurrency: 'USD',
  ChargePeriodStart: `2024-09-${String((i % 28) + 1).padStart(2, '0')}`,
  ServiceName: `Service ${i}`,
}));
const parquet = writeParquet(columns, rows);
const csv = Buffer.from(
  ['BilledCost,BillingCurrency,ChargePeriodStart,ServiceName', ...rows.map((r) => Object.values(r).join(','))].join('\n'),
);

let n = 0;
async function readOutcome(bytes: Buffer, ext: string): Promise<'read' | 'refused'> {
  const file = path.join(dir.dir, `f${(n += 1)}.${ext}`);
  fs.writeFileSync(file, bytes);
  try {
    await readBillingFile(file, { batchSize: 100 }, () => undefined);
    return 'read';
  } catch (error) {
    if (isUserError(error)) return 'refused';
    throw error;
  } finally {
    fs.rmSync(file, { force: true });
  }
}

const flips = (length: number) =>
  fc.array(fc.tuple(fc.integer({ min: 0, max: length - 1 }), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 6 });
const flipped = (source: Buffer, changes: Array<[number, number]>) => {
  const copy = Buffer.from(source);
  for (const [at, value] of changes) copy[at] = value;
  return copy;
};

describe('the readers under random and hostile bytes', () => {
  it('the sound Parquet and CSV files read', async () => {
    expect(await readOutcome(parquet, 'parquet')).toBe('read');
    expect(await readOutcome(csv, 'csv')).toBe('read');
  });

  it('Parquet with flipped bytes: a result or a UserError, and the heap stays bounded', async () => {
    const heapBefore = process.memoryUsage().heapUsed;
    await fc.assert(
      fc.asyncProperty(flips(parquet.length), async (changes) => {
        await readOutcome(flipped(parquet, changes), 'parquet');
        expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(768 * 1024 * 1024);
      }),
      { numRuns: 300, seed: 20261126 },
    );
  });

  it('Parquet footers that claim huge sizes are refused before anything is allocated', async () => {
    // Every 4-byte little-endian window in the footer (metadata lengths, sizes, counts) set to a huge value in turn.
    const footerLength = parquet.readUInt32LE(parquet.length - 8);
    const start = parquet.length - 8 - footerLength;
    for (let at = start; at < parquet.length - 4; at += 1) {
      const copy = Buffer.from(parquet);
      copy.writeUInt32LE(0x7fffff00, at);
      await readOutcome(copy, 'parquet');
    }
  });

  it('CSV, gzip and zip with random bytes or cut short: a result or a UserError', async () => {
    const gz = zlib.gzipSync(csv);
    await fc.assert(
      fc.asyncProperty(flips(csv.length), fc.integer({ min: 1, max: gz.length - 1 }), async (changes, cut) => {
        await readOutcome(flipped(csv, changes), 'csv');
        await readOutcome(gz.subarray(0, cut), 'csv.gz');
        await readOutcome(
          flipped(
            gz,
            changes.map(([at, v]) => [at % gz.length, v]),
          ),
          'csv.gz',
        );
      }),
      { numRuns: 150, seed: 1126 },
    );
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 0, maxLength: 4096 }), async (bytes) => {
        await readOutcome(Buffer.from(bytes), 'csv');
        await readOutcome(Buffer.concat([Buffer.from('PAR1'), Buffer.from(bytes), Buffer.from('PAR1')]), 'parquet');
      }),
      { numRuns: 150, seed: 2611 },
    );
  });
});
