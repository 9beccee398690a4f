/**
 * Streaming billing-file reader: bytes → (gunzip | unzip) → text (BOM/encoding sniffed) → CSV records (delimiter
 * sniffed: `,` `;` tab `\x01`) → SpendLine batches; Parquet row group by row group. Never holds the whole file.
 */
import { isDiskFull } from '../../../db/storage-errors';
import fs from 'node:fs';
import { Readable, Transform } from 'node:stream';
import zlib from 'node:zlib';
import { Unzip, UnzipInflate } from 'fflate';
import type { ColumnMapping } from '../../../../shared/domain/billing/column-mapping';
import { duplicateColumns } from '../../../../shared/domain/billing/dialect-kit';
import {
  createRowMapper,
  MappingError,
  type DialectChoice,
  type RowError,
  type RowMapper,
} from '../../../../shared/domain/billing/dialects';
import type { BillingDialect, SpendLine } from '../../../../shared/domain/billing/spend-line';
import { UserError } from '../../../../shared/domain/errors';
import { countLineBreaks, CsvTokenizer, type CsvRecords } from './csv-tokenizer';
import { mixedEncodingAt, notUtf8Error, sniffEncoding, textDecoder } from './text-encoding';

export type Container = 'plain' | 'gzip' | 'zip' | 'parquet';

export interface ReadOptions {
  format?: DialectChoice | undefined;
  mapping?: ColumnMapping | undefined;
  signal?: AbortSignal | undefined;
  /** Raw bytes of the file read so far, and the file's size. */
  onProgress?: ((bytesRead: number, totalBytes: number) => void) | undefined;
  batchSize?: number | undefined;
  /** The header as read, before any dialect is recognised (previews). */
  onHeader?: ((header: string[], delimiter: string | null) => void) | undefined;
  /** Every data record as text, before mapping (previews; abort through `signal` to stop). */
  onRawRecord?: ((record: string[], line: number) => void) | undefined;
  /** Receives every raw byte of the file as read (e.g. to hash it in the same pass). */
  onBytes?: ((chunk: Buffer) => void) | undefined;
  /** Errors kept in full (every error is counted). */
  maxErrors?: number | undefined;
}

export interface ReadSummary {
  container: Container;
  delimiter: string | null;
  encoding: string;
  dialect: BillingDialect;
  description: string;
  header: string[];
  /** Data rows read (records after the header, total rows included). */
  rowsRead: number;
  /** Rows that are the file's own totals, not line items. */
  totalRows: number;
  /** Rows with at least one error (line numbers). */
  invalidRows: number;
  errors: RowError[];
  errorCount: number;
  /** Short rows read anyway (fields the mapping does not need were missing). */
  warnings: Array<{ line: number; column: string; message: string }>;
  totalBytes: number;
}

export function detectContainer(head: Uint8Array): Container {
  if (head[0] === 0x1f && head[1] === 0x8b) return 'gzip';
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) return 'zip';
  if (head[0] === 0x50 && head[1] === 0x41 && head[2] === 0x52 && head[3] === 0x31) return 'parquet';
  return 'plain';
}

/** The delimiter that splits the header line into the most fields (quotes respected roughly). */
export function sniffDelimiter(firstLine: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
    ['\x01', 0],
    ['|', 0],
  ]);
  let quoted = false;
  for (const ch of firstLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ',';
  for (const [d, n] of counts) if (n > counts.get(best)!) best = d;
  return best;
}

function cancelled(): UserError {
  return new UserError('CANCELLED', 'The import was cancelled.');
}

function readHead(file: string, bytes: number): Buffer {
  const fd = fs.openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const n = fs.readSync(fd, buffer, 0, bytes, 0);
    return buffer.subarray(0, n);
  } finally {
    fs.closeSync(fd);
  }
}

