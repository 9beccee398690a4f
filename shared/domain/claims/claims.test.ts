/**
 * Every claim of every seed, re-derived: the app's figure is computed now from the estimator, the bundled catalog and
 * the plan's checks, and the one verdict rule must give the verdict stored beside the claim's text. A claim whose text
 * has gone stale (a figure moved, a check no longer fires) fails here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bundledClaimContext,
  bundledClaimsFiles,
  bundledJson,
  planCatalogOf,
  planWithAppEstimates,
} from '../../../electron/test-support/bundled-data';
import { checkPlan } from '../plan/checks';
import { parseProjectFile } from '../plan/example';
import type { Plan } from '../plan/types';
import { evaluateClaim, type ClaimContext } from './evaluate';
import { factorOutside, verdictForFactor, verdictForFits, valuesAgree } from './verdict';

const plan = parseProjectFile(bundledJson('example', 'vitaldb-project.json')).plan as Plan;
const base = bundledClaimContext(null);
const planCatalog = planCatalogOf(base.offerings);
/** The plan's checks as the app runs them: on the plan with the app's estimates of every phase. */
let planContext: ClaimContext = { ...base, problems: [] };
beforeAll(async () => {
  const estimated = await planWithAppEstimates(plan, planCatalog, base, new Date('2025-12-20T10:00:00Z'));
  planContext = { ...base, problems: checkPlan(estimated, planCatalog) };
});
const files = bundledClaimsFiles();
const cases = [
  ...plan.claims.map((c) => ({ where: 'seed 001 (vitaldb-project.json)', claim: c, ctx: () => planContext })),
  ...files.flatMap((f) => f.claims.map((c) => ({ where: `claims/seed-${f.seed}.json`, claim: c, ctx: () => base }))),
];

describe('the verdict rule', () => {
  it('measures how far a figure lies outside the author range', () => {
    expect(factorOutside(5, 4, 8)).toBe(1);
    expect(factorOutside(2, 4, 8)).toBe(2);
    expect(factorOutside(16, 4, 8)).toBe(2);
    expect(factorOutside(0, 4, 8)).toBe(Number.POSITIVE_INFINITY);
  });
  it('gives ok within ×1.5, doubtful within ×3, wrong beyond (doubtful when an input was assumed)', () => {
    expect(verdictForFactor(1.5)).toBe('ok');
    expect(verdictForFactor(1.51)).toBe('doubtful');
    expect(verdictForFactor(3)).toBe('doubtful');
    expect(verdictForFactor(3.01)).toBe('wrong');
    expect(verdictForFactor(10, false)).toBe('doubtful');
    expect(verdictForFits(true, false)).toBe('wrong');
    expect(verdictForFits(true, false, false)).toBe('doubtful');
    expect(verdictForFits(false, false)).toBe('ok');
  });
  it('lets the document agree with itself within the tolerance only', () => {
    expect(valuesAgree([244, 244.2])).toBe(true);
    expect(valuesAgree([595, 615])).toBe(false);
    expect(valuesAgree([130, 134.1], 0.05)).toBe(true);
  });
});

