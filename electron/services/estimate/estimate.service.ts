/**
 * Estimate use cases: the model library, one workload across the catalog, sweeps with progress and cancel,
 * saved workloads. Estimates run in the estimation worker when its bundle is beside the main bundle (the app),
 * else in-process with the same pure functions (CLI, tests).
 */
import type { SettingsService } from '../settings/settings.service';
import fs from 'node:fs';
import path from 'node:path';
import { UserError } from '../../../shared/domain/errors';
import { profileModel } from '../../../shared/estimate/architecture';
import type { WorkloadEstimate } from '../../../shared/estimate/estimate';
import { MODEL_PRESETS } from '../../../shared/estimate/presets';
import { parseWorkload } from '../../../shared/estimate/workload';
import type { ParsedRequest } from '../../../shared/ipc/contract';
import * as q from '../../db/queries/estimate';
import { EstimationClient } from '../../worker/estimation-client';
import { EstimationEngine } from '../../../shared/estimate/estimation-engine';
import type { SweepSummary } from '../../worker/protocol';
import type { CatalogService } from '../catalog/catalog.service';
import type { ServiceDeps } from '../service-deps';

export type EstimateService = ReturnType<typeof createEstimateService>;

function workerFile(): string | null {
  const candidate = path.join(__dirname, 'estimation.worker.cjs');
  return fs.existsSync(candidate) ? candidate : null;
}

/** The catalog the estimates price against. */
export interface EstimateServiceDeps {
  catalog: Pick<CatalogService, 'listGpus' | 'listOfferings'>;
  settings: Pick<SettingsService, 'costSettings'>;
}

export function createEstimateService(deps: ServiceDeps, { catalog, settings }: EstimateServiceDeps) {
  const engine = new EstimationEngine();
  const file = process.env.GPU_PLANNER_NO_WORKER ? null : workerFile();
  let client: EstimationClient | null = null;
  let catalogKey = '';
  const sweeps = new Map<string, () => void>();

  /** The catalog snapshot and the settings' cost assumptions the estimates use; re-sent to the worker only when they changed. */
  function refreshCatalog(): void {
    const gpus = catalog.listGpus();
    const offerings = catalog.listOfferings();
    const cost = settings.costSettings();
    const key = `${gpus.length}:${offerings.length}:${offerings.reduce((s, o) => s + o.prices.reduce((t, p) => t + p.id, 0), 0)}:${gpus.map((g) => g.id).join(',')}:${JSON.stringify(cost)}`;
    if (key === catalogKey) return;
    catalogKey = key;
    engine.setCatalog(gpus, offerings, cost);
    if (client) void client.request({ kind: 'set-catalog', gpus, offerings, cost }).promise;
  }

  function getClient(): EstimationClient | null {
    if (!file) return null;
    if (!client) {
      client = new EstimationClient(file, deps.logger);
      catalogKey = '';
    }
    return client;
  }

  function listPresets() {
    return MODEL_PRESETS.map((p) => ({
      id: p.id,
      aliases: p.aliases ?? [],
      name: p.name,
      family: p.family,
      params: profileModel(p.arch, p.defaultInput).params,
      defaultInput: p.defaultInput,
      maxSeqLen: p.maxInput?.seqLen ?? null,
      source: p.source,
    }));
  }

  /** In-process estimate (fast: ~1 ms per workload across the catalog). Used by plans and the CLI. */
  function estimateWorkload(workload: unknown, gpuIds?: string[], options: { includeFlagged?: boolean } = {}): WorkloadEstimate {
    refreshCatalog();
    return engine.estimate(workload, gpuIds, options);
  }

  async function run(request: ParsedRequest<'estimate:run'>): Promise<WorkloadEstimate> {
    parseWorkload(request.workload); // field errors before any work
    const c = getClient();
    refreshCatalog();
    const includeFlagged = request.includeFlagged === true;
    if (!c) return engine.estimate(request.workload, request.gpuIds, { includeFlagged });
    return c.request({
      kind: 'estimate',
      workload: request.workload,
      ...(request.gpuIds ? { gpuIds: request.gpuIds } : {}),
      ...(includeFlagged ? { includeFlagged } : {}),
    }).promise;
  }

  async function sweep(
    request: ParsedRequest<'estimate:sweep'>,
  ): Promise<{ sweepId: string; cancelled: boolean; done: number; summaries: SweepSummary[] }> {
    if (sweeps.has(request.sweepId))
      throw new UserError('SWEEP_RUNNING', `A sweep "${request.sweepId}" is already running.`, { field: 'sweepId' });
    const c = getClient();
    refreshCatalog();
    const total = request.workloads.length;
    const onProgress = (done: number) => deps.emit('estimate:sweep-progress', { sweepId: request.sweepId, done, total });
    try {
      if (c) {
        const { id, promise } = c.request(
          { kind: 'sweep', workloads: request.workloads, ...(request.gpuIds ? { gpuIds: request.gpuIds } : {}) },
          onProgress,
        );
        sweeps.set(request.sweepId, () => c.cancel(id));
        return { sweepId: request.sweepId, ...(await promise) };
      }
      let cancelled = false;
      sweeps.set(request.sweepId, () => {
        cancelled = true;
      });
      const result = await engine.sweep(request.workloads, request.gpuIds, {
        onProgress,
        isCancelled: () => cancelled,
        yieldEvery: () => new Promise((r) => setImmediate(r)),
      });
      return { sweepId: request.sweepId, ...result };
    } finally {
      sweeps.delete(request.sweepId);
    }
  }

  function cancelSweep(sweepId: string): boolean {
    const cancel = sweeps.get(sweepId);
    cancel?.();
    return Boolean(cancel);
  }

  function saveWorkload(request: ParsedRequest<'estimate:save-workload'>) {
    parseWorkload(request.workload);
    const id = request.id ?? `w-${deps.now().getTime().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
    q.upsertWorkload(deps.db, { id, name: request.name, workloadJson: JSON.stringify(request.workload), now: deps.now().toISOString() });
    return q.selectWorkload(deps.db, id)!;
  }

  return {
    listPresets,
    estimateWorkload,
    run,
    sweep,
    cancelSweep,
    saveWorkload,
    listWorkloads: () => q.selectWorkloads(deps.db),
    getWorkload: (id: string) => q.selectWorkload(deps.db, id),
    deleteWorkload: (id: string) => q.deleteWorkload(deps.db, id) === 1,
    /** Stops the worker (app quit). */
    dispose: async () => {
      await client?.dispose();
      client = null;
    },
  };
}
