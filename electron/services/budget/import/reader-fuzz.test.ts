/**
 * Random and hostile bytes at the importer's readers (issue 11 item 7 and its fuzz test): Parquet with flipped bytes,
 * CSV with random bytes, truncated gzip and zip. Every read ends in a result or a UserError, within a bounded heap;
 * never another exception, never a crash. The seeds are fixed so that a failure reproduces.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fc from 'fast-check';
import { parquetHeader } from 'hyparquet/src/column.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUserError, type UserError } from '../../../../shared/domain/errors';
import { BILLING_SAMPLES, sampleFile } from '../../../test-support/billing-samples';
import { databaseState } from '../../../test-support/db-snapshot';
import { writeParquet, type ParquetColumn } from '../../../test-support/parquet-writer';
import { ensureFreshCli } from '../../../test-support/built-cli';
import { repoRoot, tempDir } from '../../../test-support/paths';
import { createTestApp } from '../../../test-support/test-app';
import { isIso4217Code } from '../../../../shared/domain/billing/iso-4217';
import type { SpendLine } from '../../../../shared/domain/billing/spend-line';
import { readBillingFile } from './billing-reader';
import { readBillingFileInChild } from './import-child-client';
import { checkColumnChunk, DamagedPageError, loadPageGuard, MAX_PARQUET_CHUNK_BYTES } from './parquet-page-guard';

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

// ------------------------------------------------------------------------------------ issue 26 item 1: damaged Parquet

const curSample = fs.readFileSync(sampleFile(BILLING_SAMPLES.find((s) => s.path.endsWith('.snappy.parquet'))!));
/** Every `stride`-th byte from `start` inverted (the reproduction: 4,099 from 4,096), up to `end`. */
function inverted(source: Buffer, start: number, stride: number, end = source.length): Buffer {
  const copy = Buffer.from(source);
  for (let at = start; at < end; at += stride) copy[at] = ~copy[at]! & 0xff;
  return copy;
}
const footerStart = (bytes: Buffer) => bytes.length - 8 - bytes.readUInt32LE(bytes.length - 8);

async function refusedWith(bytes: Buffer, ext = 'parquet'): Promise<UserError> {
  const file = path.join(dir.dir, `damaged${(n += 1)}.${ext}`);
  fs.writeFileSync(file, bytes);
  try {
    await readBillingFile(file, { batchSize: 1000 }, () => undefined);
  } catch (error) {
    if (isUserError(error)) return error;
    throw error;
  } finally {
    fs.rmSync(file, { force: true });
  }
  throw new Error('expected the damaged file to be refused');
}

