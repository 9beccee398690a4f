/**
 * "Cheapest reliable" over seed 002's platforms, with the bundled reliability data (stars from the seed's table) and
 * the app's estimate of the PRS-Med LoRA run (the seed-002 example's workload).
 */
import { describe, expect, it } from 'vitest';
import gpusJson from '../../resources/catalog/gpus.json';
import offeringsJson from '../../resources/catalog/offerings.json';
import reliabilityJson from '../../resources/catalog/reliability.json';
import prsMed from '../../resources/example/seed-002-prs-med-project.json';
import type { Gpu, OfferingWithPrices, Price } from '../domain/catalog';
import { scoreOfStars, type Reliability } from '../domain/reliability';
import { estimateWorkloadAcrossCatalog } from './estimate';
import { rankCheapestReliable, reliabilityLookup, rerank, withReliability } from './reliable-ranking';
import { rankByCost } from './ranking';

const offerings = offeringsJson.offerings.map((o) => ({
  ...o,
  providerName: o.providerId,
  userDefined: false,
  prices: o.prices.map((p, i) => ({ ...p, id: i, offeringId: o.id, recordedAt: '2025-12-01T00:00:00Z' }) as Price),
})) as unknown as OfferingWithPrices[];
const entries: Reliability[] = reliabilityJson.reliability.map((r) => ({ ...r, score: scoreOfStars(r.stars) }));
const lookup = reliabilityLookup({ entries, offeringProviders: Object.fromEntries(offerings.map((o) => [o.id, o.providerId])) });
const workload = prsMed.plan.milestones[0]!.phases[0]!.workload;
const estimate = estimateWorkloadAcrossCatalog(workload, gpusJson.gpus as unknown as Gpu[], offerings);

describe('cheapest reliable (seed 002)', () => {
  it('reads each platform’s rating as data: vast.ai 0.6, RunPod and Lambda 0.8, Colab 0.4, AWS spot 1.0 with its own row', () => {
    expect(lookup('vastai-rtx-3090', 'on-demand')).toMatchObject({ stars: 3, score: 0.6 });
    expect(lookup('runpod-rtx-3090', 'on-demand')).toMatchObject({ stars: 4, score: 0.8 });
    expect(lookup('lambda-rtx-3090', 'on-demand')!.score).toBe(0.8);
    expect(lookup('colab-pro-plus-a100-40gb', 'subscription')!.score).toBe(0.4);
    expect(lookup('aws-p4d-24xlarge', 'spot')!.source).toMatch(/AWS Spot reliability ⭐⭐⭐⭐⭐/);
    expect(lookup('azure-nc6s-v3', 'spot')!.stars).toBe(3);
    expect(lookup('azure-nc6s-v3', 'on-demand')!.stars).toBe(5);
    expect(lookup('local-highend-rtx-4090', 'purchase')).toBeNull();
  });

  it('the cheapest offer overall is on vast.ai; the cheapest reliable one is the cheapest rated 0.8 or more', () => {
    const rentals = estimate.ranking.filter((r) => r.priceKind !== 'purchase');
    const cheapest = rankByCost(rentals).find((r) => r.fits)!;
    expect(cheapest.offeringId.startsWith('vastai-')).toBe(true);
    const reliable = rankCheapestReliable(rentals, lookup);
    expect(reliable.length).toBeGreaterThan(0);
    expect(reliable.every((r) => r.fits && r.reliability!.score >= 0.8)).toBe(true);
    expect(reliable.some((r) => r.offeringId.startsWith('vastai-') || r.offeringId.startsWith('colab-'))).toBe(false);
    // sorted by cost; nothing reliable is cheaper than the first
    const first = reliable[0]!;
    expect(reliable.map((r) => r.usd)).toEqual([...reliable.map((r) => r.usd)].sort((a, b) => a - b));
    const all = withReliability(rentals, lookup);
    expect(all.filter((r) => r.fits && r.reliable && r.usd < first.usd)).toEqual([]);
    expect(cheapest.usd).toBeLessThan(first.usd);
  });

  it('a stricter threshold (1.0: five stars) keeps only the enterprise clouds', () => {
    const strict = rankCheapestReliable(estimate.ranking, lookup, 1);
    expect(strict.length).toBeGreaterThan(0);
    expect(new Set(strict.map((r) => lookup(r.offeringId, r.priceKind)!.providerId))).toEqual(
      new Set(
        strict.map((r) => offerings.find((o) => o.id === r.offeringId)!.providerId).filter((p) => ['aws', 'gcp', 'azure'].includes(p)),
      ),
    );
  });

  it('unrated offers are never reliable, and rows that do not fit are never ranked', () => {
    const rows = [
      { offeringId: 'local-highend-rtx-4090', priceKind: 'purchase', usd: 1, hours: 1, fits: true },
      { offeringId: 'aws-p3-2xlarge', priceKind: 'spot', usd: 2, hours: 1, fits: false },
      { offeringId: 'runpod-rtx-3090', priceKind: 'on-demand', usd: 3, hours: 1, fits: true },
    ];
    expect(rankCheapestReliable(rows, lookup).map((r) => r.offeringId)).toEqual(['runpod-rtx-3090']);
  });
});

describe('rerank (the Estimate screen’s "Rank by")', () => {
  const rows = [
    { offeringId: 'vastai-rtx-3090', priceKind: 'on-demand', usd: 11, hours: 28, fits: true, shownRank: 1, star: true },
    { offeringId: 'runpod-rtx-3090', priceKind: 'on-demand', usd: 14, hours: 28, fits: true, shownRank: 2, star: false },
    { offeringId: 'aws-p3-2xlarge', priceKind: 'spot', usd: 12, hours: 20, fits: false, shownRank: 3, star: false },
    { offeringId: 'lambda-rtx-3090', priceKind: 'on-demand', usd: 14.5, hours: 28, fits: true, shownRank: 4, star: false },
  ];
  it('by cost keeps the ranks and adds each rating', () => {
    const r = rerank(rows, 'cost', lookup);
    expect(r.map((x) => [x.shownRank, x.reliability?.stars ?? null])).toEqual([
      [1, 3],
      [2, 4],
      [3, 5],
      [4, 4],
    ]);
  });
  it('by reliable numbers only the reliable rows that fit, cheapest first; vast.ai loses its rank and star', () => {
    const r = rerank(rows, 'reliable', lookup);
    expect(r.map((x) => [x.offeringId, x.shownRank, x.star])).toEqual([
      ['vastai-rtx-3090', null, false],
      ['runpod-rtx-3090', 1, false],
      ['aws-p3-2xlarge', null, false],
      ['lambda-rtx-3090', 2, false],
    ]);
  });
});