describe('claims of every seed, re-derived from the current estimator, catalog and plan checks', () => {
  it('covers seed 001 and the four other seeds, every claim with a check', () => {
    expect(files.map((f) => f.seed)).toEqual(['000', '002', '003', '004']);
    expect(plan.claims.length).toBeGreaterThanOrEqual(15);
    expect(cases.filter((c) => !c.claim.check).map((c) => c.claim.id)).toEqual([]);
  });

  it.each(cases.map((c, i) => [c.claim.id, i] as const))('%s: the stored verdict is the one the rule gives today', (_id, i) => {
    const c = cases[i]!;
    const e = evaluateClaim(c.claim, c.ctx());
    if (process.env.SHOW_CLAIMS) console.log(`${c.claim.id}\t${e.verdict}\tauthor ${e.authorText}\tapp ${e.appText}\t${e.basis}`);
    expect({ id: c.claim.id, verdict: e.verdict, app: e.appText }).toEqual({ id: c.claim.id, verdict: c.claim.verdict, app: e.appText });
    expect(e.appText).not.toMatch(/cannot compute/);
    expect(e.checksSay?.holds ?? true).toBe(true);
    expect(e.stale).toBe(false);
  });

  it("finds a claim gone stale when the plan's checks no longer say what its text says", () => {
    const claim = plan.claims.find((c) => c.id === 'claim-m2-exp-fits')!;
    expect(claim.explanation).toMatch(/check does not flag/);
    expect(evaluateClaim(claim, planContext)).toMatchObject({ verdict: 'inconsistent', stale: false, checksSay: { holds: true } });
    // the bundled plan WITHOUT the app's estimates: the author's 24-36 h runs overflow Dec 24-28, the check fires
    const authorOnly = { ...base, problems: checkPlan(plan, planCatalog) };
    expect(authorOnly.problems!.some((p) => p.kind === 'milestone-short-hours' && p.milestoneId === 'm2')).toBe(true);
    expect(evaluateClaim(claim, authorOnly)).toMatchObject({ verdict: 'inconsistent', stale: true, checksSay: { holds: false } });
  });

  it('leaves no claim text waiting for work that has since landed', () => {
    const waiting = /not yet|another branch|issue 1[89] item/i;
    const texts = cases.map(({ claim }) => ({
      id: claim.id,
      text: [claim.explanation ?? '', claim.check?.kind === 'none' ? claim.check.reason : ''].join(' '),
    }));
    expect(texts.filter((t) => waiting.test(t.text)).map((t) => t.id)).toEqual([]);
  });

  it("checks seed 001's 48-72 h stable runs against the Colab session limit: M3 resumes from its checkpoints, so it holds", () => {
    const claim = plan.claims.find((c) => c.id === 'claim-stable-72h')!;
    expect(planContext.problems!.filter((p) => p.kind === 'run-over-session')).toEqual([]);
    expect(evaluateClaim(claim, planContext)).toMatchObject({ verdict: 'ok', stale: false, checksSay: { holds: true } });
    // without the document's checkpoint/resume, the check fires on M3 and the claim's text is stale
    const unresumed = structuredClone(plan);
    const m3 = unresumed.milestones.find((m) => m.id === 'm3')!.phases[0]!;
    m3.workload = { ...m3.workload, resumeFromCheckpoint: false };
    const problems = checkPlan(unresumed, planCatalog);
    expect(problems.filter((p) => p.kind === 'run-over-session').map((p) => p.milestoneId)).toContain('m3');
    expect(evaluateClaim(claim, { ...base, problems })).toMatchObject({ verdict: 'inconsistent', stale: true });
  });

  it('re-derives a plan-check claim from the checks output', () => {
    const claim = {
      id: 'x',
      verdict: 'inconsistent' as const,
      check: { kind: 'plan-check' as const, problemKind: 'milestone-short-hours', milestoneId: 'm2' },
    };
    expect(evaluateClaim(claim, { ...base, problems: [{ kind: 'milestone-short-hours', milestoneId: 'm2' }] })).toMatchObject({
      verdict: 'inconsistent',
      stale: false,
    });
    expect(evaluateClaim(claim, { ...base, problems: [] })).toMatchObject({ verdict: 'ok', stale: true, appText: 'not flagged any more' });
  });

  it('finds a claim gone stale when the catalog price it was checked against moves', () => {
    const claim = files.find((f) => f.seed === '003')!.claims.find((c) => c.id === 'seed-003/nc6s-v3-price')!;
    const repriced = base.offerings.map((o) =>
      o.id === 'azure-nc6s-v3'
        ? { ...o, prices: o.prices.map((p) => (p.kind === 'on-demand' ? { ...p, usd: 9.5, asOf: '2027-01-01' } : p)) }
        : o,
    );
    expect(evaluateClaim(claim, base).stale).toBe(false);
    expect(evaluateClaim(claim, { ...base, offerings: repriced })).toMatchObject({ verdict: 'wrong', stale: true });
  });

  it('says what it cannot compute instead of failing when a check names an offering the catalog no longer has', () => {
    const claim = files.find((f) => f.seed === '003')!.claims.find((c) => c.id === 'seed-003/nc6s-v3-price')!;
    const e = evaluateClaim(claim, { ...base, offerings: base.offerings.filter((o) => o.id !== 'azure-nc6s-v3') });
    expect(e).toMatchObject({ verdict: 'unverified', stale: true });
    expect(e.appText).toMatch(/cannot compute: no offering "azure-nc6s-v3"/);
  });
});

