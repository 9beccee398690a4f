/**
 * The main process's side of the estimation worker: tracks pending calls by id, forwards progress, cancels,
 * and restarts a crashed worker (pending calls fail with a clear error; the catalog snapshot is re-sent). A worker
 * that crashed before it ever answered is started again only by the next request, never in a loop.
 */
import { isWorkerOutOfMemory, WORKER_RESOURCE_LIMITS } from './resource-limits';
import { Worker } from 'node:worker_threads';
import type { Logger } from '../../shared/logger';
import { watchWorker } from './worker-log';
import type { Gpu, OfferingWithPrices } from '../../shared/domain/catalog';
import type { CostSettings } from '../../shared/domain/settings/cost-settings';
import { UserError, type SerializedError } from '../../shared/domain/errors';
import type { EstimationRequest, EstimationResponse, FromWorker, ToWorker } from './protocol';

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  onProgress?: (done: number, total: number) => void;
}

function toError(e: SerializedError): Error {
  if (e.code === 'INTERNAL') return new Error(e.message);
  return new UserError(e.code, e.message, e.details);
}

export class EstimationClient {
  private worker: Worker | null = null;
  /** Stops the current worker on purpose (its exit is not logged as a crash). */
  private stopWorker: (() => Promise<number>) | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private catalog: { gpus: Gpu[]; offerings: OfferingWithPrices[]; cost?: CostSettings } | null = null;
  private disposed = false;
  /** Whether the current worker has answered anything (a worker that cannot start is not restarted in a loop). */
  private answered = false;
  restarts = 0;

  constructor(
    private readonly workerFile: string,
    private readonly logger: Logger,
  ) {}

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.workerFile, { resourceLimits: WORKER_RESOURCE_LIMITS.estimation });
    this.stopWorker = watchWorker(worker, 'estimation', this.logger).terminate;
    this.answered = false;
    worker.unref(); // idle, it never keeps the app (or the CLI) alive; pending calls ref it (see request)
    worker.on('message', (message: FromWorker) => this.onMessage(message));
    worker.on('error', (error) => this.onCrash(error));
    worker.on('exit', (code) => {
      if (code !== 0 || this.worker === worker) this.onCrash(new Error(`estimation worker exited with code ${code}`));
    });
    this.worker = worker;
    if (this.catalog) this.post({ id: this.nextId++, request: { kind: 'set-catalog', ...this.catalog } });
    return worker;
  }

  private onMessage(message: FromWorker): void {
    this.answered = true;
    const pending = this.pending.get(message.id);
    if (!pending) return;
    if (message.type === 'progress') {
      pending.onProgress?.(message.done, message.total);
      return;
    }
    this.pending.delete(message.id);
    if (this.pending.size === 0) this.worker?.unref();
    if (message.type === 'result') pending.resolve(message.value);
    else pending.reject(toError(message.error));
  }

  private onCrash(error: Error): void {
    if (!this.worker) return;
    this.worker.removeAllListeners();
    this.worker = null;
    const stopped = isWorkerOutOfMemory(error)
      ? new UserError(
          'ESTIMATE_OUT_OF_MEMORY',
          `The estimate needed more than the estimator's memory limit (${WORKER_RESOURCE_LIMITS.estimation.maxOldGenerationSizeMb} MB): make the sweep smaller. The estimator has been restarted.`,
        )
      : new Error(`The estimation worker stopped (${error.message}); it has been restarted — try again.`);
    for (const [, p] of this.pending) p.reject(stopped);
    this.pending.clear();
    if (!this.disposed) {
      this.restarts += 1;
      if (this.answered) this.start();
    }
  }

  private post(message: ToWorker): void {
    this.start().postMessage(message);
  }

  /** Sends one request; resolves with its typed response. */
  request<R extends EstimationRequest>(
    request: R,
    onProgress?: (done: number, total: number) => void,
  ): { id: number; promise: Promise<EstimationResponse<R>> } {
    if (request.kind === 'set-catalog')
      this.catalog = { gpus: request.gpus, offerings: request.offerings, ...(request.cost ? { cost: request.cost } : {}) };
    const id = this.nextId++;
    const promise = new Promise<EstimationResponse<R>>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, ...(onProgress ? { onProgress } : {}) });
    });
    this.post({ id, request });
    this.worker?.ref();
    return { id, promise };
  }

  cancel(id: number): void {
    if (this.pending.has(id)) this.post({ id, cancel: true });
  }

  /** For tests: kill the worker as a crash would. */
  async crashForTest(): Promise<void> {
    await this.worker?.terminate();
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    const stop = this.worker ? this.stopWorker : null;
    this.worker = null;
    for (const [, p] of this.pending) p.reject(new Error('estimation worker disposed'));
    this.pending.clear();
    await stop?.();
  }
}
