/**
 * Where the auto-plan solver runs: in a worker thread when the built worker is there (the app, `gpu-planner serve`),
 * else in this process (the CLI, tests). A solve can be stopped; the worker's memory is bounded.
 */
import { WORKER_RESOURCE_LIMITS } from './resource-limits';
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { UserError } from '../../shared/domain/errors';
import type { Logger } from '../../shared/logger';
import { watchWorker } from './worker-log';
import type { ScheduleResult } from '../../shared/domain/plan/optimize/schedule-result';
import type { OptimizerWorkerMessage, OptimizerWorkerRequest } from './optimizer-worker-protocol';
import { runSchedule, type ScheduleRequest } from './run-schedule';

export type Solve = (
  request: ScheduleRequest,
  onProgress?: (p: { seconds: number; gap: number | null }) => void,
) => Promise<ScheduleResult>;

export function builtOptimizerWorker(): string | null {
  for (const candidate of [path.join(__dirname, 'optimizer.worker.cjs'), path.join(__dirname, '..', 'electron', 'optimizer.worker.cjs')]) {
    if (fs.existsSync(candidate)) return candidate;
  }
  return null;
}

export interface SolverClient {
  solve: Solve;
  /** Stops the running solve, keeping the best schedule found so far. */
  stop(): void;
  /** Starts the worker ahead of the first solve (the app does it once it is idle). */
  warm(): void;
  dispose(): Promise<void>;
}

/**
 * In the app: one solver worker for the process, started on first use (or by warm()), a solve at a time; a worker that
 * dies is replaced on the next solve. Elsewhere: in-process.
 */
export function createSolverClient(options: { useWorker: boolean; logger: Logger }): SolverClient {
  let stopFlag: Int32Array | null = null;
  let stopInProcess = false;
  let worker: Worker | null = null;
  /** Stops the current worker on purpose (its exit is not logged as a crash). */
  let stopWorker: (() => Promise<number>) | null = null;
  let nextId = 1;
  const pending = new Map<
    number,
    {
      resolve: (r: ScheduleResult) => void;
      reject: (e: Error) => void;
      onProgress: ((p: { seconds: number; gap: number | null }) => void) | undefined;
    }
  >();
  const script = options.useWorker ? builtOptimizerWorker() : null;

  const failAll = (error: Error) => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
    worker = null;
  };
  const ensureWorker = (file: string): Worker => {
    if (worker) return worker;
    const w = new Worker(file, { resourceLimits: WORKER_RESOURCE_LIMITS.optimizer });
    stopWorker = watchWorker(w, 'schedule solver', options.logger).terminate;
    w.unref();
    w.on('message', (message: OptimizerWorkerMessage) => {
      const p = pending.get(message.id);
      if (!p) return;
      if (message.type === 'progress') p.onProgress?.({ seconds: message.seconds, gap: message.gap });
      else {
        pending.delete(message.id);
        if (message.type === 'done') p.resolve(message.result);
        else p.reject(new UserError(message.error.code, message.error.message));
      }
    });
    w.on('error', (error) =>
      failAll(
        new UserError('SOLVER_FAILED', `The schedule solver stopped: ${error.message}. Try a shorter time limit or fewer offerings.`),
      ),
    );
    w.on('exit', (code) => {
      if (worker === w) failAll(new UserError('SOLVER_FAILED', `The schedule solver stopped (exit ${code}).`));
    });
    worker = w;
    return w;
  };

  const inProcess: Solve = (r, onProgress) => {
    stopInProcess = false;
    return runSchedule(r, { shouldStop: () => stopInProcess, ...(onProgress ? { onProgress } : {}) });
  };
  const inWorker =
    (file: string): Solve =>
    (r, onProgress) => {
      const shared = new SharedArrayBuffer(4);
      stopFlag = new Int32Array(shared);
      const id = nextId++;
      const w = ensureWorker(file);
      w.ref();
      return new Promise<ScheduleResult>((resolve, reject) => {
        pending.set(id, { resolve, reject, onProgress });
        const request: OptimizerWorkerRequest = { id, request: r, stopFlag: shared };
        w.postMessage(request);
      }).finally(() => {
        stopFlag = null;
        if (pending.size === 0) worker?.unref();
      });
    };
  return {
    solve: script ? inWorker(script) : inProcess,
    stop: () => {
      if (stopFlag) Atomics.store(stopFlag, 0, 1);
      stopInProcess = true;
    },
    warm: () => {
      if (script) ensureWorker(script);
    },
    dispose: async () => {
      const stop = worker ? stopWorker : null;
      worker = null;
      await stop?.();
    },
  };
}
