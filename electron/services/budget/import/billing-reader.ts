/**
 * Streaming billing-file reader: delimited text, plain or in gzip or zip (delimited-text-reader.ts), or Parquet row
 * group by row group (parquet-reader.ts), every record through one row collector into SpendLine batches. Never holds
 * the whole file.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { SpendLine } from '../../../../shared/domain/billing/spend-line';
import { UserError } from '../../../../shared/domain/errors';
import { readDelimitedText } from './delimited-text-reader';
import { containerOfFile } from './file-container';
import { readParquet } from './parquet-reader';
import type { ReadOptions, ReadSummary } from './read-options';
import { RowCollector } from './row-collector';

export type { ReadOptions, ReadSummary } from './read-options';

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
