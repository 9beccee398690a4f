/**
 * The auto-plan solver in a worker thread, so a long solve never blocks main (or the window): one solve per worker,
 * progress as messages, stop through a shared flag (the best schedule found so far is kept), result or error as data.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { serializeError } from '../../shared/domain/errors';
import { solveLpText } from '../services/plan/optimize/highs-solver';
import type { OptimizerWorkerMessage, OptimizerWorkerRequest } from '../services/plan/optimize/optimizer-worker-protocol';

const request = workerData as OptimizerWorkerRequest;
const stop = new Int32Array(request.stopFlag);
const post = (message: OptimizerWorkerMessage) => parentPort!.postMessage(message);

solveLpText(request.lpText, request.variableCount, {
  timeLimitSeconds: request.timeLimitSeconds,
  mipRelGap: request.mipRelGap,
  shouldStop: () => Atomics.load(stop, 0) === 1,
  onProgress: (progress) => post({ type: 'progress', seconds: progress.seconds, gap: progress.gap }),
})
  .then((answer) => post({ type: 'done', answer }))
  .catch((error: unknown) => post({ type: 'error', error: serializeError(error) }));
