/**
 * Runs the billing reader in a worker thread when the built worker (dist/electron/import.worker.cjs) is there — the
 * app, the CLI and the bench — so that parsing overlaps the SQLite writes; in-process otherwise (unit tests).
 */
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { SpendLine } from '../../../../shared/domain/billing/spend-line';
import { UserError } from '../../../../shared/domain/errors';
import type { Logger } from '../../../../shared/logger';
import { watchWorker } from '../../../worker/worker-log';
import { readBillingFile, type ReadOptions, type ReadSummary } from './billing-reader';
import type { ImportWorkerMessage, ImportWorkerRequest } from './import-worker-protocol';
import { isWorkerOutOfMemory, WORKER_RESOURCE_LIMITS } from '../../../worker/resource-limits';

/**
 * The worker keeps Electron's main thread (and so the window) responsive during a long import. The CLI and the bench
 * read in-process: on a busy machine, cloning every batch to the main thread costs more than the overlap gains.
 * GPU_PLANNER_IMPORT_WORKER=1 forces the worker, =0 forbids it.
 */
export function builtImportWorker(): string | null {
  const choice = process.env.GPU_PLANNER_IMPORT_WORKER;
  if (choice === '0' || (choice !== '1' && !process.versions.electron)) return null;
  for (const candidate of [path.join(__dirname, 'import.worker.cjs'), path.join(__dirname, '..', 'electron', 'import.worker.cjs')]) {
    if (fs.existsSync(candidate)) return candidate;
  }
  return null;
}

export async function readBillingFileAnywhere(
  file: string,
  options: ReadOptions,
  onBatch: (lines: SpendLine[]) => void,
  logger: Logger,
): Promise<ReadSummary> {
  const script = builtImportWorker();
  if (!script) return readBillingFile(file, options, onBatch);
  return readBillingFileInWorker(script, file, options, onBatch, logger);
}

/**
 * The read in the worker `script`: its death (an uncaught error, its heap limit, an exit before it answered) is the
 * user's error naming the file — never the app's — and, since main writes only what the worker sent and the import
 * service stages before it commits, nothing is imported.
 */
export async function readBillingFileInWorker(
  script: string,
  file: string,
  options: ReadOptions,
  onBatch: (lines: SpendLine[]) => void,
  logger: Logger,
): Promise<ReadSummary> {
  const shown = path.basename(file);
  const workerDied = (what: string) =>
    new UserError(
      'IMPORT_WORKER_FAILED',
      `reading ${shown} stopped the import's reader (${what}): the file is probably damaged. Nothing was imported.`,
      {
        file,
        expected: 'a billing export as the provider wrote it',
      },
    );
  if (options.onBytes) {
    // The worker reads the file itself: feed the raw bytes (e.g. the hash) in a pass of our own first.
    for await (const chunk of fs.createReadStream(file)) options.onBytes(chunk as Buffer);
  }
  const request: ImportWorkerRequest = {
    file,
    format: options.format,
    mapping: options.mapping,
    maxErrors: options.maxErrors,
    batchSize: options.batchSize,
  };
  const worker = new Worker(script, { workerData: request, resourceLimits: WORKER_RESOURCE_LIMITS.import });
  const watched = watchWorker(worker, 'billing import', logger);
  try {
    return await new Promise<ReadSummary>((resolve, reject) => {
      const onAbort = () => reject(new UserError('CANCELLED', 'The import was cancelled.'));
      if (options.signal?.aborted) onAbort();
      options.signal?.addEventListener('abort', onAbort, { once: true });
      worker.on('message', (message: ImportWorkerMessage) => {
        try {
          if (message.type === 'batch') {
            if (options.signal?.aborted) return;
            onBatch(message.lines);
            worker.postMessage({ type: 'ack' });
          } else if (message.type === 'progress') options.onProgress?.(message.bytesRead, message.totalBytes);
          else if (message.type === 'done') resolve(message.summary);
          else
            reject(
              message.error.code === 'INTERNAL'
                ? new Error(message.error.message)
                : new UserError(message.error.code, message.error.message, message.error.details),
            );
        } catch (error) {
          reject(error as Error);
        }
      });
      worker.on('error', (error) =>
        reject(
          isWorkerOutOfMemory(error)
            ? new UserError(
                'FILE_TOO_LARGE_TO_READ',
                `reading it took more than the import's memory limit (${WORKER_RESOURCE_LIMITS.import.maxOldGenerationSizeMb} MB): the file is probably damaged. Nothing was imported.`,
                { file, expected: 'a billing export as the provider wrote it' },
              )
            : workerDied(error instanceof Error ? error.message.slice(0, 200) : String(error).slice(0, 200)),
        ),
      );
      worker.on('exit', (code) => reject(workerDied(`it exited with code ${code} before answering`)));
    });
  } finally {
    void watched.terminate();
  }
}
