/**
 * The auto-plan in a worker thread, so no part of it blocks main (or the window): the model is built, solved and
 * read here; progress as messages, stop through a shared flag (the best schedule found so far is kept), errors as
 * data. One worker serves every solve of the process, one at a time.
 */
import { parentPort } from 'node:worker_threads';
import { serializeError } from '../../shared/domain/errors';
import type { OptimizerWorkerMessage, OptimizerWorkerRequest } from './optimizer-worker-protocol';
import { loadHighs } from './highs-solver';
import { runSchedule } from './run-schedule';

const post = (message: OptimizerWorkerMessage) => parentPort!.postMessage(message);
void loadHighs(); // compile the WebAssembly while nobody waits

parentPort!.on('message', ({ id, request, stopFlag }: OptimizerWorkerRequest) => {
  const stop = new Int32Array(stopFlag);
  runSchedule(request, {
    shouldStop: () => Atomics.load(stop, 0) === 1,
    onProgress: (progress) => post({ id, type: 'progress', seconds: progress.seconds, gap: progress.gap }),
  })
    .then((result) => post({ id, type: 'done', result }))
    .catch((error: unknown) => post({ id, type: 'error', error: serializeError(error) }));
});
