/**
 * Streaming billing-file reader: delimited text, plain or in gzip or zip (delimited-text-reader.ts), or Parquet row
 * group by row group (parquet-reader.ts), every record through one row collector into SpendLine batches. Never holds
 * the whole file.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { ColumnMapping } from '../../../../shared/domain/billing/column-mapping';
import type { DialectChoice, RowError } from '../../../../shared/domain/billing/dialects';
import type { ImportFilter } from '../../../../shared/domain/billing/import-filter';
import type { ImportWarning } from '../../../../shared/domain/billing/import-warnings';
import type { RowGroupsSkipped } from '../../../../shared/domain/billing/row-group-pruning';
import type { BillingDialect, SpendLine } from '../../../../shared/domain/billing/spend-line';
import { UserError } from '../../../../shared/domain/errors';
import { readDelimitedText } from './delimited-text-reader';
import { containerOfFile, type Container } from './file-container';
import { readParquet } from './parquet-reader';
import { RowCollector } from './row-collector';

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
  /** Hash delimited text (plain, gzip, zip) in the same pass: `ReadSummary.sha256` (Parquet is read by ranges). */
  hashContent?: boolean | undefined;
  /** Errors kept in full (every error is counted). */
  maxErrors?: number | undefined;
  /**
   * The import's slice: Parquet row groups whose statistics exclude it are skipped undecoded (`rowGroupsSkipped`).
   * The lines read are filtered by the caller (LineFilter), whatever the container.
   */
  filter?: ImportFilter | null | undefined;
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
  warnings: ImportWarning[];
  totalBytes: number;
  /** The file's SHA-256 (hex), read with `hashContent` from delimited text. */
  sha256?: string | undefined;
  /** Parquet row groups the filter's statistics excluded: not decoded, their lines not in `rowsRead`. */
  rowGroupsSkipped?: RowGroupsSkipped | undefined;
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
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    throw new UserError('FILE_NOT_FOUND', `Cannot read ${file}: no such file.`, { file });
  }
  if (!stat.isFile()) throw new UserError('NOT_A_FILE', `${file} is not a file.`, { file });
  const totalBytes = stat.size;
  const container = containerOfFile(file);
  const hash = options.hashContent && container !== 'parquet' ? crypto.createHash('sha256') : null;
  if (hash) {
    const { onBytes } = options;
    options = {
      ...options,
      onBytes: (chunk) => {
        hash.update(chunk);
        onBytes?.(chunk);
      },
    };
  }
  const rows = new RowCollector(file, container, totalBytes, options, onBatch);
  if (container === 'parquet') {
    const skipped = await readParquet(
      file,
      options,
      (header) => rows.setHeader(header),
      async (record, line) => {
        rows.handleRecord(record, line);
        await rows.flushFull();
      },
    );
    rows.summary.encoding = 'parquet';
    if (skipped.groups > 0) rows.summary.rowGroupsSkipped = skipped;
  } else {
    await readDelimitedText(file, container, options, rows);
  }
  await rows.flushRest();
  rows.finish();
  if (hash) rows.summary.sha256 = hash.digest('hex');
  options.onProgress?.(totalBytes, totalBytes);
  return rows.summary;
}