describe('damaged Parquet exports are refused with a message, never a crash (issue 26 item 1)', () => {
  it('the AWS CUR sample with every 4,099th byte from 4,096 inverted (pages only, and the whole file)', async () => {
    // Pages only: the footer stays sound, so hyparquet used to decode a run-length run of ~2³¹ values into a growing
    // array until V8 aborted the process ("Fatal JavaScript invalid size error").
    for (const bytes of [
      inverted(curSample, 4096, 4099, footerStart(curSample)),
      inverted(curSample, 4096, 4099),
      inverted(curSample, 4097, 4100),
      inverted(curSample, 4097, 4100, footerStart(curSample)),
    ]) {
      const error = await refusedWith(bytes);
      expect(error.code).toBe('UNREADABLE_FILE');
      expect(error.message).toMatch(/not a readable Parquet file: it looks damaged \(.+\)\. Nothing was imported\./);
      expect(error.details?.file).toMatch(/damaged\d+\.parquet$/);
    }
  }, 120_000);

  it('a truncated footer, a footer length beyond the file, a huge page size and a huge string length', async () => {
    const footerLength = parquet.readUInt32LE(parquet.length - 8);
    const meta = await (
      await import('hyparquet')
    ).parquetMetadataAsync(parquet.buffer.slice(parquet.byteOffset, parquet.byteOffset + parquet.length) as ArrayBuffer);
    const firstPage = Number(meta.row_groups[0]!.columns[0]!.meta_data!.data_page_offset);
    const cases: Array<[string, Buffer]> = [
      ['footer cut short', Buffer.concat([parquet.subarray(0, parquet.length - 8 - Math.floor(footerLength / 2)), parquet.subarray(-8)])],
      ['file cut before its footer', parquet.subarray(0, parquet.length - 8 - footerLength + 3)],
      [
        'footer length beyond the file',
        (() => {
          const copy = Buffer.from(parquet);
          copy.writeUInt32LE(parquet.length + 1000, parquet.length - 8);
          return copy;
        })(),
      ],
      [
        'footer length of 2³²−1',
        (() => {
          const copy = Buffer.from(parquet);
          copy.writeUInt32LE(0xffffffff, parquet.length - 8);
          return copy;
        })(),
      ],
      ['page sizes beyond the column chunk', pageHeaderWithLargestSizes(parquet, firstPage)],
      ['huge string length', hugeStringLength(parquet, firstPage)],
    ];
    for (const [what, bytes] of cases) {
      const error = await refusedWith(bytes);
      expect(error.code, what).toBe('UNREADABLE_FILE');
      expect(error.message, what).toMatch(/Nothing was imported/);
    }
  });

  it('a data page whose run-length levels claim 2³¹ values is refused before anything is decoded', async () => {
    const meta = await (
      await import('hyparquet')
    ).parquetMetadataAsync(parquet.buffer.slice(parquet.byteOffset, parquet.byteOffset + parquet.length) as ArrayBuffer);
    void meta;
    // ServiceName null on every other row: its definition levels are 60 runs, room for a 5-byte run header.
    const sparse = writeParquet(
      columns,
      rows.map((r, i) => (i % 2 ? { ...r, ServiceName: null } : r)),
    );
    const sparseMeta = await (
      await import('hyparquet')
    ).parquetMetadataAsync(sparse.buffer.slice(sparse.byteOffset, sparse.byteOffset + sparse.length) as ArrayBuffer);
    const serviceName = sparseMeta.row_groups[0]!.columns.find((c) => c.meta_data!.path_in_schema[0] === 'ServiceName')!;
    const error = await refusedWith(hugeLevelRun(sparse, Number(serviceName.meta_data!.data_page_offset)));
    expect(error.message).toMatch(
      /column ServiceName, rows 1–60: page 1: the definition levels with a run of 2147483647 values where at most 60 remain/,
    );
  });

  it('through the import service and the preview: a clear error, and the database unchanged', async () => {
    const app = createTestApp();
    try {
      const file = path.join(dir.dir, 'Oct2018-WorkshopCUR-damaged.snappy.parquet');
      fs.writeFileSync(file, inverted(curSample, 4096, 4099, footerStart(curSample)));
      const before = databaseState(app.db);
      const imported = await app.services.budget.importFile({ file }).catch((error: unknown) => error);
      expect(isUserError(imported) && imported.code).toBe('UNREADABLE_FILE');
      expect((imported as Error).message).toMatch(/looks damaged \(column [a-z_]+, rows 1–119307: /);
      const previewed = await app.services.budget.previewFile(file).catch((error: unknown) => error);
      expect(isUserError(previewed) && previewed.code).toBe('UNREADABLE_FILE');
      const after = databaseState(app.db);
      expect({ tables: after.tables, revisions: after.revisions }).toEqual({ tables: before.tables, revisions: before.revisions });
      expect(app.services.budget.listImports()).toEqual([]);
    } finally {
      app.dispose();
    }
  }, 120_000);
});

describe('the page check itself (issue 26 item 1)', () => {
  beforeAll(loadPageGuard);
  const varint = (value: number) => {
    const out: number[] = [];
    let v = value;
    do {
      out.push((v % 128) | (v >= 128 ? 0x80 : 0));
      v = Math.floor(v / 128);
    } while (v > 0);
    return out;
  };
  const i32 = (delta: number, value: number) => [(delta << 4) | 5, ...varint(value >= 0 ? value * 2 : -value * 2 - 1)];
  /** A v1 data page header (Thrift compact) and `data`: type, sizes, then {num_values, encodings}. */
  const page = (uncompressed: number, compressed: number, values: number, data: number[]) =>
    Uint8Array.from([
      ...i32(1, 0),
      ...i32(1, uncompressed),
      ...i32(1, compressed),
      0x2c, // field 5 (delta 2), a struct
      ...i32(1, values),
      ...i32(1, 0),
      ...i32(1, 3),
      ...i32(1, 3),
      0,
      0,
      ...data,
    ]);

  it('huge page sizes, more values than the row group and runs past the values are refused; a sound page passes', async () => {
    const { parquetMetadataAsync } = await import('hyparquet');
    const { getSchemaPath } = await import('hyparquet/src/schema.js');
    const meta = await parquetMetadataAsync(parquet.buffer.slice(parquet.byteOffset, parquet.byteOffset + parquet.length) as ArrayBuffer);
    const shape = {
      schemaPath: getSchemaPath(meta.schema, ['BilledCost']),
      codec: 'UNCOMPRESSED',
      numValues: 60,
      totalUncompressedSize: 10_000,
      rowGroupRows: 60,
    };
    // Definition levels: length 2, one RLE run of `run` values of 1; then one PLAIN string "1".
    const body = (run: number) => {
      const runBytes = [...varint(run * 2), 1];
      return [runBytes.length, 0, 0, 0, ...runBytes, 1, 0, 0, 0, 0x31];
    };
    const sound = body(1);
    expect(() => checkColumnChunk(page(sound.length, sound.length, 1, sound), shape, {})).not.toThrow();
    const refused: Array<[string, Uint8Array, RegExp]> = [
      ['2³¹ bytes uncompressed', page(2 ** 31 - 16, sound.length, 1, sound), /bytes uncompressed in a column chunk of 10000/],
      ['more compressed bytes than the chunk', page(sound.length, 1_000_000, 1, sound), /1000000 bytes where the column chunk has/],
      ['more values than the row group', page(sound.length, sound.length, 61, sound), /61 values in a column chunk of 60/],
      [
        'a run of 2³¹−1 levels',
        page(body(2 ** 31 - 1).length, body(2 ** 31 - 1).length, 1, body(2 ** 31 - 1)),
        /a run of 2147483647 values where at most 1 remain/,
      ],
      ['a negative size', page(-5, sound.length, 1, sound), /-5 bytes uncompressed/],
    ];
    for (const [what, bytes, message] of refused) {
      expect(() => checkColumnChunk(bytes, shape, {}), what).toThrow(DamagedPageError);
      expect(() => checkColumnChunk(bytes, shape, {}), what).toThrow(message);
    }
    expect(MAX_PARQUET_CHUNK_BYTES).toBe(2 ** 30);
  });
});

/** Reads the page header at `at` (Thrift compact: field 1 type, 2 uncompressed size, 3 compressed size, 5 data page). */
function pageHeaderFields(bytes: Buffer, at: number) {
  let offset = at;
  const varint = () => {
    let result = 0;
    let shift = 0;
    for (;;) {
      const byte = bytes[offset++]!;
      result += (byte & 0x7f) * 2 ** shift;
      if (!(byte & 0x80)) return result;
      shift += 7;
    }
  };
  const fields: Record<number, { start: number; end: number }> = {};
  let last = 0;
  for (let id = 1; id <= 3; id += 1) {
    const head = bytes[offset++]!;
    last += head >> 4;
    const start = offset;
    varint();
    fields[last] = { start, end: offset };
  }
  return fields;
}

const varintOfLength = (value: number, length: number): number[] => {
  const out: number[] = [];
  for (let i = 0; i < length; i += 1) {
    const byte = Math.floor(value / 2 ** (7 * i)) & 0x7f;
    out.push(i < length - 1 ? byte | 0x80 : byte);
  }
  return out;
};

/** The page header at `at` with both sizes set to the largest their varints hold (the file's layout kept). */
function pageHeaderWithLargestSizes(bytes: Buffer, at: number): Buffer {
  const fields = pageHeaderFields(bytes, at);
  const copy = Buffer.from(bytes);
  for (const id of [2, 3]) {
    const { start, end } = fields[id]!;
    const width = end - start;
    // zigzag(2^(7·width−1) − 1): the largest positive i32 a varint of that width holds.
    Buffer.from(varintOfLength(2 ** (7 * width) - 2, width)).copy(copy, start);
  }
  return copy;
}

/** Where the data of the v1 page at `at` starts (after its Thrift header). */
function pageDataStart(bytes: Buffer, at: number): number {
  const reader = { view: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), offset: at };
  parquetHeader(reader);
  return reader.offset;
}

