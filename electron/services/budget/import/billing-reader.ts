/**
 * Streaming billing-file reader: bytes → (gunzip | unzip) → text (BOM/encoding sniffed) → CSV records (delimiter
 * sniffed: `,` `;` tab `\x01`) → SpendLine batches; Parquet row group by row group. Never holds the whole file.
 */
import { isDiskFull } from '../../../db/storage-errors';
import fs from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import zlib from 'node:zlib';
import { Unzip, UnzipInflate } from 'fflate';
import type { ColumnMapping } from '../../../../shared/domain/billing/column-mapping';
import {
  createRowMapper,
  MappingError,
  type DialectChoice,
  type RowError,
  type RowMapper,
} from '../../../../shared/domain/billing/dialects';
import type { BillingDialect, SpendLine } from '../../../../shared/domain/billing/spend-line';
import { UserError } from '../../../../shared/domain/errors';
import { CsvTokenizer, type CsvRecords } from './csv-tokenizer';

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

function sniffEncoding(head: Buffer): { encoding: 'utf8' | 'utf16le' | 'utf16be'; bomBytes: number } {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf8', bomBytes: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf16le', bomBytes: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf16be', bomBytes: 2 };
  // UTF-16 without BOM: every other byte zero in ASCII text.
  if (head.length >= 4 && head[1] === 0 && head[3] === 0 && head[0] !== 0) return { encoding: 'utf16le', bomBytes: 0 };
  return { encoding: 'utf8', bomBytes: 0 };
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
  const sink: RowSink = { mapper: null, header: [] };
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
    return sink.mapper;
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
    const { encoding, bomBytes } = sniffEncoding(head);
    summary.encoding = encoding;
    const decoder = encoding === 'utf16be' ? null : new StringDecoder(encoding);
    const decode = (b: Buffer) => (decoder ? decoder.write(b) : swapUtf16be(b));
    const firstText = decode(head.subarray(bomBytes)).replace(/^\ufeff/, '');
    const firstLine = firstText.split(/\r?\n|\r/, 1)[0] ?? '';
    const delimiter = sniffDelimiter(firstLine);
    summary.delimiter = delimiter;
    // Our own RFC 4180 tokenizer (csv-tokenizer.ts, property-tested against csv-parse): csv-parse cost most of a large
    // import's time. Records come a chunk at a time, each with the line it starts on.
    const tokenizer = new CsvTokenizer({ delimiter, quote: delimiter !== '\x01' });
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
      await consume(tokenizer.push(firstText));
      for (;;) {
        if (options.signal?.aborted) throw cancelled();
        const next = await iterator.next();
        if (next.done) break;
        await consume(tokenizer.push(decode(next.value)));
      }
      if (decoder) await consume(tokenizer.push(decoder.end()));
      await consume(tokenizer.end());
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

function swapUtf16be(b: Buffer): string {
  const copy = Buffer.from(b.subarray(0, b.length - (b.length % 2)));
  copy.swap16();
  return copy.toString('utf16le');
}

/** Parquet value → the text a CSV export would hold. */
function parquetText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().replace('.000Z', 'Z');
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
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
      const buffer = Buffer.alloc(stop - start);
      await handleFd.read(buffer, 0, buffer.length, start);
      bytesRead += buffer.length;
      options.onProgress?.(Math.min(bytesRead, size), size);
      return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
    },
  };
  try {
    let metadata;
    try {
      metadata = await parquetMetadataAsync(asyncBuffer);
    } catch (error) {
      throw new UserError('UNREADABLE_FILE', `${file}: not a readable Parquet file (${(error as Error).message}).`, { file });
    }
    // Top-level columns: a map or struct column (CUR 2.0 `product`, `resource_tags`) is one column, read as JSON text.
    const columns = parquetSchema(metadata).children.map((c) => c.element.name);
    const mapper = setHeader(columns);
    // Only the columns the dialect reads are fetched and decoded; the others stay empty.
    const wanted = mapper.usedColumns ? mapper.usedColumns.map((i) => columns[i]!) : columns;
    let rowStart = 0;
    for (const group of metadata.row_groups) {
      if (options.signal?.aborted) throw cancelled();
      const rowEnd = rowStart + Number(group.num_rows);
      const rows = (await parquetReadObjects({ file: asyncBuffer, metadata, rowStart, rowEnd, compressors, columns: wanted })) as Array<
        Record<string, unknown>
      >;
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
