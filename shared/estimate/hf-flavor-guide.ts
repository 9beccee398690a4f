/**
 * Seed 004's choice of a Hugging Face Jobs flavour, by model size, budget and training type, set against the app's
 * own estimate of the workload on each flavour: which flavours the seed recommends, where its rules disagree, and
 * the cheapest flavour that fits and stays within the budget. TPU and CPU flavours are listed with no estimate.
 */
import { moneyFigure } from '../domain/money-format';
export type TrainingType = 'demo' | 'development' | 'production' | 'research';

interface Tier {
  label: string;
  flavors: string[];
}

/**
 * Sizes are nominal: a "7B" model has 7.0–7.6 B parameters (Qwen2.5-7B: 7.6 B), so a tier's upper bound admits up to
 * 10% more than its number.
 */
const NOMINAL_SLACK = 1.1;
const withinNominal = (paramsB: number, boundB: number) => paramsB <= boundB * NOMINAL_SLACK;

/** Seed 004 "By Model Size" (upper bounds in billions of parameters, nominal). */
const BY_SIZE: Array<Tier & { maxB: number }> = [
  { maxB: 1, label: 'Tiny Models (<1B parameters)', flavors: ['t4-small'] },
  { maxB: 3, label: 'Small Models (1-3B parameters)', flavors: ['t4-medium', 'a10g-small'] },
  { maxB: 7, label: 'Medium Models (3-7B parameters)', flavors: ['a10g-small', 'a10g-large'] },
  { maxB: 13, label: 'Large Models (7-13B parameters)', flavors: ['a10g-large', 'a100-large'] },
  { maxB: Infinity, label: 'Very Large Models (13B+ parameters)', flavors: ['a100-large'] },
];
/** Seed 004 "By Budget" (upper bounds in USD, inclusive), with the largest model each tier names. */
const BY_BUDGET: Array<Tier & { maxUsd: number; modelUpToB: number | null }> = [
  { maxUsd: 5, label: 'Minimal Budget (<$5 total)', flavors: ['t4-small'], modelUpToB: 1 },
  { maxUsd: 20, label: 'Small Budget ($5-20)', flavors: ['t4-medium', 'a10g-small'], modelUpToB: 3 },
  { maxUsd: 50, label: 'Medium Budget ($20-50)', flavors: ['a10g-small', 'a10g-large'], modelUpToB: 7 },
  { maxUsd: 200, label: 'Large Budget ($50-200)', flavors: ['a10g-large', 'a100-large'], modelUpToB: 13 },
];
/** Seed 004 "By Training Type". */
const BY_TYPE: Record<TrainingType, Tier> = {
  demo: { label: 'Quick Demo/Experiment', flavors: ['t4-small'] },
  development: { label: 'Development/Iteration', flavors: ['t4-medium', 'a10g-small'] },
  production: { label: 'Production Training', flavors: ['a10g-large', 'a100-large'] },
  research: { label: 'Research/Experimentation', flavors: ['a100-large'] },
};

export const HF_OFFERING_PREFIX = 'hf-jobs-';
export const flavorOf = (offeringId: string) => offeringId.slice(HF_OFFERING_PREFIX.length);

export interface GuideInput {
  modelParamsB: number;
  budgetUsd: number;
  trainingType: TrainingType;
}

export interface SeedRecommendation {
  bySize: Tier;
  byBudget: Tier | null;
  byType: Tier;
  /** Flavours all three rules name; else those size and budget name; else the size rule's. */
  recommended: string[];
  conflicts: string[];
}

