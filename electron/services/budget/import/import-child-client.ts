/**
 * The import's reading of a billing file in a child process (issue 26 item 1) when the built one
 * (dist/electron/import.child.cjs) is there — the app, the CLI (`import`, `source sync`) and the bench: a file that
 * makes the reader die, even of a fatal V8 error, an abort or its heap limit, is the user's error naming the file,
 * never the death of the app or the CLI. The child only reads; this process validates, stages and writes SQLite, so
 * the import's all-or-nothing and "edits made meanwhile survive" hold as in-process. In-process otherwise (unit tests
 * run from source) or with GPU_PLANNER_IMPORT_CHILD=0.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { SpendLine } from '../../../../shared/domain/billing/spend-line';
import { UserError } from '../../../../shared/domain/errors';
import type { Logger } from '../../../../shared/logger';
import { readBillingFile, type ReadOptions, type ReadSummary } from './billing-reader';
import type { ImportChildMessage, ImportChildRequest } from './import-child-protocol';
import { decodeSpendLines } from './spend-line-batch';
import { builtChildScript, errorFromChild, runReaderChild } from './reader-child';

/** The reader's heap limit: batches of lines and a Parquet row group at a time; more is a damaged file. */
export const IMPORT_CHILD_HEAP_MB = 1024;
/** A reader that sends nothing (no progress, no batch) for this long is stopped. */
const IMPORT_CHILD_SILENCE_MS = 120_000;

export function builtImportChild(): string | null {
  return builtChildScript('import.child.cjs', 'GPU_PLANNER_IMPORT_CHILD');
}

export interface ReadContext {
  logger: Logger;
  /** The file as the user knows it (the history's name, a source's relative path); its base name otherwise. */
  fileName?: string | undefined;
}

export async function readBillingFileAnywhere(
  file: string,
  options: ReadOptions,
  onBatch: (lines: SpendLine[]) => void,
  context: ReadContext,
): Promise<ReadSummary> {
  const script = builtImportChild();
  if (!script) return readBillingFile(file, options, onBatch);
  return readBillingFileInChild(script, file, options, onBatch, context);
}

/**
 * The read in the child `script`: its death (a fatal error, its heap limit, an exit before it answered) or silence is
 * the user's error naming the file and, since this process writes only what the child sent and the import service
 * stages before it publishes, nothing is imported. A cancel (options.signal) kills the child.
 */
export async function readBillingFileInChild(
  script: string,
  file: string,
  options: ReadOptions,
  onBatch: (lines: SpendLine[]) => void,
  context: ReadContext,
  silenceMs = IMPORT_CHILD_SILENCE_MS,
): Promise<ReadSummary> {
  const shown = context.fileName ?? path.basename(file);
  if (options.onBytes) {
    // The child reads the file itself: feed the raw bytes in a pass of our own first (hashContent hashes there).
    for await (const chunk of fs.createReadStream(file)) options.onBytes(chunk as Buffer);
  }
  const request: ImportChildRequest = {
    file,
    format: options.format,
    mapping: options.mapping,
    maxErrors: options.maxErrors,
    batchSize: options.batchSize,
    hashContent: options.hashContent,
    filter: options.filter,
  };
  return runReaderChild<ReadSummary>(script, {
    request,
    heapMb: IMPORT_CHILD_HEAP_MB,
    silenceMs,
    signal: options.signal,
    cancelled: () => new UserError('CANCELLED', 'The import was cancelled.'),
    stopped: (why) => {
      context.logger.error(`The import's reader stopped on ${file}: ${why}`);
      return new UserError('READER_STOPPED', `${shown} could not be read: the reader stopped (${why}). Nothing was imported.`, {
        file,
        expected: 'a billing export as the provider wrote it',
      });
    },
    onMessage: (raw, reply) => {
      const message = raw as ImportChildMessage;
      if (message.type === 'batch') {
        onBatch(decodeSpendLines(message.batch));
        reply({ type: 'ack' });
      } else if (message.type === 'progress') options.onProgress?.(message.bytesRead, message.totalBytes);
      else if (message.type === 'done') return { done: message.summary };
      else throw errorFromChild(message.error);
      return undefined;
    },
  });
}