/** A transform that inflates the first file of a zip archive (fflate streaming Unzip; UnzipInflate is synchronous). */
function unzipFirstEntry(): Transform {
  let chosen = false;
  let out: Transform | null = null;
  const unzip = new Unzip((entry) => {
    if (chosen || entry.name.endsWith('/')) return;
    chosen = true;
    entry.ondata = (error, data) => {
      if (error) out!.destroy(error);
      else if (data.length > 0) out!.push(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  out = new Transform({
    transform(chunk: Buffer, _enc, callback) {
      try {
        unzip.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength), false);
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
    flush(callback) {
      try {
        unzip.push(new Uint8Array(0), true);
      } catch (error) {
        callback(error as Error);
        return;
      }
      callback(chosen ? null : new UserError('EMPTY_ARCHIVE', 'The zip archive holds no file to import.'));
    },
  });
  return out;
}

interface RowSink {
  mapper: RowMapper | null;
  header: string[];
  /** Same-named column groups whose copies every row must agree on. */
  checkedDuplicates: Array<{ name: string; columns: number[] }>;
}

/**
 * Reads a billing file and hands its spend lines to `onBatch` in batches (awaited: back-pressure). Row errors are
 * collected, not thrown; a file that cannot be read at all (unknown header, broken archive) throws a UserError.
 */
export async function readBillingFile(
  file: string,
  options: ReadOptions,
  onBatch: (lines: SpendLine[]) => void | Promise<void>,
): Promise<ReadSummary> {
  const fileName = file;
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    throw new UserError('FILE_NOT_FOUND', `Cannot read ${file}: no such file.`, { file });
  }
  if (!stat.isFile()) throw new UserError('NOT_A_FILE', `${file} is not a file.`, { file });
  const totalBytes = stat.size;
  const container = detectContainer(readHead(file, 4));
  // Small batches and chunks keep little alive between young-generation collections (lines waiting for onBatch,
  // records of the chunk being mapped): a third of the GC time of 2000 lines per batch and 1 MiB chunks.
  const batchSize = options.batchSize ?? 500;
  const maxErrors = options.maxErrors ?? 1000;
  const summary: ReadSummary = {
    container,
    delimiter: null,
    encoding: 'utf8',
    dialect: 'generic',
    description: '',
    header: [],
    rowsRead: 0,
    totalRows: 0,
    invalidRows: 0,
    errors: [],
    errorCount: 0,
    warnings: [],
    totalBytes,
  };
  const sink: RowSink = { mapper: null, header: [], checkedDuplicates: [] };
  let batch: SpendLine[] = [];

  function setHeader(header: string[]): RowMapper {
    sink.header = header;
    summary.header = header;
    options.onHeader?.(
      header.map((h) => h.replace(/^\ufeff/, '').trim()),
      summary.delimiter,
    );
    try {
      sink.mapper = createRowMapper(header, { format: options.format, mapping: options.mapping });
    } catch (error) {
      if (error instanceof MappingError && options.onRawRecord) {
        // Preview of a file no dialect reads (the mapping dialog needs its columns): raw records only.
        sink.mapper = { dialect: 'generic', description: error.message, map: () => ({ lines: [], errors: [] }) };
        summary.description = error.message;
        return sink.mapper;
      }
      // The path is in `details.file` only (the CLI prints it before the message: named once).
      if (error instanceof MappingError)
        throw new UserError('UNKNOWN_FORMAT', error.message, {
          file: fileName,
          line: 1,
          ...(error.column ? { column: error.column } : {}),
          expected: 'a FOCUS, AWS, Azure, GCP or OCI header, or a column mapping',
        });
      throw error;
    }
    summary.dialect = sink.mapper.dialect;
    summary.description = sink.mapper.description;
    noteDuplicateColumns(header, sink.mapper);
    return sink.mapper;
  }

  /**
   * Two columns with one name: said once as a warning; where the import reads that name, every row is checked and
   * one whose copies differ is refused with its line (which copy holds the figure is not knowable).
   */
  function noteDuplicateColumns(header: string[], mapper: RowMapper): void {
    const groups = duplicateColumns(header);
    const read = mapper.usedColumns ? new Set(mapper.usedColumns) : null;
    sink.checkedDuplicates = groups.filter((g) => read === null || g.columns.some((c) => read.has(c)));
    if (groups.length === 0) return;
    const list = groups.map((g) => `"${g.name}" (columns ${g.columns.map((c) => c + 1).join(', ')})`).join('; ');
    summary.warnings.push({
      line: 1,
      column: groups[0]!.name,
      message: `The header names ${groups.length === 1 ? 'a column' : `${groups.length} columns`} more than once: ${list}. Rows whose copies of a column the import reads differ are refused.`,
    });
  }

  /** The row error for a record whose duplicated columns disagree, or for a field beyond the header; null if none. */
  function shapeError(record: string[], line: number): RowError | null {
    for (const g of sink.checkedDuplicates) {
      const values = g.columns.map((c) => (record[c] ?? '').trim());
      const other = values.findIndex((v) => v !== values[0]);
      if (other > 0)
        return {
          line,
          column: g.name,
          value: values[other]!.slice(0, 200),
          expected: `the same value in every column named "${g.name}"`,
          message: `"${g.name}" is "${values[0]!.slice(0, 60)}" in column ${g.columns[0]! + 1} but "${values[other]!.slice(0, 60)}" in column ${g.columns[other]! + 1}: which one is meant is unclear`,
        };
    }
    for (let k = sink.header.length; k < record.length; k += 1) {
      if (record[k]!.trim() === '') continue; // a trailing delimiter: an empty field beyond the header
      return {
        line,
        column: `field ${k + 1}`,
        value: record[k]!.slice(0, 200),
        expected: `at most ${sink.header.length} fields, as many as the header names`,
        message: `line ${line} has ${record.length} fields but the header names ${sink.header.length}; field ${k + 1} ("${record[k]!.slice(0, 60)}") has no column (a value with an unquoted delimiter shifts the columns after it)`,
      };
    }
    return null;
  }

  /** Maps one record into the batch (sync: the caller flushes full batches, so no promise per record). */
  function handleRecord(record: string[], line: number): void {
    if (record.length === 1 && record[0]!.trim() === '') return; // blank line
    summary.rowsRead += 1;
    if (options.onRawRecord) {
      options.onRawRecord(record, line);
      if (options.signal?.aborted) throw cancelled();
    }
    if (record.length < sink.header.length && summary.warnings.length < 100) {
      summary.warnings.push({
        line,
        column: sink.header[record.length]!.replace(/^\ufeff/, '').trim(),
        message: `line ${line} has ${record.length} of ${sink.header.length} fields; the missing fields are read as empty`,
      });
    }
    const misshapen = record.length > sink.header.length || sink.checkedDuplicates.length > 0 ? shapeError(record, line) : null;
    if (misshapen) {
      summary.invalidRows += 1;
      summary.errorCount += 1;
      if (summary.errors.length < maxErrors) summary.errors.push(misshapen);
      return;
    }
    const outcome = sink.mapper!.map(record, line);
    if (outcome.total) {
      summary.totalRows += 1;
      return;
    }
    if (outcome.errors.length > 0) {
      summary.invalidRows += 1;
      summary.errorCount += outcome.errors.length;
      for (const e of outcome.errors) if (summary.errors.length < maxErrors) summary.errors.push(e);
      return;
    }
    for (const l of outcome.lines) batch.push(l);
  }

  /** Hands the batch to `onBatch` once full (awaited: back-pressure). */
  async function flushFull(): Promise<void> {
    while (batch.length >= batchSize) {
      if (options.signal?.aborted) throw cancelled();
      const full = batch.length === batchSize ? batch : batch.slice(0, batchSize);
      batch = batch.length === batchSize ? [] : batch.slice(batchSize);
      await onBatch(full);
    }
  }

  if (container === 'parquet') {
    await readParquet(file, options, setHeader, async (record, line) => {
      handleRecord(record, line);
      await flushFull();
    });
    summary.encoding = 'parquet';
  } else {
    let bytesRead = 0;
    const source = fs.createReadStream(file, { highWaterMark: 256 * 1024 });
    source.on('data', (chunk) => {
      options.onBytes?.(chunk as Buffer);
      bytesRead += chunk.length;
      options.onProgress?.(bytesRead, totalBytes);
    });
    let stream: Readable = source;
    if (container === 'gzip') stream = source.pipe(zlib.createGunzip());
    else if (container === 'zip') stream = source.pipe(unzipFirstEntry());
    source.on('error', (e) => stream.destroy(e));
    // Errors reach the reader through the async iterator; these keep a cancelled read from raising them twice.
    stream.on('error', () => undefined);
    source.on('error', () => undefined);
    const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    const headChunks: Buffer[] = [];
    let headBytes = 0;
    try {
      while (headBytes < 64 * 1024) {
        const next = await iterator.next();
        if (next.done) break;
        headChunks.push(next.value);
        headBytes += next.value.length;
      }
    } catch (error) {
      throw new UserError('UNREADABLE_FILE', `${fileName}: cannot read the ${container} data (${(error as Error).message}).`, {
        file: fileName,
      });
    }
    const head = Buffer.concat(headChunks);
    const { encoding, bomBytes } = sniffEncoding(head, headBytes < 64 * 1024);
    const badAt = encoding === 'windows-1252' ? mixedEncodingAt(head) : -1;
    if (badAt >= 0) throw notUtf8Error(fileName, 1 + countLineBreaks(head.toString('latin1', 0, badAt)));
    summary.encoding = encoding;
    if (encoding === 'windows-1252')
      summary.warnings.push({
        line: 1,
        column: '',
        message:
          'The file is not UTF-8: it was read as Windows-1252 (what Excel writes on Windows). Check names with accents; save the export as "CSV UTF-8" to avoid this.',
      });
    let tokenizer: CsvTokenizer | null = null;
    const decoder = textDecoder(encoding, (validText) => {
      throw notUtf8Error(fileName, (tokenizer?.currentLine ?? 1) + countLineBreaks(validText));
    });
    const decode = (b: Buffer) => decoder.write(b);
    const firstText = decode(head.subarray(bomBytes)).replace(/^\ufeff/, '');
    const firstLine = firstText.split(/\r?\n|\r/, 1)[0] ?? '';
    const delimiter = sniffDelimiter(firstLine);
    summary.delimiter = delimiter;
    // Our own RFC 4180 tokenizer (csv-tokenizer.ts, property-tested against csv-parse): csv-parse cost most of a large
    // import's time. Records come a chunk at a time, each with the line it starts on.
    tokenizer = new CsvTokenizer({ delimiter, quote: delimiter !== '\x01' });
    const csv = tokenizer;
    let lastLine = 1;
    const consume = async (chunk: CsvRecords): Promise<void> => {
      const { records, lines } = chunk;
      for (let k = 0; k < records.length; k += 1) {
        const record = records[k]!;
        lastLine = lines[k]!;
        if (sink.mapper === null) setHeader(record);
        else {
          handleRecord(record, lastLine);
          if (batch.length >= batchSize) await flushFull();
        }
      }
    };
    try {
      await consume(csv.push(firstText));
      for (;;) {
        if (options.signal?.aborted) throw cancelled();
        const next = await iterator.next();
        if (next.done) break;
        await consume(csv.push(decode(next.value)));
      }
      await consume(csv.push(decoder.end()));
      await consume(csv.end());
    } catch (error) {
      if (error instanceof UserError) throw error;
      // fflate's errors carry a numeric code, csv-parse's and SQLite's a string one.
      const e = error as Error & { code?: unknown; lines?: number };
      const code = typeof e.code === 'string' ? e.code : '';
      // A write of the lines read so far failed (full disk, read-only database): not the file's fault, said as such.
      if (code.startsWith('SQLITE_') || isDiskFull(e)) throw error;
      if (code.startsWith('CSV_'))
        throw new UserError('INVALID_CSV', `${fileName}: line ${e.lines ?? '?'}: ${e.message}`, {
          file: fileName,
          line: e.lines ?? lastLine,
        });
      throw new UserError('UNREADABLE_FILE', `${fileName}: cannot read the file (${e.message}).`, { file: fileName });
    } finally {
      void iterator.return?.()?.catch(() => undefined);
      source.destroy();
    }
    if (sink.mapper === null)
      throw new UserError('EMPTY_FILE', `${fileName} is empty: not even a header line.`, { file: fileName, line: 1 });
  }
  if (batch.length > 0) {
    if (options.signal?.aborted) throw cancelled();
    await onBatch(batch);
  }
  options.onProgress?.(totalBytes, totalBytes);
  return summary;
}

function parquetText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().replace('.000Z', 'Z');
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

function damagedParquet(file: string, what: string): UserError {
  return new UserError('UNREADABLE_FILE', `not a readable Parquet file: it looks damaged (${what.slice(0, 200)}). Nothing was imported.`, {
    file,
    expected: 'a Parquet file as the billing export wrote it',
  });
}

/** Sizes a sound file can have: rows, row groups and uncompressed column chunks bounded by what the file can hold. */
function assertPlausibleParquet(
  file: string,
  metadata: {
    num_rows: bigint | number;
    row_groups: Array<{
      num_rows: bigint | number;
      columns: Array<{ meta_data?: { total_uncompressed_size: bigint | number; total_compressed_size: bigint | number } }>;
    }>;
  },
  size: number,
): void {
  const MAX_ROWS = 2 ** 31;
  const MAX_CHUNK = 2 ** 30; // 1 GiB uncompressed per column chunk
  if (Number(metadata.num_rows) < 0 || Number(metadata.num_rows) > MAX_ROWS) throw damagedParquet(file, `${metadata.num_rows} rows`);
  for (const group of metadata.row_groups) {
    const rowsInGroup = Number(group.num_rows);
    if (!(rowsInGroup >= 0 && rowsInGroup <= MAX_ROWS)) throw damagedParquet(file, `a row group of ${group.num_rows} rows`);
    for (const chunk of group.columns) {
      const m = chunk.meta_data;
      if (!m) continue;
      const compressed = Number(m.total_compressed_size);
      const uncompressed = Number(m.total_uncompressed_size);
      if (!(compressed >= 0 && compressed <= size))
        throw damagedParquet(file, `a column chunk of ${compressed} bytes in a ${size}-byte file`);
      if (!(uncompressed >= 0 && uncompressed <= MAX_CHUNK))
        throw damagedParquet(file, `a column chunk that would take ${uncompressed} bytes uncompressed`);
    }
  }
}

async function readParquet(
  file: string,
  options: ReadOptions,
  setHeader: (h: string[]) => RowMapper,
  handle: (record: string[], line: number) => Promise<void>,
): Promise<void> {
  const { parquetMetadataAsync, parquetReadObjects, parquetSchema } = await import('hyparquet');
  const { compressors } = await import('hyparquet-compressors');
  const handleFd = await fs.promises.open(file, 'r');
  const size = (await handleFd.stat()).size;
  let bytesRead = 0;
  const asyncBuffer = {
    byteLength: size,
    async slice(start: number, end?: number): Promise<ArrayBuffer> {
      const stop = end ?? size;
      // A damaged footer or page offset points outside the file: refused before any buffer is allocated.
      if (!(Number.isSafeInteger(start) && Number.isSafeInteger(stop) && start >= 0 && start <= stop && stop <= size))
        throw damagedParquet(file, `a read of bytes ${start}–${stop} outside the file's ${size} bytes`);
      const buffer = Buffer.alloc(stop - start);
      await handleFd.read(buffer, 0, buffer.length, start);
      bytesRead += buffer.length;
      options.onProgress?.(Math.min(bytesRead, size), size);
      return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
    },
  };
  try {
    let metadata;
    let columns: string[];
    try {
      metadata = await parquetMetadataAsync(asyncBuffer);
      assertPlausibleParquet(file, metadata, size);
      // Top-level columns: a map or struct column (CUR 2.0 `product`, `resource_tags`) is one column, read as JSON text.
      columns = parquetSchema(metadata).children.map((c) => String(c.element.name));
    } catch (error) {
      if (error instanceof UserError) throw error;
      throw damagedParquet(file, (error as Error).message);
    }
    const mapper = setHeader(columns);
    // Only the columns the dialect reads are fetched and decoded; the others stay empty.
    const wanted = mapper.usedColumns ? mapper.usedColumns.map((i) => columns[i]!) : columns;
    let rowStart = 0;
    for (const group of metadata.row_groups) {
      if (options.signal?.aborted) throw cancelled();
      const rowEnd = rowStart + Number(group.num_rows);
      let rows: Array<Record<string, unknown>>;
      try {
        rows = (await parquetReadObjects({ file: asyncBuffer, metadata, rowStart, rowEnd, compressors, columns: wanted })) as Array<
          Record<string, unknown>
        >;
      } catch (error) {
        if (error instanceof UserError) throw error;
        throw damagedParquet(file, `rows ${rowStart + 1}–${rowEnd}: ${(error as Error).message}`);
      }
      for (let i = 0; i < rows.length; i += 1) {
        const row = rows[i]!;
        await handle(
          columns.map((c) => parquetText(row[c])),
          rowStart + i + 2,
        );
        rows[i] = undefined as unknown as Record<string, unknown>;
      }
      rowStart = rowEnd;
    }
  } finally {
    await handleFd.close();
  }
}