export function seedRecommendation(input: GuideInput): SeedRecommendation {
  const bySize = BY_SIZE.find((t) => withinNominal(input.modelParamsB, t.maxB))!;
  const budgetTier = BY_BUDGET.find((t) => input.budgetUsd <= t.maxUsd) ?? null;
  const byType = BY_TYPE[input.trainingType];
  const inAll = bySize.flavors.filter((f) => (!budgetTier || budgetTier.flavors.includes(f)) && byType.flavors.includes(f));
  const sizeAndBudget = bySize.flavors.filter((f) => !budgetTier || budgetTier.flavors.includes(f));
  const recommended = inAll.length ? inAll : sizeAndBudget.length ? sizeAndBudget : bySize.flavors;
  const conflicts: string[] = [];
  if (budgetTier?.modelUpToB != null && !withinNominal(input.modelParamsB, budgetTier.modelUpToB))
    conflicts.push(
      `the budget rule "${budgetTier.label}" is for models up to ${budgetTier.modelUpToB}B, and this model has ${input.modelParamsB.toFixed(1)}B`,
    );
  if (!inAll.length)
    conflicts.push(`no flavour satisfies size, budget and training type at once ("${byType.label}": ${byType.flavors.join(', ')})`);
  return { bySize, byBudget: budgetTier, byType, recommended, conflicts };
}

interface EstimatedRow {
  offeringId: string;
  priceKind: string;
  fits: boolean;
  hours: number;
  usd: number;
  basis: string;
}

export interface FlavorCandidate {
  flavor: string;
  offeringId: string;
  seedRecommends: boolean;
  /** null: no estimate (TPU or CPU flavour), see `noEstimate`. */
  estimate: { fits: boolean; hours: number; usd: number; basis: string } | null;
  withinBudget: boolean;
  noEstimate: string | null;
}

export interface GuidedChoice {
  seed: SeedRecommendation;
  candidates: FlavorCandidate[];
  /** The cheapest flavour that fits and stays within the budget (the seed's picks first when tied), or null. */
  pick: FlavorCandidate | null;
  answer: string;
}

/**
 * The guided answer for one workload's estimate: every HF Jobs flavour with the estimate behind it, the seed's
 * recommendation marked, and the app's pick.
 */
export function guidedFlavorChoice(
  input: GuideInput,
  rows: readonly EstimatedRow[],
  unestimated: ReadonlyArray<{ offeringIds: string[]; reason: string }>,
): GuidedChoice {
  const seed = seedRecommendation(input);
  const estimated: FlavorCandidate[] = rows
    .filter((r) => r.offeringId.startsWith(HF_OFFERING_PREFIX) && r.priceKind === 'on-demand')
    .map((r) => ({
      flavor: flavorOf(r.offeringId),
      offeringId: r.offeringId,
      seedRecommends: seed.recommended.includes(flavorOf(r.offeringId)),
      estimate: { fits: r.fits, hours: r.hours, usd: r.usd, basis: r.basis },
      withinBudget: r.usd <= input.budgetUsd,
      noEstimate: null,
    }))
    .sort((a, b) => a.estimate!.usd - b.estimate!.usd);
  const listed: FlavorCandidate[] = unestimated.flatMap((u) =>
    u.offeringIds
      .filter((id) => id.startsWith(HF_OFFERING_PREFIX))
      .map((id) => ({
        flavor: flavorOf(id),
        offeringId: id,
        seedRecommends: false,
        estimate: null,
        withinBudget: false,
        noEstimate: u.reason,
      })),
  );
  const ok = estimated.filter((c) => c.estimate!.fits && c.withinBudget);
  const pick = ok.find((c) => c.seedRecommends && c.estimate!.usd === ok[0]!.estimate!.usd) ?? ok[0] ?? null;
  const money = (v: number) => moneyFigure('USD', v);
  const answer = pick
    ? `${pick.flavor}: ${pick.estimate!.hours.toFixed(2)} h, ${money(pick.estimate!.usd)} within $${input.budgetUsd}${pick.seedRecommends ? ' (the guide recommends it too)' : ` (the guide recommends ${seed.recommended.join(' or ')})`}`
    : `no Hugging Face Jobs flavour runs this workload within $${input.budgetUsd} (the guide recommends ${seed.recommended.join(' or ')})`;
  return { seed, candidates: [...estimated, ...listed], pick, answer };
}
