import fs from 'node:fs';
import path from 'node:path';
import { createRowMapper } from '../../../../shared/domain/billing/dialects';
import { UserError } from '../../../../shared/domain/errors';
import type { FilePreview } from '../../../../shared/ipc/contract/budget-import';
import { readBillingFile } from './billing-reader';
import { containerOfFile } from './file-container';
import { assertReadableFile } from './readable-file';

/**
 * The header and first rows of a file as text, with the dialect its header shows (import and mapping dialogs):
 * through the same streaming reader, so gzip, zip, Parquet and any delimiter preview alike.
 */
export async function previewFile(file: string, previewRows = 20): Promise<FilePreview> {
  const resolved = path.resolve(file);
  assertReadableFile(resolved, path.basename(resolved));
  const stat = fs.statSync(resolved);
  const controller = new AbortController();
  let header: string[] = [];
  const rows: string[][] = [];
  let format: FilePreview['format'] = null;
  let description = '';
  let delimiter: string | null = null;
  const container = containerOfFile(resolved);
  try {
    await readBillingFile(
      resolved,
      {
        signal: controller.signal,
        onHeader: (h, d) => {
          header = h;
          delimiter = d;
        },
        onRawRecord: (record) => {
          rows.push(record.map((v) => (v.length > 500 ? `${v.slice(0, 500)}…` : v)));
          if (rows.length >= previewRows) controller.abort();
        },
      },
      () => undefined,
    );
  } catch (error) {
    if (!(error instanceof UserError) || !['CANCELLED', 'UNKNOWN_FORMAT'].includes(error.code)) throw error;
  }
  try {
    const mapper = createRowMapper(header);
    format = mapper.dialect;
    description = mapper.description;
  } catch (error) {
    description = (error as Error).message;
  }
  return {
    file: path.basename(resolved),
    fileToken: null,
    fileName: path.basename(resolved),
    bytes: stat.size,
    container,
    delimiter,
    format,
    description,
    header,
    rows,
  };
}
