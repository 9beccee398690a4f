/**
 * Import reader child process (wiring only): reads and maps one billing file and streams its lines to the parent in
 * batches; the parent validates, stages and writes SQLite. A process, not a worker thread (reader-child.ts): a fatal
 * V8 error here ends this process only, and the parent reports it as the file's error.
 */
import { serializeError } from '../../../../shared/domain/errors';
import { readBillingFile } from './billing-reader';
import { encodeSpendLines } from './spend-line-batch';
import { IMPORT_CHILD_BATCH, IMPORT_CHILD_CREDITS, type ImportChildMessage, type ImportChildRequest } from './import-child-protocol';

let credits = IMPORT_CHILD_CREDITS;
let waiting: (() => void) | null = null;
const PROGRESS_EVERY_MS = 50;
let lastProgress = -Infinity;
const send = (message: ImportChildMessage, then: () => void = () => undefined) => process.send!(message, then);

process.once('message', (request: ImportChildRequest) => {
  // Every later message is an ack: one more batch may go.
  process.on('message', () => {
    credits += 1;
    const resume = waiting;
    waiting = null;
    resume?.();
  });
  readBillingFile(
    request.file,
    {
      format: request.format,
      mapping: request.mapping,
      maxErrors: request.maxErrors,
      batchSize: request.batchSize ?? IMPORT_CHILD_BATCH,
      hashContent: request.hashContent,
      filter: request.filter,
      onProgress: (bytesRead, totalBytes) => {
        // A message per 64 KiB read is thousands of messages for nothing: the first, then at most one per 50 ms.
        const now = Date.now();
        if (now - lastProgress < PROGRESS_EVERY_MS && bytesRead < totalBytes) return;
        lastProgress = now;
        send({ type: 'progress', bytesRead, totalBytes });
      },
    },
    async (lines) => {
      if (credits <= 0) await new Promise<void>((resolve) => (waiting = resolve));
      credits -= 1;
      send({ type: 'batch', batch: encodeSpendLines(lines) });
    },
  ).then(
    (summary) => send({ type: 'done', summary }, () => process.disconnect()),
    (error: unknown) => send({ type: 'error', error: serializeError(error) }, () => process.disconnect()),
  );
});
