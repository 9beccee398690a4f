/**
 * Heap limits for every worker thread (issue 11): a runaway worker (a damaged file that decodes to gigabytes, a
 * pathological input) ends with ERR_WORKER_OUT_OF_MEMORY, an error its client reports, instead of taking the process
 * (the app) down with it. (The billing readers run in child processes with their own heap limits: reader-child.ts.)
 */
import type { ResourceLimits } from 'node:worker_threads';

export const WORKER_RESOURCE_LIMITS = {
  /** The estimator: the catalog and one sweep's results. */
  estimation: { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 32 },
  /** The auto-plan solver: the model and HiGHS's WebAssembly heap (outside V8's old generation). */
  optimizer: { maxOldGenerationSizeMb: 512 },
} satisfies Record<string, ResourceLimits>;

/** True for the error a worker raises when it reaches its heap limit. */
export function isWorkerOutOfMemory(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
}
