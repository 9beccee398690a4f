/**
 * What the worker runs (and what the CLI and tests run in-process): the pure estimation functions over a
 * catalog snapshot, plus sweeps in chunks that report progress and stop on cancel.
 */
import type { Gpu, OfferingWithPrices } from '../domain/catalog';
import type { CostSettings } from '../domain/settings/cost-settings';
import { flagInconsistentPrices, type PriceFlag } from '../domain/price-health';
import { estimateWorkloadAcrossCatalog, type WorkloadEstimate } from './estimate';

/** One workload of a sweep, summarised: its cheapest offer and its fastest GPU (or why it failed). */
export interface SweepSummary {
  index: number;
  ok: boolean;
  error: string | null;
  cheapest: { offeringId: string; priceKind: string; usd: number; hours: number } | null;
  fastest: { gpuId: string; hours: number | null; samplesPerSecond: number } | null;
}

export interface SweepControl {
  onProgress?: (done: number, total: number) => void;
  isCancelled?: () => boolean;
  /** yields to the event loop between chunks so cancel messages arrive (worker) — omit in-process. */
  yieldEvery?: () => Promise<void>;
  chunkSize?: number;
}

export function summarize(index: number, e: WorkloadEstimate): SweepSummary {
  const cheapest = e.ranking.find((r) => r.fits) ?? null;
  let fastest: SweepSummary['fastest'] = null;
  for (const r of e.results) {
    if (!r.fits && r.largestBatch < 1) continue;
    if (!fastest || r.throughput.samplesPerSecond > fastest.samplesPerSecond)
      fastest = { gpuId: r.gpuId, hours: r.training?.hours ?? null, samplesPerSecond: r.throughput.samplesPerSecond };
  }
  return {
    index,
    ok: true,
    error: null,
    cheapest: cheapest
      ? { offeringId: cheapest.offeringId, priceKind: cheapest.priceKind, usd: cheapest.usd, hours: cheapest.hours }
      : null,
    fastest,
  };
}

export class EstimationEngine {
  private gpus: Gpu[] = [];
  private offerings: OfferingWithPrices[] = [];
  /** The settings' cost assumptions (electricity, lifetime, hours a year); the defaults until main sends them. */
  private cost: CostSettings | undefined;
  /** The catalog's inconsistent prices, found once per catalog snapshot (not per workload of a sweep). */
  private priceFlags: PriceFlag[] = [];

  setCatalog(gpus: Gpu[], offerings: OfferingWithPrices[], cost?: CostSettings): void {
    this.gpus = gpus;
    this.offerings = offerings;
    this.cost = cost;
    this.priceFlags = flagInconsistentPrices(offerings);
  }

  estimate(workload: unknown, gpuIds?: string[], options: { includeFlagged?: boolean } = {}): WorkloadEstimate {
    return estimateWorkloadAcrossCatalog(workload, this.gpus, this.offerings, {
      ...(gpuIds && gpuIds.length ? { gpuIds } : {}),
      ...(this.cost ? { cost: this.cost } : {}),
      priceFlags: this.priceFlags,
      ...(options.includeFlagged ? { includeFlagged: true } : {}),
    });
  }

  async sweep(
    workloads: unknown[],
    gpuIds: string[] | undefined,
    control: SweepControl = {},
  ): Promise<{ cancelled: boolean; done: number; summaries: SweepSummary[] }> {
    const summaries: SweepSummary[] = [];
    const chunk = control.chunkSize ?? 50;
    for (let i = 0; i < workloads.length; i += 1) {
      if (i % chunk === 0 && i > 0) {
        control.onProgress?.(i, workloads.length);
        if (control.yieldEvery) await control.yieldEvery();
        if (control.isCancelled?.()) return { cancelled: true, done: i, summaries };
      }
      try {
        summaries.push(summarize(i, this.estimate(workloads[i], gpuIds)));
      } catch (error) {
        summaries.push({
          index: i,
          ok: false,
          error: error instanceof Error ? error.message : String(error),
          cheapest: null,
          fastest: null,
        });
      }
    }
    control.onProgress?.(workloads.length, workloads.length);
    return { cancelled: false, done: workloads.length, summaries };
  }
}
