/**
 * What a billing-file read takes and what it reports: their own module, so billing-reader.ts and the readers and the
 * row collector it drives do not import each other.
 */
import type { ColumnMapping } from '../../../../shared/domain/billing/column-mapping';
import type { DialectChoice, RowError } from '../../../../shared/domain/billing/dialects';
import type { ImportFilter } from '../../../../shared/domain/billing/import-filter';
import type { ImportWarning } from '../../../../shared/domain/billing/import-warnings';
import type { RowGroupsSkipped } from '../../../../shared/domain/billing/row-group-pruning';
import type { BillingDialect } from '../../../../shared/domain/billing/spend-line';
import type { Container } from './file-container';

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
