/** The import worker's small protocol: one read per worker; batches flow with credits so memory stays bounded. */
import type { ColumnMapping } from '../../../../shared/domain/billing/column-mapping';
import type { DialectChoice } from '../../../../shared/domain/billing/dialects';
import type { SpendLine } from '../../../../shared/domain/billing/spend-line';
import type { SerializedError } from '../../../../shared/domain/errors';
import type { ReadSummary } from './billing-reader';

export interface ImportWorkerRequest {
  file: string;
  format?: DialectChoice | undefined;
  mapping?: ColumnMapping | undefined;
  maxErrors?: number | undefined;
  batchSize?: number | undefined;
}

/** Main → worker after each batch it has written: one more batch may be sent. */
export interface ImportWorkerAck {
  type: 'ack';
}

export type ImportWorkerMessage =
  | { type: 'batch'; lines: SpendLine[] }
  | { type: 'progress'; bytesRead: number; totalBytes: number }
  | { type: 'done'; summary: ReadSummary }
  | { type: 'error'; error: SerializedError };

/** Batches the worker may have in flight before main acknowledges one. */
export const IMPORT_WORKER_CREDITS = 4;
