/**
 * The report's storage and data-transfer lines (issue 19 item 15): their own lines beside the GPU cost, each with its
 * quantity, its price in words, the price's date and source.
 */
import Big from 'big.js';
import { catalogUsdIn, type ReferenceRate } from '../plan/plan-currency';
import type { PlanTotals } from '../plan/totals';
import type { Plan } from '../plan/types';
import { readableSource } from '../source-documents';
import { usdText } from './usd-text';

export interface ReportDataCosts {
  /** The currency of every amount here (the project's). */
  currency: string;
  gpuUsd: string;
  storageUsd: string;
  transferUsd: string;
  /** GPU + storage + transfer, and the budget left after all of them. */
  allCostsUsd: string;
  remainingAllCostsUsd: string;
  lines: Array<{
    label: string;
    category: 'storage' | 'transfer';
    track: string;
    quantity: string;
    usd: string;
    price: string;
    asOf: string | null;
    source: string;
  }>;
  rule: string;
}

/** `catalogRate`: the rate its catalog prices (in USD) are shown at beside their dollars; null for a project in USD. */
export function reportDataCosts(plan: Plan, totals: PlanTotals, catalogRate: ReferenceRate | null = null): ReportDataCosts {
  const trackName = new Map(plan.tracks.map((t) => [t.id, t.name]));
  return {
    currency: totals.currency,
    gpuUsd: totals.usd,
    storageUsd: totals.storageUsd,
    transferUsd: totals.transferUsd,
    allCostsUsd: totals.allCostsUsd,
    remainingAllCostsUsd: totals.remainingAllCostsUsd,
    lines: totals.dataCosts.lines.map((l) => ({
      label: l.label,
      category: l.category,
      track: l.trackId ? (trackName.get(l.trackId) ?? l.trackId) : 'whole project',
      quantity: l.quantity,
      usd: l.usd,
      price: l.rate
        ? `${l.rate.sku}: ${catalogUsdIn(l.rate.price, catalogRate?.factor ?? null, totals.currency)}`
        : (l.unpriced ?? 'no price'),
      asOf: l.rate?.asOf ?? null,
      source: readableSource(l.rate?.source ?? ''),
    })),
    rule: totals.dataCosts.rule,
  };
}

/** "Storage $2.70 and data transfer $0.00 …" — the brief's sentence, empty when the plan states no storage or transfer. */
export function dataCostsSentence(d: ReportDataCosts): string {
  if (d.lines.length === 0) return '';
  const left = new Big(d.remainingAllCostsUsd);
  const usd = (v: string | Big) => usdText(new Big(v).abs().toFixed(2), d.currency);
  return (
    `Storage ${usd(d.storageUsd)} and data transfer ${usd(d.transferUsd)} come on top of the GPU cost of ${usd(d.gpuUsd)}: ` +
    `all costs ${usd(d.allCostsUsd)}, ${left.lt(0) ? `${usd(left)} over` : `${usd(left)} left of`} the budget.`
  );
}
