/** Messages between main and the auto-plan solver worker (electron/worker/optimizer.worker.ts). */
import type { SerializedError } from '../../shared/domain/errors';
import type { ScheduleResult } from '../../shared/domain/plan/optimize/schedule-result';
import type { ScheduleRequest } from './run-schedule';

export interface OptimizerWorkerRequest {
  id: number;
  request: ScheduleRequest;
  /** Int32 flag: main sets it to 1 to stop the search and keep the best schedule so far. */
  stopFlag: SharedArrayBuffer;
}

export type OptimizerWorkerMessage =
  | { id: number; type: 'progress'; seconds: number; gap: number | null }
  | { id: number; type: 'done'; result: ScheduleResult }
  | { id: number; type: 'error'; error: SerializedError };
