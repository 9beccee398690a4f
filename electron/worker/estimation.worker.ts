/** The estimation worker thread: wiring only — messages in, the engine's answers out. */
import { parentPort } from 'node:worker_threads';
import { serializeError } from '../../shared/domain/errors';
import { EstimationEngine } from '../../shared/estimate/estimation-engine';
import type { FromWorker, ToWorker } from './protocol';

const port = parentPort;
if (!port) throw new Error('estimation.worker must run in a worker thread');
const engine = new EstimationEngine();
const cancelled = new Set<number>();
const send = (message: FromWorker) => port.postMessage(message);

port.on('message', (message: ToWorker) => {
  if ('cancel' in message) {
    cancelled.add(message.id);
    return;
  }
  const { id, request } = message;
  void (async () => {
    try {
      let value: unknown;
      if (request.kind === 'set-catalog') {
        engine.setCatalog(request.gpus, request.offerings, request.cost);
        value = { ok: true };
      } else if (request.kind === 'estimate') {
        value = engine.estimate(request.workload, request.gpuIds, { includeFlagged: request.includeFlagged === true });
      } else {
        value = await engine.sweep(request.workloads, request.gpuIds, {
          onProgress: (done, total) => send({ id, type: 'progress', done, total }),
          isCancelled: () => cancelled.has(id),
          yieldEvery: () => new Promise((resolve) => setImmediate(resolve)),
        });
      }
      send({ id, type: 'result', value });
    } catch (error) {
      send({ id, type: 'error', error: serializeError(error) });
    } finally {
      cancelled.delete(id);
    }
  })();
});
