/**
 * Where the auto-plan solver runs: in a worker thread when the built worker is there (the app, `gpu-planner serve`),
 * else in this process (the CLI, tests). A solve can be stopped; the worker's memory is bounded.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { UserError } from '../../../../shared/domain/errors';
import type { SolverAnswer } from '../../../../shared/domain/plan/optimize/lp-model';
import { solveLpText } from './highs-solver';
import type { OptimizerWorkerMessage, OptimizerWorkerRequest } from './optimizer-worker-protocol';
import type { Solve, SolveRequest } from './optimize.service';

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
}

export function createSolverClient(options: { useWorker: boolean }): SolverClient {
  let stopFlag: Int32Array | null = null;
  let stopInProcess = false;
  const inProcess: Solve = (r, onProgress) => {
    stopInProcess = false;
    return solveLpText(r.lpText, r.variableCount, { timeLimitSeconds: r.timeLimitSeconds, mipRelGap: r.mipRelGap, shouldStop: () => stopInProcess, ...(onProgress ? { onProgress } : {}) });
  };
  const inWorker = (script: string): Solve => (r: SolveRequest, onProgress) => {
    const shared = new SharedArrayBuffer(4);
    stopFlag = new Int32Array(shared);
    const request: OptimizerWorkerRequest = { ...r, stopFlag: shared };
    const worker = new Worker(script, { workerData: request, resourceLimits: { maxOldGenerationSizeMb: 512 } });
    return new Promise<SolverAnswer>((resolve, reject) => {
      worker.on('message', (message: OptimizerWorkerMessage) => {
        if (message.type === 'progress') onProgress?.({ seconds: message.seconds, gap: message.gap });
        else if (message.type === 'done') resolve(message.answer);
        else reject(new UserError(message.error.code, message.error.message));
      });
      worker.on('error', (error) => reject(new UserError('SOLVER_FAILED', `The schedule solver stopped: ${error.message}. Try a shorter time limit or fewer offerings.`)));
      worker.on('exit', (code) => { if (code !== 0) reject(new UserError('SOLVER_FAILED', `The schedule solver stopped (exit ${code}).`)); });
    }).finally(() => {
      stopFlag = null;
      void worker.terminate();
    });
  };
  const script = options.useWorker ? builtOptimizerWorker() : null;
  return {
    solve: script ? inWorker(script) : inProcess,
    stop: () => {
      if (stopFlag) Atomics.store(stopFlag, 0, 1);
      stopInProcess = true;
    },
  };
}
