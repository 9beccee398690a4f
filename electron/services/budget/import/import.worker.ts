/** Import worker (wiring only): reads and maps the billing file off the main thread; main writes SQLite. */
import { parentPort, workerData } from 'node:worker_threads';
import { serializeError } from '../../../../shared/domain/errors';
import { readBillingFile } from './billing-reader';
import { IMPORT_WORKER_CREDITS, type ImportWorkerMessage, type ImportWorkerRequest } from './import-worker-protocol';

const port = parentPort!;
const request = workerData as ImportWorkerRequest;
let credits = IMPORT_WORKER_CREDITS;
let waiting: (() => void) | null = null;
port.on('message', () => {
  credits += 1;
  const resume = waiting;
  waiting = null;
  resume?.();
});
const send = (message: ImportWorkerMessage) => port.postMessage(message);

readBillingFile(
  request.file,
  {
    format: request.format,
    mapping: request.mapping,
    maxErrors: request.maxErrors,
    batchSize: request.batchSize,
    onProgress: (bytesRead, totalBytes) => send({ type: 'progress', bytesRead, totalBytes }),
  },
  async (lines) => {
    if (credits <= 0) await new Promise<void>((resolve) => (waiting = resolve));
    credits -= 1;
    send({ type: 'batch', lines });
  },
).then(
  (summary) => send({ type: 'done', summary }),
  (error: unknown) => send({ type: 'error', error: serializeError(error) }),
);
