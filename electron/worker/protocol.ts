/**
 * The estimation worker's protocol: a request id, a typed request, and typed answers — a result, a serialized
 * error, or progress messages for sweeps. `cancel` stops a sweep between chunks.
 */
import type { Gpu, OfferingWithPrices } from '../../shared/domain/catalog';
import type { SerializedError } from '../../shared/domain/errors';
import type { CostSettings } from '../../shared/domain/settings/cost-settings';
import type { WorkloadEstimate } from '../../shared/estimate/estimate';
import type { SweepSummary } from '../../shared/estimate/estimation-engine';

export type { SweepSummary };

export type EstimationRequest =
  | { kind: 'set-catalog'; gpus: Gpu[]; offerings: OfferingWithPrices[]; cost?: CostSettings }
  | { kind: 'estimate'; workload: unknown; gpuIds?: string[]; includeFlagged?: boolean }
  | { kind: 'sweep'; workloads: unknown[]; gpuIds?: string[] };

export type EstimationResponse<R extends EstimationRequest> = R extends { kind: 'estimate' }
  ? WorkloadEstimate
  : R extends { kind: 'sweep' }
    ? { cancelled: boolean; done: number; summaries: SweepSummary[] }
    : { ok: true };

export type ToWorker = { id: number; request: EstimationRequest } | { id: number; cancel: true };

export type FromWorker =
  | { id: number; type: 'result'; value: unknown }
  | { id: number; type: 'error'; error: SerializedError }
  | { id: number; type: 'progress'; done: number; total: number };
