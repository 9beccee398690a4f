/**
 * "Cheapest reliable": the cheapest offers whose reliability (data from the catalog, with its source) reaches a
 * threshold. An unrated offer is never called reliable; an offer that does not fit is never ranked.
 */
import { reliabilityIndex, type Reliability } from '../domain/reliability';

export type RankBy = 'cost' | 'reliable';
/** 4 of 5 stars: seed 002 rates RunPod, Lambda (⭐⭐⭐⭐) and AWS spot (⭐⭐⭐⭐⭐) "reliable", vast.ai (⭐⭐⭐) and Colab (⭐⭐) less so. */
export const DEFAULT_MIN_RELIABILITY = 0.8;

export interface ReliabilityCatalog {
  entries: Reliability[];
  /** offering id → provider id */
  offeringProviders: Record<string, string>;
}

/** The rating of an (offering, price kind), or null when the catalog has none. */
export function reliabilityLookup(catalog: ReliabilityCatalog) {
  const of = reliabilityIndex(catalog.entries);
  return (offeringId: string, priceKind: string): Reliability | null => {
    const provider = catalog.offeringProviders[offeringId];
    return provider ? of(provider, priceKind) : null;
  };
}

interface Rankable {
  offeringId: string;
  priceKind: string;
  usd: number;
  hours: number;
  fits: boolean;
}

export type WithReliability<R> = R & { reliability: Reliability | null; reliable: boolean };

/** Every row with its rating and whether it reaches `minScore`. */
export function withReliability<R extends Rankable>(
  rows: readonly R[],
  lookup: (offeringId: string, priceKind: string) => Reliability | null,
  minScore = DEFAULT_MIN_RELIABILITY,
): Array<WithReliability<R>> {
  return rows.map((r) => {
    const reliability = lookup(r.offeringId, r.priceKind);
    return { ...r, reliability, reliable: reliability !== null && reliability.score >= minScore };
  });
}

/** Rows that fit and are reliable, cheapest first (then fastest, then the more reliable). */
export function rankCheapestReliable<R extends Rankable>(
  rows: readonly R[],
  lookup: (offeringId: string, priceKind: string) => Reliability | null,
  minScore = DEFAULT_MIN_RELIABILITY,
): Array<WithReliability<R>> {
  return withReliability(rows, lookup, minScore)
    .filter((r) => r.fits && r.reliable)
    .sort((a, b) => a.usd - b.usd || a.hours - b.hours || b.reliability!.score - a.reliability!.score);
}

export const starsText = (r: Reliability | null) => (r ? `${'★'.repeat(r.stars)}${'☆'.repeat(5 - r.stars)} (${r.score})` : 'unrated');

/**
 * Re-ranks rows already filtered and ranked by cost: by "cost" they keep their rank; by "reliable" only the rows that
 * fit and are reliable are numbered (cheapest first), the others lose their number and star. Each row gets its rating.
 */
export function rerank<R extends Rankable & { shownRank: number; star: boolean }>(
  rows: readonly R[],
  by: RankBy,
  lookup: (offeringId: string, priceKind: string) => Reliability | null,
  minScore = DEFAULT_MIN_RELIABILITY,
): Array<WithReliability<Omit<R, 'shownRank'> & { shownRank: number | null }>> {
  const rated = withReliability(rows, lookup, minScore);
  if (by === 'cost') return rated;
  const order = new Map(
    rated
      .filter((r) => r.fits && r.reliable)
      .sort((a, b) => a.usd - b.usd || a.hours - b.hours)
      .map((r, i) => [r, i + 1] as const),
  );
  return rated.map((r) => ({ ...r, shownRank: order.get(r) ?? null, star: order.has(r) && r.star }));
}
