/**
 * Which price an allocation is costed at, and what it costs.
 *
 * Cost definition (stated once, used everywhere):
 * - hourly price (`per: hour`, the price of the whole offering, which has `offering.gpuCount` GPUs):
 *   cost = allocation.hours × allocation.gpuCount × (usd / offering.gpuCount)  — i.e. hours × GPUs × price per GPU-hour.
 * - subscription (`per: month`): the fee once per calendar month the plan books the subscription, its allowance shared by
 *   that month's bookings, units beyond it bought as whole top-up packs or raised as a problem (subscription-pricing.ts).
 * - reserved (`reserved-1y`/`-3y`, hourly rate): a commitment of term × 8,760 h × the rate for each reservation (one box),
 *   paid whether used or not; the plan's allocations on the offering share it in proportion to their GPU-hours
 *   (commitment × allocation GPU-hours ÷ all the plan's GPU-hours there). More box-hours than a term holds take more
 *   reservations. A reservation the plan barely uses costs far more per hour than on-demand — that is the point.
 * - purchase (`per: once`): owned hardware, no running cost in the plan (the purchase is a budget line, not a weekly cost).
 * - no offering (a GPU type only) or no price: cost 0 and the allocation is reported as unpriced.
 *
 * The price kind is the one the plan was made with (`plannedPrices`), else on-demand, else spot, else subscription.
 * The figure is the catalog's current price of that kind when the offering still exists, else the planned price.
 */
import Big from 'big.js';
import { reservedCommitment, reservedTermYears } from '../reserved';
import { BUNDLED_SUBSCRIPTIONS } from '../subscriptions';
import type { Allocation, OfferingFacts, Plan, PlanCatalog, PlannedPrice } from './types';

export const WEEKS_PER_MONTH = new Big(52).div(12);
const KIND_PREFERENCE = ['on-demand', 'spot', 'subscription', 'reserved-1y', 'reserved-3y', 'purchase'];

export interface ResolvedPrice {
  offeringId: string;
  kind: string;
  usd: Big;
  per: 'hour' | 'month' | 'once';
  asOf: string;
  source: string;
  /** true when the figure comes from the current catalog, false when from the plan's own planned price. */
  fromCatalog: boolean;
  offeringGpuCount: number;
  /** usd ÷ offeringGpuCount, computed once (hourly prices). */
  perGpu: Big;
  /** Identity of the figure, for memoized costs. */
  memoKey: string;
  /** Term of a reservation in years (its price is a commitment), else null. */
  termYears: number | null;
}

function resolved(p: Omit<ResolvedPrice, 'perGpu' | 'memoKey' | 'termYears'>): ResolvedPrice {
  return {
    ...p,
    termYears: p.per === 'hour' ? reservedTermYears(p.kind) : null,
    memoKey: `${p.kind}|${p.usd.toString()}|${p.per}|${p.offeringGpuCount}`,
    perGpu: p.offeringGpuCount === 1 ? p.usd : p.usd.div(p.offeringGpuCount),
  };
}

export function indexCatalog(catalog: PlanCatalog): Map<string, OfferingFacts> {
  return new Map(catalog.offerings.map((o) => [o.id, o]));
}

export function resolvePrice(
  offeringId: string,
  planned: PlannedPrice | undefined,
  offering: OfferingFacts | undefined,
): ResolvedPrice | null {
  const live = offering && !offering.deleted ? offering : undefined;
  if (live) {
    const kinds = planned ? [planned.kind, ...KIND_PREFERENCE] : KIND_PREFERENCE;
    for (const kind of kinds) {
      const p = live.prices.find((x) => x.kind === kind);
      if (p)
        return resolved({
          offeringId,
          kind,
          usd: new Big(p.usd),
          per: p.per,
          asOf: p.asOf,
          source: p.source,
          fromCatalog: true,
          offeringGpuCount: live.gpuCount,
        });
    }
  }
  if (planned) {
    return resolved({
      offeringId,
      kind: planned.kind,
      usd: new Big(planned.usd),
      per: planned.per,
      asOf: planned.asOf,
      source: planned.source,
      fromCatalog: false,
      offeringGpuCount: offering?.gpuCount ?? 1,
    });
  }
  return null;
}

/** Price resolver for a whole plan, memoized per offering. */
export function createPriceBook(plan: Plan, catalog: PlanCatalog) {
  const offerings = indexCatalog(catalog);
  const planned = new Map(plan.plannedPrices.map((p) => [p.offeringId, p]));
  const cache = new Map<string, ResolvedPrice | null>();
  return {
    offerings,
    planned,
    /** The catalog's subscription allowances (absent from the catalog: the bundled rows). */
    subscriptions: catalog.subscriptions ?? BUNDLED_SUBSCRIPTIONS,
    price(offeringId: string | null): ResolvedPrice | null {
      if (!offeringId) return null;
      if (!cache.has(offeringId)) cache.set(offeringId, resolvePrice(offeringId, planned.get(offeringId), offerings.get(offeringId)));
      return cache.get(offeringId) ?? null;
    },
  };
}
export type PriceBook = ReturnType<typeof createPriceBook>;

/** Hourly cost of `hours` on `gpuCount` GPUs at an hourly offering price. */
export function hourlyCost(price: ResolvedPrice, hours: number, gpuCount: number): Big {
  return price.perGpu.times(hours).times(gpuCount);
}

/** Money as a decimal string with cents (display and JSON); exact sums stay in Big until here. */
export function toMoney(value: Big): string {
  return value.round(2, Big.roundHalfUp).toFixed(2);
}

/** A reservation's commitment for `gpuHours` of use on its offering (box-hours = GPU-hours ÷ GPUs in the box). */
export function reservationCommitment(price: ResolvedPrice, gpuHours: number): Big {
  if (price.termYears === null) return new Big(0);
  return reservedCommitment(price.usd, price.termYears, gpuHours / price.offeringGpuCount, null).commitmentUsd;
}

/** Cost of each allocation on a reserved offering: the plan's commitment there, shared by GPU-hours. */
export function reservedAllocationCosts(allocations: readonly Allocation[], book: PriceBook): Map<string, Big> {
  const byOffering = new Map<string, Allocation[]>();
  for (const a of allocations) {
    const price = book.price(a.offeringId);
    if (!price || price.termYears === null) continue;
    byOffering.set(a.offeringId!, [...(byOffering.get(a.offeringId!) ?? []), a]);
  }
  const costs = new Map<string, Big>();
  for (const [offeringId, users] of byOffering) {
    const price = book.price(offeringId)!;
    const gpuHours = users.reduce((sum, a) => sum + a.hours * a.gpuCount, 0);
    const commitment = reservationCommitment(price, gpuHours);
    for (const a of users) costs.set(a.id, gpuHours > 0 ? commitment.times(a.hours * a.gpuCount).div(gpuHours) : new Big(0));
  }
  return costs;
}

/** What `gpuHours` on one offering cost alone: hourly × hours, a reservation's whole commitment, else 0 (subscriptions, purchases). */
export function standaloneCost(price: ResolvedPrice | null, gpuHours: number): Big {
  if (!price || price.per !== 'hour') return new Big(0);
  return price.termYears !== null ? reservationCommitment(price, gpuHours) : hourlyCost(price, gpuHours, 1);
}
