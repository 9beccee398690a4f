/**
 * What goes wrong with a worker thread, in main's log: an error the worker raised (running out of its heap limit named
 * as such) and an exit the app did not ask for. The worker's clients still turn these into the caller's error; this
 * only makes sure they are also written down.
 */
import type { Worker } from 'node:worker_threads';
import type { Logger } from '../../shared/logger';
import { isWorkerOutOfMemory } from './resource-limits';

/** Watches `worker`; returns how to stop it on purpose (that exit is not logged). */
export function watchWorker(worker: Worker, name: string, logger: Logger): { terminate(): Promise<number> } {
  let stopping = false;
  let failed = false;
  worker.on('error', (error) => {
    failed = true;
    logger.error(isWorkerOutOfMemory(error) ? `The ${name} worker ran out of memory` : `The ${name} worker failed`, error);
  });
  worker.on('exit', (code) => {
    // After an 'error' the worker exits with code 1: that line would say nothing more.
    if (!stopping && !failed && code !== 0) logger.error(`The ${name} worker exited with code ${code}`);
  });
  return {
    terminate: () => {
      stopping = true;
      return worker.terminate();
    },
  };
}
