/**
 * Re-derives a claim's verdict: computes the app's figure from the current estimator, catalog and plan checks (never
 * a stored figure) and applies the one verdict rule (verdict.ts). A claim whose stored verdict differs is `stale`.
 */
import { claimInputsText } from './claim-inputs';
import { deriveCommitment, derivePrice } from './derive-price';
import { fmtFigure, numeric, rangeText, type Derived } from './derived';
import type { ChecksSay, ClaimCheck, Verdict } from './claim-check';
import type { ClaimContext, ClaimEvaluation } from './claim-types';

export type { ClaimContext, ClaimEvaluation } from './claim-types';
import { factorOutside, valuesAgree, verdictForConsistency, verdictForFactor, verdictForFits, VERDICT_RULE_TEXT } from './verdict';

export interface EvaluatedClaimInput {
  id: string;
  verdict: Verdict;
  check?: ClaimCheck | undefined;
  checksSay?: ChecksSay | undefined;
  /** the document the claim quotes (a price the catalog took from it restates its source). */
  source?: { seed: string } | undefined;
}

function gpuResult(ctx: ClaimContext, workload: unknown, gpuId: string) {
  const e = ctx.estimate(workload, [gpuId]);
  const r = e.results.find((x) => x.gpuId === gpuId);
  if (!r) throw new Error(`no estimate for GPU "${gpuId}"`);
  return { estimate: e, result: r };
}

function hoursOf(ctx: ClaimContext, workload: unknown, gpuId: string): { hours: number; bound: string; gpuName: string } {
  const { result } = gpuResult(ctx, workload, gpuId);
  if (!result.training) throw new Error(`the workload gives no training hours on "${gpuId}"`);
  return { hours: result.training.hours, bound: result.throughput.bound, gpuName: result.gpuName };
}

function deriveEstimate(check: Extract<ClaimCheck, { kind: 'estimate' }>, ctx: ClaimContext): Derived {
  const { estimate, result } = gpuResult(ctx, check.workload, check.gpuId);
  const times = check.times ?? 1;
  let value: number;
  let basis: string;
  if (check.metric === 'usd') {
    const row = result.training?.offerings.find(
      (o) => o.offeringId === check.offeringId && (!check.priceKind || o.priceKind === check.priceKind),
    );
    if (!row) throw new Error(`no ${check.priceKind ?? ''} price of offering "${check.offeringId}" for this run`);
    value = row.usd * times;
    basis = `${fmtFigure(row.hours)} h on ${row.sku} at $${row.price.usd}/${row.price.per} ${row.priceKind} (as of ${row.price.asOf})`;
  } else if (check.metric === 'hours') {
    if (!result.training) throw new Error(`the workload gives no training hours on "${check.gpuId}"`);
    // A document's hours are wall-clock: compared with the estimator's wall clock (on the offering when the check names
    // one), its GPU-only hours beside it (issue 29 item 1).
    const offered = check.offeringId ? result.training.offerings.find((o) => o.offeringId === check.offeringId) : undefined;
    const wall = offered?.wallClock ?? result.training.wallClock;
    value = (wall?.hours ?? result.training.hours) * times;
    basis = wall
      ? `estimator on ${result.gpuName}: wall-clock ${fmtFigure(wall.hours)} h a run (GPU only ${fmtFigure(wall.gpuHours)} h, ${result.throughput.bound}-bound; ${wall.bound === 'input' ? `input-bound: ${wall.vcpus} vCPUs deliver about ${fmtFigure(wall.inputSamplesPerSecond)} samples/s` : 'GPU-bound per epoch'}; setup ${fmtFigure(wall.breakdown.setupHours)} h, validation ${fmtFigure(wall.breakdown.validationHours)} h, checkpoints ${fmtFigure(wall.breakdown.checkpointHours)} h, restarts ${fmtFigure(wall.breakdown.restartHours)} h${offered ? ` on ${offered.sku}` : ''})`
      : `estimator on ${result.gpuName} (${result.throughput.bound}-bound)`;
  } else if (check.metric === 'peak-gib') {
    value = result.memory.peakGiB;
    basis = `estimator's peak memory on ${result.gpuName} (${result.fits ? 'fits' : 'does not fit'} in ${result.memory.gpuMemoryGiB} GiB)`;
  } else if (check.metric === 'state-gib') {
    value = result.memory.weightsGiB + result.memory.gradientsGiB + result.memory.optimizerGiB;
    basis = 'estimator: weights + gradients + optimizer state';
  } else {
    value = estimate.model.params / 1e6;
    basis = `parameters of ${estimate.model.name}, counted from the architecture`;
  }
  if (times !== 1) basis = `${basis} × ${times}`;
  return numeric(value, check.authorFigure, check.inputsStated, basis);
}

