/**
 * The rows of the Estimate table as a pure view model: rent or buy, the provider / GPU / price-kind filter and the
 * ranking (by cost, or cheapest reliable) applied to an estimate; which row starts selected; which machine the
 * "Buy or rent" panel compares.
 */
import type { GpuEstimate, RankedRow, WorkloadEstimate } from '../../../shared/estimate/estimate';
import { breakEvenOf, filterAndRank, isPurchase, type BreakEven } from '../../../shared/estimate/rent-vs-buy';
import { rerank, reliabilityLookup, type RankBy, type ReliabilityCatalog } from '../../../shared/estimate/reliable-ranking';
import type { Reliability } from '../../../shared/domain/reliability';

export interface EstimateRow {
  key: string;
  gpu: GpuEstimate;
  cost: RankedRow | null;
  shownRank: number | null;
  star: boolean;
  breakEven: BreakEven | null;
  reliability: Reliability | null;
}

export type OfferMode = 'rent' | 'buy';

/** Which offers the table shows ('' = all) and how they are ranked. */
export interface OfferFilter {
  mode: OfferMode;
  provider: string;
  gpu: string;
  kind: string;
  rankBy: RankBy;
}

/** Rent or buy, then the filter; ranks and the Pareto star are recomputed among what is shown. A GPU with no offering
 * is one unpriced row (in rent mode, without provider or kind filter). */
export function estimateRows(estimate: WorkloadEstimate | null, filter: OfferFilter, reliability: ReliabilityCatalog): EstimateRow[] {
  if (!estimate) return [];
  const { mode, provider, gpu, kind } = filter;
  const fitsAsAsked = new Set(estimate.results.filter((g) => g.fits).map((g) => g.gpuId));
  const shown = filterAndRank(
    estimate.ranking,
    { mode, providers: provider ? [provider] : [], gpuIds: gpu ? [gpu] : [], kinds: kind ? [kind] : [] },
    (r) => fitsAsAsked.has(r.gpuId),
  );
  const byKey = new Map(rerank(shown, filter.rankBy, reliabilityLookup(reliability)).map((r) => [r.key, r]));
  const out: EstimateRow[] = [];
  for (const g of estimate.results) {
    if (gpu && g.gpuId !== gpu) continue;
    const costs = g.training?.offerings ?? [];
    if (costs.length === 0 && mode === 'rent' && !provider && !kind)
      out.push({ key: `gpu|${g.gpuId}`, gpu: g, cost: null, shownRank: null, star: false, breakEven: null, reliability: null });
    for (const c of costs) {
      const key = `${c.offeringId}|${c.priceKind}`;
      const r = byKey.get(key);
      if (!r) continue;
      out.push({
        key,
        gpu: g,
        cost: r,
        shownRank: r.shownRank,
        star: r.star,
        breakEven: isPurchase(r) ? breakEvenOf(r, estimate.ranking, estimate.assumptions.cost) : null,
        reliability: r.reliability,
      });
    }
  }
  return out;
}

/** The providers of the estimate's offers, sorted. */
export const providerNamesOf = (estimate: WorkloadEstimate | null) =>
  [...new Set((estimate?.ranking ?? []).map((r) => r.providerName))].sort();

/** The price kinds of the mode (rentals, or purchases). */
export const priceKindsOf = (estimate: WorkloadEstimate | null, mode: OfferMode) => [
  ...new Set((estimate?.ranking ?? []).filter((r) => (mode === 'buy') === isPurchase(r)).map((r) => r.priceKind)),
];

/** The rows that are rented, not bought. */
export const rentalsOf = (estimate: WorkloadEstimate | null) => (estimate?.ranking ?? []).filter((r) => !isPurchase(r));

/** What makes a workload "another one" for the selection: model, method, data; an edit of anything else keeps it. */
export const workloadIdentity = (estimate: WorkloadEstimate | null) =>
  estimate ? JSON.stringify([estimate.workload.model, estimate.workload.method, estimate.workload.dataset, estimate.workload.epochs]) : '';

/** The row a new workload starts from: the best trade-off, else the first priced row that fits, else the first. */
export const defaultSelectedKey = (rows: readonly EstimateRow[]): string | null =>
  rows.find((r) => r.star)?.key ?? rows.find((r) => r.cost && r.gpu.fits)?.key ?? rows[0]?.key ?? null;

/** The machine the "Buy or rent" panel compares: the selected purchase row, else the cheapest shown (buy mode only). */
export function buyRowKeyOf(rows: readonly EstimateRow[], selected: string | null, mode: OfferMode): string | null {
  if (mode !== 'buy') return null;
  return (rows.find((r) => r.key === selected && r.cost?.priceKind === 'purchase') ?? rows.find((r) => r.cost))?.key ?? null;
}

/** A row that does not fit is marked: in warning colours when it fits in accumulation steps, else as bad. */
export const estimateRowClass = (r: EstimateRow) => (r.gpu.fits ? undefined : r.gpu.largestBatch > 0 ? 'est-row-warn' : 'est-row-bad');