/** The first string value of the page at `at` given a length of 0x7ffffff0 (its 4-byte little-endian prefix). */
function hugeStringLength(bytes: Buffer, at: number): Buffer {
  const copy = Buffer.from(bytes);
  const dataStart = pageDataStart(copy, at);
  const levelsLength = copy.readUInt32LE(dataStart);
  copy.writeUInt32LE(0x7ffffff0, dataStart + 4 + levelsLength);
  return copy;
}

/** The definition levels of the page at `at` start with an RLE run of 2³¹−1 values. */
function hugeLevelRun(bytes: Buffer, at: number): Buffer {
  const copy = Buffer.from(bytes);
  const dataStart = pageDataStart(copy, at);
  // The first run's header is a varint (run << 1): 2³¹−1 values.
  const runHeader = varintOfLength(0xfffffffe, 5);
  expect(copy.readUInt32LE(dataStart)).toBeGreaterThanOrEqual(6);
  for (let i = 0; i < 5; i += 1) copy[dataStart + 4 + i] = runHeader[i]!;
  return copy;
}

// ------------------------------------------------------------------------------- issue 26 item 13: lenient values

describe('hostile values never import as something else (issue 26 item 13)', () => {
  async function imported(text: string): Promise<SpendLine[]> {
    const file = path.join(dir.dir, `values${(n += 1)}.csv`);
    fs.writeFileSync(file, text);
    const lines: SpendLine[] = [];
    try {
      await readBillingFile(file, { batchSize: 100 }, (batch) => void lines.push(...batch));
    } finally {
      fs.rmSync(file, { force: true });
    }
    return lines;
  }
  const quoted = (v: string) => `"${v.replace(/"/g, '""')}"`;

  it('any currency text: a line imports only with an ISO 4217 code (or none stated)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('usd', 'US$ dollars', 'ABCDEFGHIJ', 'EUR', 'XXX')), {
          minLength: 1,
          maxLength: 8,
        }),
        async (currencies) => {
          const lines = await imported(
            ['BilledCost,ChargePeriodStart,BillingCurrency', ...currencies.map((c) => `1,2024-09-02,${quoted(c)}`)].join('\n'),
          );
          for (const line of lines) expect(line.currency === '' || isIso4217Code(line.currency), line.currency).toBe(true);
        },
      ),
      { numRuns: 150, seed: 261113 },
    );
  });

  it('any m/d/yy date: never a year after next year; rows cut short never import without their currency', async () => {
    const latest = new Date().getUTCFullYear() + 1;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.tuple(
            fc.integer({ min: 1, max: 12 }),
            fc.integer({ min: 1, max: 28 }),
            fc.integer({ min: 0, max: 99 }),
            fc.integer({ min: 1, max: 3 }),
          ),
          {
            minLength: 1,
            maxLength: 8,
          },
        ),
        async (rows) => {
          const lines = await imported(
            [
              'BilledCost,ChargePeriodStart,BillingCurrency',
              ...rows.map(([m, d, yy, width]) => ['1', `${m}/${d}/${String(yy).padStart(2, '0')}`, 'USD'].slice(0, width).join(',')),
            ].join('\n'),
          );
          for (const line of lines) {
            expect(Number(line.chargePeriodStart.slice(0, 4))).toBeLessThanOrEqual(latest);
            expect(line.currency).toBe('USD');
          }
        },
      ),
      { numRuns: 150, seed: 261114 },
    );
  });
});

