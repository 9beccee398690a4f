/**
 * Seed 004's guided choice: "what flavour for a 7B LoRA under $20?" — the seed's three rules and the app's estimate on
 * every Hugging Face Jobs flavour (the seed-004 example's 7B workload), TPUs listed with no estimate.
 */
import { describe, expect, it } from 'vitest';
import gpusJson from '../../resources/catalog/gpus.json';
import offeringsJson from '../../resources/catalog/offerings.json';
import hfJobs from '../../resources/example/seed-004-hf-jobs-project.json';
import type { Gpu, OfferingWithPrices, Price } from '../domain/catalog';
import { estimateWorkloadAcrossCatalog } from './estimate';
import { guidedFlavorChoice, seedRecommendation } from './hf-flavor-guide';

const offerings = offeringsJson.offerings.map((o) => ({
  ...o,
  providerName: o.providerId,
  userDefined: false,
  prices: o.prices.map((p, i) => ({ ...p, id: i, offeringId: o.id, recordedAt: '2025-12-01T00:00:00Z' }) as Price),
})) as unknown as OfferingWithPrices[];
const workloadOf = (code: string) => hfJobs.plan.milestones.find((m) => m.code === code)!.phases[0]!.workload;
const estimateOf = (w: unknown) => estimateWorkloadAcrossCatalog(w, gpusJson.gpus as unknown as Gpu[], offerings);

describe('seed 004 rules', () => {
  it('7B under $20 for development: size says a10g-small/a10g-large, budget t4-medium/a10g-small → a10g-small, with the 3B budget cap flagged', () => {
    // sizes are nominal: Qwen2.5-7B's 7.6 B parameters are a "7B" model; Llama-3-8B's 8.0 B are not
    expect(seedRecommendation({ modelParamsB: 8.03, budgetUsd: 20, trainingType: 'development' }).bySize.flavors).toEqual([
      'a10g-large',
      'a100-large',
    ]);
    const seven = seedRecommendation({ modelParamsB: 7.6, budgetUsd: 20, trainingType: 'development' });
    expect(seven.bySize.flavors).toEqual(['a10g-small', 'a10g-large']);
    expect(seven.byBudget!.flavors).toEqual(['t4-medium', 'a10g-small']);
    expect(seven.recommended).toEqual(['a10g-small']);
    expect(seven.conflicts[0]).toMatch(/up to 3B/);
  });

  it('tiny model, minimal budget, demo: all three rules say t4-small', () => {
    const r = seedRecommendation({ modelParamsB: 0.5, budgetUsd: 5, trainingType: 'demo' });
    expect(r.recommended).toEqual(['t4-small']);
    expect(r.conflicts).toEqual([]);
  });

  it('over $200 no budget tier applies; 70B research → a100-large', () => {
    const r = seedRecommendation({ modelParamsB: 70, budgetUsd: 500, trainingType: 'research' });
    expect(r.byBudget).toBeNull();
    expect(r.recommended).toEqual(['a100-large']);
  });
});

describe('guided choice with the estimate behind it', () => {
  const e = estimateOf(workloadOf('7B'));
  const params = e.model.params / 1e9;
  const choice = guidedFlavorChoice({ modelParamsB: params, budgetUsd: 20, trainingType: 'development' }, e.ranking, e.unestimated);

  it('lists every HF GPU flavour with hours and cost from the estimate, cheapest first, and the TPU/CPU flavours with no estimate', () => {
    const gpuFlavours = choice.candidates.filter((c) => c.estimate);
    expect(gpuFlavours.map((c) => c.estimate!.usd)).toEqual([...gpuFlavours.map((c) => c.estimate!.usd)].sort((a, b) => a - b));
    const a10gSmall = gpuFlavours.find((c) => c.flavor === 'a10g-small')!;
    const row = e.ranking.find((r) => r.offeringId === 'hf-jobs-a10g-small' && r.priceKind === 'on-demand')!;
    expect(a10gSmall.estimate).toMatchObject({ hours: row.hours, usd: row.usd });
    expect(a10gSmall.estimate!.usd).toBeCloseTo(row.hours * 3.5, 1);
    const noEstimate = choice.candidates.filter((c) => !c.estimate).map((c) => c.flavor);
    expect(noEstimate).toEqual(['v5e-1x1', 'v5e-2x2', 'v5e-2x4', 'cpu-basic', 'cpu-upgrade']);
    expect(choice.candidates.find((c) => c.flavor === 'v5e-1x1')!.noEstimate).toMatch(/^no estimate for TPUs/);
  });

  it('7B LoRA, 1,000 examples, 1 epoch, under $20: a10g-small, the cheapest that fits, and the seed agrees', () => {
    const ok = choice.candidates.filter((c) => c.estimate?.fits && c.estimate.usd <= 20);
    expect(choice.pick!.flavor).toBe('a10g-small');
    expect(choice.pick!.estimate!.usd).toBe(Math.min(...ok.map((c) => c.estimate!.usd)));
    expect(choice.pick!.seedRecommends).toBe(true);
    expect(choice.answer).toMatch(/^a10g-small: .* within \$20 \(the guide recommends it too\)$/);
  });

  it('the production run (10,000 examples × 3 epochs) costs more than $20 on every flavour: no pick under $20, one under $25', () => {
    const prod = estimateOf(workloadOf('PROD'));
    const input = { modelParamsB: prod.model.params / 1e9, budgetUsd: 20, trainingType: 'production' as const };
    const under20 = guidedFlavorChoice(input, prod.ranking, prod.unestimated);
    expect(under20.pick).toBeNull();
    expect(under20.answer).toMatch(/^no Hugging Face Jobs flavour runs this workload within \$20 \(the guide recommends a10g-small\)/);
    const cheapest = Math.min(...under20.candidates.filter((c) => c.estimate?.fits).map((c) => c.estimate!.usd));
    expect(cheapest).toBeGreaterThan(20);
    expect(guidedFlavorChoice({ ...input, budgetUsd: 25 }, prod.ranking, prod.unestimated).pick!.estimate!.usd).toBe(cheapest);
  });

  it('a budget of $0.10 leaves no flavour, and says so rather than picking one', () => {
    const none = guidedFlavorChoice({ modelParamsB: params, budgetUsd: 0.1, trainingType: 'development' }, e.ranking, e.unestimated);
    expect(none.pick).toBeNull();
    expect(none.answer).toMatch(/within \$0.1/);
  });
});
