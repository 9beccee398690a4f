/** Messages between main and the auto-plan solver worker (electron/worker/optimizer.worker.ts). */
import type { SerializedError } from '../../../../shared/domain/errors';
import type { SolverAnswer } from '../../../../shared/domain/plan/optimize/lp-model';

export interface OptimizerWorkerRequest {
  lpText: string;
  variableCount: number;
  timeLimitSeconds: number;
  mipRelGap: number;
  /** Int32 flag: main sets it to 1 to stop the search and keep the best schedule so far. */
  stopFlag: SharedArrayBuffer;
}

export type OptimizerWorkerMessage =
  | { type: 'progress'; seconds: number; gap: number | null }
  | { type: 'done'; answer: SolverAnswer }
  | { type: 'error'; error: SerializedError };
