/**
 * The estimate's ranking for the CLI: by cost (the cheapest rentals that fit) or "cheapest reliable" (only offers whose
 * reliability, catalog data with its source, reaches --min-reliability), each row with its rating.
 */
import type { WorkloadEstimate } from '../../../shared/estimate/estimate';
import { rankByCost } from '../../../shared/estimate/ranking';
import {
  rankCheapestReliable,
  reliabilityLookup,
  starsText,
  withReliability,
  type RankBy,
  type ReliabilityCatalog,
} from '../../../shared/estimate/reliable-ranking';
import type { toCliJson } from '../../../shared/estimate/cli-json';
import { UsageError } from '../cli-io';

export function parseRankOptions(rank: string | undefined, minReliability: string | undefined, usage: string): { by: RankBy; min: number } {
  if (rank !== 'cost' && rank !== 'reliable') throw new UsageError(`--rank must be cost or reliable (got "${rank}")\n${usage}`);
  const min = Number(minReliability);
  if (!Number.isFinite(min) || min < 0 || min > 1)
    throw new UsageError(`--min-reliability must be a number from 0 to 1 (got "${minReliability}")\n${usage}`);
  return { by: rank, min };
}

export function rankedRows(estimate: WorkloadEstimate, catalog: ReliabilityCatalog, by: RankBy, min: number) {
  const lookup = reliabilityLookup(catalog);
  const rentals = estimate.ranking.filter((r) => r.priceKind !== 'purchase');
  const rows =
    by === 'reliable'
      ? rankCheapestReliable(rentals, lookup, min)
      : withReliability(
          rankByCost(rentals).filter((r) => r.fits),
          lookup,
          min,
        );
  return rows.map((r) => ({
    offeringId: r.offeringId,
    priceKind: r.priceKind,
    gpuId: r.gpuId,
    usd: r.usd,
    hours: r.hours,
    asOf: r.asOf,
    reliability: r.reliability
      ? { stars: r.reliability.stars, score: r.reliability.score, interruption: r.reliability.interruption, source: r.reliability.source }
      : null,
  }));
}

/** The spec's JSON with each priced offer's rating and the chosen ranking added. */
export function withRanking(
  json: ReturnType<typeof toCliJson>,
  estimate: WorkloadEstimate,
  catalog: ReliabilityCatalog,
  by: RankBy,
  min: number,
) {
  const lookup = reliabilityLookup(catalog);
  const rating = (offeringId: string, priceKind: string) => {
    const r = lookup(offeringId, priceKind);
    return r ? { stars: r.stars, score: r.score, source: r.source } : null;
  };
  return {
    ...json,
    results: json.results.map((r) =>
      r.training
        ? {
            ...r,
            training: {
              ...r.training,
              offerings: r.training.offerings.map((o) => ({ ...o, reliability: rating(o.offeringId, o.priceKind) })),
            },
          }
        : r,
    ),
    ranking: { by, minReliability: min, rows: rankedRows(estimate, catalog, by, min) },
  };
}

export function rankingText(estimate: WorkloadEstimate, catalog: ReliabilityCatalog, by: RankBy, min: number): string {
  const rows = rankedRows(estimate, catalog, by, min).slice(0, 10);
  const title = by === 'reliable' ? `cheapest reliable (reliability ≥ ${min}, the PRS-Med document's stars ÷ 5)` : 'cheapest that fits';
  if (rows.length === 0) return `\n${title}: none\n`;
  const lines = rows.map(
    (r, i) =>
      `${String(i + 1).padStart(3)}. $${r.usd} ${r.priceKind.padEnd(11)} ${r.offeringId.padEnd(26)} ${r.hours.toFixed(2).padStart(8)} h  ${starsText(r.reliability ? { ...r.reliability, providerId: '', priceKind: '', availability: '', asOf: '' } : null)}`,
  );
  return `\n${title}:\n${lines.join('\n')}\n`;
}
