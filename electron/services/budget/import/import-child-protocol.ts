/**
 * The import reader child's small protocol: one read per child; batches of lines flow with credits so memory stays
 * bounded on both sides.
 */
import type { ColumnMapping } from '../../../../shared/domain/billing/column-mapping';
import type { DialectChoice } from '../../../../shared/domain/billing/dialects';
import type { ImportFilter } from '../../../../shared/domain/billing/import-filter';
import type { SerializedError } from '../../../../shared/domain/errors';
import type { ReadSummary } from './billing-reader';
import type { EncodedSpendLines } from './spend-line-batch';

/** Parent → child, once: what to read. */
export interface ImportChildRequest {
  file: string;
  format?: DialectChoice | undefined;
  mapping?: ColumnMapping | undefined;
  maxErrors?: number | undefined;
  batchSize?: number | undefined;
  /** Hash the file's bytes in the same pass (ReadSummary.sha256). */
  hashContent?: boolean | undefined;
  /** The slice: Parquet row groups its statistics exclude are not decoded. */
  filter?: ImportFilter | null | undefined;
}

/** Parent → child after each batch it has written: one more batch may be sent. */
export interface ImportChildAck {
  type: 'ack';
}

export type ImportChildMessage =
  | { type: 'batch'; batch: EncodedSpendLines }
  | { type: 'progress'; bytesRead: number; totalBytes: number }
  | { type: 'done'; summary: ReadSummary }
  | { type: 'error'; error: SerializedError };

/** Batches the child may have in flight before the parent acknowledges one. */
export const IMPORT_CHILD_CREDITS = 4;
/** Lines per message: a message's fixed cost is spread over many lines, and 4 batches in flight stay small. */
export const IMPORT_CHILD_BATCH = 2_000;
