/**
 * Rent or buy: purchases are not ranked with rentals (a lead does not own a $1,750 machine because its amortized
 * share of one run is cheap). For a purchase, the full price and when it pays off against renting for this workload.
 */
import { offerLabel } from '../domain/offer-label';
import { moneyFigure } from '../domain/money-format';
import type { RankedRow } from './estimate';
import type { CostAssumptions } from './cost';
import { purchaseLifetimeHours } from '../domain/settings/cost-settings';
import { paretoFront, rankByCost } from './ranking';

export const isPurchase = (r: { priceKind: string }) => r.priceKind === 'purchase';

export interface BreakEven {
  /** The machine's full price, USD. */
  purchaseUsd: number;
  /** Electricity of one run on the machine, USD. */
  electricityPerRunUsd: number;
  /** The cheapest rental of this workload that fits (what buying is compared with), or null when none. */
  rental: { key: string; label: string; usd: number } | null;
  /** Runs like this one after which buying costs less than renting; null when renting is never dearer per run. */
  runs: number | null;
  /** Hours of use on the machine those runs take. */
  hours: number | null;
  text: string;
}

const usd = (v: number) => moneyFigure('USD', v, 'estimate');

/** Break-even of one purchase row against the cheapest fitting rental of the same estimate. */
export function breakEvenOf(purchase: RankedRow, rows: readonly RankedRow[], assumptions: CostAssumptions): BreakEven {
  const lifetimeHours = purchaseLifetimeHours(assumptions);
  const amortized = (purchase.price.usd / lifetimeHours) * purchase.hours;
  const electricity = Math.max(0, purchase.usd - amortized);
  const rentals = rankByCost(rows.filter((r) => !isPurchase(r) && r.fits && r.price.per === 'hour'));
  const best = rentals[0] ?? null;
  const rental = best ? { key: best.key, label: `${offerLabel(best.providerName, best.sku)} (${best.priceKind})`, usd: best.usd } : null;
  const saving = rental ? rental.usd - electricity : 0;
  const runs = rental && saving > 0 ? Math.ceil(purchase.price.usd / saving) : null;
  const hours = runs !== null ? Math.round(runs * purchase.hours) : null;
  const text = !rental
    ? `No rental of this workload to compare with: the machine costs ${usd(purchase.price.usd)} up front.`
    : runs === null
      ? `Renting ${rental.label} costs ${usd(rental.usd)} a run, no more than this machine's electricity: buying never pays off for this workload.`
      : `Buying (${usd(purchase.price.usd)}) pays off after ${runs.toLocaleString('en-US')} run${runs > 1 ? 's' : ''} like this one (about ${hours!.toLocaleString('en-US')} h of use) against renting ${rental.label} at ${usd(rental.usd)} a run; electricity ${usd(electricity)} a run.`;
  return { purchaseUsd: purchase.price.usd, electricityPerRunUsd: Math.round(electricity * 100) / 100, rental, runs, hours, text };
}

export interface RowFilter {
  mode: 'rent' | 'buy';
  providers?: readonly string[];
  gpuIds?: readonly string[];
  kinds?: readonly string[];
}

/** The rows a filter keeps, re-ranked by cost among themselves, with the Pareto star only on rows that fit as asked. */
export function filterAndRank<R extends RankedRow>(
  rows: readonly R[],
  filter: RowFilter,
  fitsAsAsked: (r: R) => boolean,
): Array<R & { shownRank: number; star: boolean }> {
  const kept = rows.filter(
    (r) =>
      (filter.mode === 'buy') === isPurchase(r) &&
      (!filter.providers?.length || filter.providers.includes(r.providerName)) &&
      (!filter.gpuIds?.length || filter.gpuIds.includes(r.gpuId)) &&
      (!filter.kinds?.length || filter.kinds.includes(r.priceKind)),
  );
  const front = paretoFront(kept.map((r) => ({ ...r, fits: r.fits && fitsAsAsked(r) })));
  return rankByCost(kept).map((r, i) => ({ ...r, shownRank: i + 1, star: filter.mode === 'rent' && front.has(r.key) }));
}