function deriveFits(check: Extract<ClaimCheck, { kind: 'fits' }>, ctx: ClaimContext): Derived {
  const { result } = gpuResult(ctx, check.workload, check.gpuId);
  const m = result.memory;
  return {
    verdict: verdictForFits(check.authorFits, result.fits, check.inputsStated, check.unmodelled !== undefined),
    authorText: check.authorFits ? 'fits' : 'does not fit',
    appText: `${result.fits ? 'fits' : 'does not fit'}: needs ${fmtFigure(m.requiredGiB)} GiB of ${m.gpuMemoryGiB} GiB${check.unmodelled ? ', not counting a part it does not model' : ''}`,
    appValue: result.fits,
    unit: 'fits',
    factor: null,
    basis: `estimator on ${result.gpuName}: peak ${fmtFigure(m.peakGiB)} GiB (weights ${fmtFigure(m.weightsGiB)}, activations ${fmtFigure(m.activationsGiB)}) + headroom and CUDA context${
      check.unmodelled
        ? `; not counted: ${check.unmodelled}${result.fits ? ` — it only adds memory, so with ${fmtFigure(m.gpuMemoryGiB - m.requiredGiB)} GiB to spare "fits" is doubtful` : ' — it only adds memory, so "does not fit" stands'}`
        : ''
    }`,
  };
}

function deriveSpeedRatio(check: Extract<ClaimCheck, { kind: 'speed-ratio' }>, ctx: ClaimContext): Derived {
  const slow = hoursOf(ctx, { ...check.workload, ...(check.slowWorkload ?? {}) }, check.slowGpuId);
  const fast = hoursOf(ctx, check.workload, check.fastGpuId);
  const basis = `estimator: ${fmtFigure(slow.hours)} h on ${slow.gpuName} (${slow.bound}-bound) ÷ ${fmtFigure(fast.hours)} h on ${fast.gpuName} (${fast.bound}-bound)`;
  return numeric(slow.hours / fast.hours, check.authorFigure, check.inputsStated, basis);
}

function deriveDatasheetRatio(check: Extract<ClaimCheck, { kind: 'datasheet-ratio' }>, ctx: ClaimContext): Derived {
  const field = (id: string): number => {
    const g = ctx.gpus.find((x) => x.id === id);
    if (!g) throw new Error(`no GPU "${id}" in the catalog`);
    const v = check.field === 'memoryBandwidthGBs' || check.field === 'memoryGiB' ? g[check.field] : g.tflops[check.field];
    if (v == null || !(v > 0)) throw new Error(`the catalog has no ${check.field} for "${id}"`);
    return v;
  };
  const a = field(check.numeratorGpuId);
  const b = field(check.denominatorGpuId);
  return numeric(a / b, check.authorFigure, true, `catalog datasheets: ${check.field} ${a} ÷ ${b}`);
}

function deriveConsistency(check: Extract<ClaimCheck, { kind: 'consistency' }>): Derived {
  const values = check.values.map((v) => v.value ?? (v.terms ?? []).reduce((sum, t) => sum + t.reduce((a, b) => a * b, 1), 0));
  const agree = valuesAgree(values, check.tolerance);
  return {
    verdict: verdictForConsistency(agree),
    authorText: check.values.map((v, i) => `${v.text}: ${fmtFigure(values[i]!)} ${check.unit}`).join('; '),
    appText: agree ? 'the document agrees with itself' : 'the document gives different figures',
    appValue: agree,
    unit: check.unit,
    factor: null,
    basis: `the document’s own figures, computed; they must agree within ${Math.round((check.tolerance ?? 0.01) * 100)}%`,
  };
}

function deriveSameChoice(check: Extract<ClaimCheck, { kind: 'same-choice' }>): Derived {
  const sets = check.statements.map((st) => new Set(st.choices));
  const all = [...new Set(check.statements.flatMap((st) => st.choices))];
  const missing = all.flatMap((choice) =>
    check.statements.filter((_st, i) => !sets[i]!.has(choice)).map((st) => `${choice} is not in ${st.text}`),
  );
  const agree = missing.length === 0;
  return {
    verdict: verdictForConsistency(agree),
    authorText: check.statements.map((st) => `${st.text}: ${st.choices.join(' or ')}`).join('; '),
    appText: agree
      ? `the document names the same choice for ${check.subject}`
      : `the document names different choices for ${check.subject}`,
    appValue: agree,
    unit: 'choice',
    factor: null,
    basis: agree ? 'the choices the document names, compared: the same' : `the choices the document names, compared: ${missing.join('; ')}`,
  };
}