describe("a document's hours against the app's wall clock (issue 29 item 1)", () => {
  it('compares every hours claim with the wall-clock hours, the GPU-only hours in its basis', () => {
    const hoursClaims = cases.filter((c) => c.claim.check?.kind === 'estimate' && c.claim.check.metric === 'hours');
    expect(hoursClaims.length).toBeGreaterThanOrEqual(5);
    for (const c of hoursClaims) {
      const e = evaluateClaim(c.claim, c.ctx());
      expect(e.basis, c.claim.id).toMatch(/wall-clock [\d.]+ h a run \(GPU only [\d.]+ h/);
      const gpuOnly = Number(/GPU only ([\d.]+) h/.exec(e.basis)![1]);
      // the wall clock adds setup, validation, checkpoints (and input waits): never below the GPU-only hours
      expect(Number(e.appValue), c.claim.id).toBeGreaterThanOrEqual(gpuOnly * ((c.claim.check as { times?: number }).times ?? 1) - 0.01);
    }
  });
});

describe('PRS-Med: one workload for the example and its claims (issue 31 item 6)', () => {
  const example = parseProjectFile(bundledJson('example', 'seed-002-prs-med-project.json'), 'seed-002-prs-med-project.json').plan as Plan;
  const named = (
    bundledJson('models', 'workloads.json') as { workloads: Array<{ id: string; workload: Record<string, unknown> }> }
  ).workloads.find((w) => w.id === 'prs-med-lora')!.workload;
  const claims = files.find((f) => f.seed === '002')!.claims;
  const withDefaults = (w: Record<string, unknown>) => ({ optimizer: 'adamw', gpuCount: 1, ...w });
  /** What makes the workload the document's: the model, its inputs, the dataset, the epochs and the LoRA set-up. */
  const shape = (w: Record<string, unknown>) => {
    const { model, input, dataset, epochs, method, lora, gradientCheckpointing } = w;
    return { model, input, dataset, epochs, method, lora, gradientCheckpointing };
  };

  it("the example's run is the workload the claims check (LLaVA-Med 7B, 10,000 samples × 512 text tokens)", () => {
    const phase = example.milestones[0]!.phases[0]!;
    expect(phase.workload).toEqual(named);
    const workloadClaims = claims.flatMap((c) =>
      c.check?.kind === 'estimate' || c.check?.kind === 'fits' ? [{ id: c.id, check: c.check }] : [],
    );
    expect(workloadClaims.length).toBeGreaterThanOrEqual(7);
    for (const c of workloadClaims) expect({ id: c.id, ...shape(c.check.workload) }).toEqual({ id: c.id, ...shape(named) });
    // the RTX 3090 claims run it exactly as the example books it
    for (const c of workloadClaims.filter((x) => x.check.gpuId === 'rtx-3090-24gb' && x.check.kind === 'estimate'))
      expect(withDefaults(c.check.workload)).toEqual(withDefaults(named));
  });

  it("'fits 24 GB at batch 8' is doubtful: TinySAM's 1024×1024 branch is not modelled and only adds memory", () => {
    const fits = claims.find((c) => c.id === 'seed-002/recommended-24gb-batch8')!;
    const e = evaluateClaim(fits, base);
    expect(e).toMatchObject({ verdict: 'doubtful', appValue: true, stale: false });
    expect(e.basis).toMatch(
      /not counted: PRS-Med's TinySAM image branch on 1024×1024 images.* only adds memory, so with [\d.]+ GiB to spare "fits" is doubtful/,
    );
    expect(e.inputs).toMatch(/not modelled: PRS-Med's TinySAM/);
    // the 16 GB minimum does not fit without the branch: with it, still not
    const minimum = evaluateClaim(
      claims.find((c) => c.id === 'seed-002/min-vram-16gb')!,
      base,
    );
    expect(minimum).toMatchObject({ verdict: 'wrong', appValue: false });
    expect(minimum.basis).toMatch(/"does not fit" stands/);
  });

  it('the rule: an unmodelled part caps "fits" at doubtful and leaves "does not fit" as it is', () => {
    expect(verdictForFits(true, true, true, true)).toBe('doubtful');
    expect(verdictForFits(false, true, true, true)).toBe('doubtful');
    expect(verdictForFits(true, false, true, true)).toBe('wrong');
    expect(verdictForFits(false, false, true, true)).toBe('ok');
  });
});
