/**
 * Billing exports as delimited text, plain or in gzip or zip: bytes → (gunzip | unzip) → text (BOM and encoding
 * sniffed) → CSV records (delimiter sniffed: `,` `;` tab `\x01` `|`) → the row collector, a chunk at a time.
 */
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { UserError } from '../../../../shared/domain/errors';
import { isDiskFull } from '../../../db/storage-errors';
import type { ReadOptions } from './read-options';
import { countLineBreaks, CsvTokenizer, type CsvRecords } from './csv-tokenizer';
import { unzipFirstEntry, type Container } from './file-container';
import { cancelledError, type RowCollector } from './row-collector';
import { mixedEncodingAt, notUtf8Error, sniffEncoding, textDecoder } from './text-encoding';

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

/** Reads a delimited-text file (plain, gzip or zip) record by record into `rows`; a file without a header is refused. */
export async function readDelimitedText(
  file: string,
  container: Exclude<Container, 'parquet'>,
  options: ReadOptions,
  rows: RowCollector,
): Promise<void> {
  const fileName = file;
  const { summary } = rows;
  const { totalBytes } = summary;
  let bytesRead = 0;
  // 64 KiB reads: a chunk's text must stay below V8's large-object size (~128 KiB): a larger string is allocated in
  // its own mapped pages, and decoding 256 KiB chunks cost ~10× as much CPU as 64 KiB ones (issue 26 item 15).
  const source = fs.createReadStream(file, { highWaterMark: 64 * 1024 });
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
      if (!rows.hasHeader) rows.setHeader(record);
      else {
        rows.handleRecord(record, lastLine);
        if (rows.batchFull) await rows.flushFull();
      }
    }
  };
  try {
    await consume(csv.push(firstText));
    for (;;) {
      if (options.signal?.aborted) throw cancelledError();
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
  if (!rows.hasHeader) throw new UserError('EMPTY_FILE', `${fileName} is empty: not even a header line.`, { file: fileName, line: 1 });
}