function deriveCapacity(check: Extract<ClaimCheck, { kind: 'capacity' }>): Derived {
  const days = Math.round((Date.parse(`${check.window.end}T00:00:00Z`) - Date.parse(`${check.window.start}T00:00:00Z`)) / 86_400_000) + 1;
  const capacity = days * 24 * check.window.gpus;
  const low = check.runs.low * check.hoursPerRun.low;
  const high = check.runs.high * check.hoursPerRun.high;
  const agree = high <= capacity;
  return {
    verdict: verdictForConsistency(agree),
    authorText: `${rangeText(low, high, 'GPU-h')} (${check.runs.low}–${check.runs.high} runs × ${check.hoursPerRun.low}–${check.hoursPerRun.high} h)`,
    appText: `${fmtFigure(capacity)} GPU-h between ${check.window.start} and ${check.window.end}`,
    appValue: capacity,
    unit: 'GPU-h',
    factor: null,
    basis: `${days} days × 24 h × ${check.window.gpus} GPU; ${agree ? 'the runs fit' : 'the high end does not fit'}`,
  };
}

function planCheckHits(ctx: ClaimContext, check: { problemKind: string; milestoneId?: string | undefined }) {
  if (!ctx.problems) throw new Error('the claim refers to a plan check but belongs to no plan');
  return ctx.problems.filter((p) => p.kind === check.problemKind && (!check.milestoneId || p.milestoneId === check.milestoneId));
}

function checksSayOf(say: ChecksSay | undefined, ctx: ClaimContext): ClaimEvaluation['checksSay'] {
  if (!say) return null;
  const text = `the text says the plan's check ${say.problemKind}${say.milestoneId ? ` on ${say.milestoneId}` : ''} ${say.flagged ? 'flags it' : 'does not flag it'}`;
  if (!ctx.problems) return { text, holds: null };
  return { text, holds: planCheckHits(ctx, say).length > 0 === say.flagged };
}

function derivePlanCheck(check: Extract<ClaimCheck, { kind: 'plan-check' }>, ctx: ClaimContext): Derived {
  const hits = planCheckHits(ctx, check);
  const flagged = hits.length > 0;
  return {
    verdict: flagged ? 'inconsistent' : 'ok',
    authorText: `the plan's check ${check.problemKind}${check.milestoneId ? ` on ${check.milestoneId}` : ''}`,
    appText: flagged ? `flagged (${hits.length})` : 'not flagged any more',
    appValue: flagged,
    unit: 'check',
    factor: null,
    basis: "the plan's checks, run now",
  };
}

function derive(check: ClaimCheck, ctx: ClaimContext, document: string | undefined): Derived {
  if (check.kind === 'none')
    return {
      verdict: 'unverified',
      authorText: '—',
      appText: `not computed: ${check.reason}`,
      appValue: null,
      unit: '',
      factor: null,
      basis: 'nothing the app can compute',
    };
  switch (check.kind) {
    case 'estimate':
      return deriveEstimate(check, ctx);
    case 'fits':
      return deriveFits(check, ctx);
    case 'speed-ratio':
      return deriveSpeedRatio(check, ctx);
    case 'datasheet-ratio':
      return deriveDatasheetRatio(check, ctx);
    case 'price':
      return derivePrice(check, ctx, document);
    case 'commitment':
      return deriveCommitment(check, ctx);
    case 'consistency':
      return deriveConsistency(check);
    case 'capacity':
      return deriveCapacity(check);
    case 'same-choice':
      return deriveSameChoice(check);
    case 'plan-check':
      return derivePlanCheck(check, ctx);
  }
}

/** The app's figure and verdict for one claim, computed now. Never throws: what cannot be computed is unverified. */
export function evaluateClaim(claim: EvaluatedClaimInput, ctx: ClaimContext): ClaimEvaluation {
  if (!claim.check) return legacyClaim(claim);
  let derived: Derived;
  try {
    derived = derive(claim.check, ctx, claim.source?.seed);
  } catch (e) {
    derived = {
      verdict: 'unverified',
      authorText: '—',
      appText: `cannot compute: ${e instanceof Error ? e.message : String(e)}`,
      appValue: null,
      unit: '',
      factor: null,
      basis: 'the inputs of the check are no longer in the catalog or the estimator rejects them',
    };
  }
  const checksSay = checksSayOf(claim.checksSay, ctx);
  const stale = derived.verdict !== claim.verdict || checksSay?.holds === false;
  return { claimId: claim.id, storedVerdict: claim.verdict, stale, checksSay, ...derived, inputs: claimInputsText(claim.check) };
}

/** A claim saved before claims carried their check (or typed by hand): its stored verdict stands, nothing is re-derived. */
function legacyClaim(claim: EvaluatedClaimInput): ClaimEvaluation {
  return {
    claimId: claim.id,
    storedVerdict: claim.verdict,
    verdict: claim.verdict,
    stale: false,
    checksSay: null,
    authorText: '—',
    appText: 'not re-derived: the claim carries no check',
    appValue: null,
    unit: '',
    factor: null,
    basis: 'the stored verdict',
    inputs: claimInputsText(undefined),
  };
}

export function evaluateClaims(claims: EvaluatedClaimInput[], ctx: ClaimContext): ClaimEvaluation[] {
  return claims.map((c) => evaluateClaim(c, ctx));
}

export { VERDICT_RULE_TEXT, fmtFigure };