// ------------------------------------------------------------ issue 26 item 1: the import's reader in a child process

describe("hostile bytes through the import's reader child (issue 26 item 1)", () => {
  const builtChild = path.join(repoRoot, 'dist', 'electron', 'import.child.cjs');
  beforeAll(() => ensureFreshCli(['shared/domain/billing', 'electron/services/budget/import']), 180_000);
  const quiet = { error: () => undefined, warn: () => undefined, info: () => undefined };

  /** The outcome in-process and in the child: the same lines, or the same refusal; a child that died is a refusal too. */
  async function sameInChild(bytes: Buffer, ext: string): Promise<void> {
    const file = path.join(dir.dir, `child${(n += 1)}.${ext}`);
    fs.writeFileSync(file, bytes);
    const outcome = async (read: (onBatch: (lines: SpendLine[]) => void) => Promise<unknown>) => {
      const lines: SpendLine[] = [];
      try {
        await read((batch) => void lines.push(...batch));
        return { lines: lines.length };
      } catch (error) {
        if (!isUserError(error)) throw error;
        return { refused: error.code, message: error.message };
      }
    };
    try {
      const here = await outcome((onBatch) => readBillingFile(file, {}, onBatch));
      const there = await outcome((onBatch) => readBillingFileInChild(builtChild, file, {}, onBatch, { logger: quiet }));
      if ('refused' in there && there.refused === 'READER_STOPPED') {
        expect(there.message).toMatch(new RegExp(`^child${n}\\.${ext.replace('.', '\\.')} could not be read: the reader stopped`));
      } else expect(there).toEqual(here);
    } finally {
      fs.rmSync(file, { force: true });
    }
  }

  it('flipped Parquet and CSV bytes: the child reads or refuses as in-process, and this process goes on', async () => {
    await fc.assert(
      fc.asyncProperty(flips(parquet.length), async (changes) => {
        await sameInChild(flipped(parquet, changes), 'parquet');
        await sameInChild(
          flipped(
            csv,
            changes.map(([at, v]) => [at % csv.length, v]),
          ),
          'csv',
        );
      }),
      { numRuns: 6, seed: 2026112926 },
    );
    await sameInChild(inverted(curSample, 4096, 4099, footerStart(curSample)), 'parquet');
  }, 180_000);
});
