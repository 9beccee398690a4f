/**
 * The one verdict rule for a source document's claims, applied to the author's figure and the app's computed one.
 *
 * - a figure (hours, dollars, GiB, a ratio): the factor is 1 when the app's figure lies in the author's range, else
 *   the ratio to the nearer end. Within ×1.5 → ok; within ×3 → doubtful; beyond → wrong. When the check had to assume
 *   an input that moves the figure (inputsStated false), wrong is softened to doubtful.
 * - fits in memory: the same answer → ok, the opposite → wrong (doubtful on assumed inputs). Where a part of the model
 *   is not counted (named by the check), the app's "fits" is at best doubtful: the part only adds memory.
 * - the document against itself (consistency, capacity of its own dates, the plan's checks): disagree → inconsistent.
 * - a price the catalog holds from the very document the claim quotes, and agreeing with it → restates (the catalog's
 *   source: nothing independent was checked).
 * - nothing computable → unverified.
 */
import type { Verdict } from './claim-check';

export const VERDICT_RULE = {
  okWithin: 1.5,
  doubtfulWithin: 3,
  /** relative tolerance when the document's own figures must agree. */
  consistencyTolerance: 0.01,
} as const;

export const VERDICT_RULE_TEXT = `within ×${VERDICT_RULE.okWithin} of the author's range → ok; within ×${VERDICT_RULE.doubtfulWithin} → doubtful; beyond → wrong (doubtful when an input was assumed); a fit in memory that leaves out a part of the model the app does not count → doubtful at best; the document against its own figures → inconsistent; a price the catalog took from the same document → restates the catalog's source; nothing computable → unverified`;

/** How far the app's figure lies from the author's range (1 inside it). */
export function factorOutside(app: number, low: number, high: number): number {
  const lo = Math.min(low, high);
  const hi = Math.max(low, high);
  if (app >= lo && app <= hi) return 1;
  if (app <= 0 || lo <= 0) return Number.POSITIVE_INFINITY;
  return app > hi ? app / hi : lo / app;
}

export function verdictForFactor(factor: number, inputsStated = true): Verdict {
  if (factor <= VERDICT_RULE.okWithin) return 'ok';
  if (factor <= VERDICT_RULE.doubtfulWithin) return 'doubtful';
  return inputsStated ? 'wrong' : 'doubtful';
}

export function verdictForFits(authorFits: boolean, appFits: boolean, inputsStated = true, unmodelled = false): Verdict {
  // A part the estimator leaves out only adds memory: "fits" cannot be confirmed, "does not fit" stands.
  if (appFits && unmodelled) return 'doubtful';
  if (authorFits === appFits) return 'ok';
  return inputsStated ? 'wrong' : 'doubtful';
}

/** The document's figures for one quantity agree when all lie within the tolerance of the largest. */
export function valuesAgree(values: number[], tolerance: number = VERDICT_RULE.consistencyTolerance): boolean {
  const max = Math.max(...values.map(Math.abs));
  return values.every((v) => Math.abs(Math.abs(v) - max) <= tolerance * max);
}

export function verdictForConsistency(agree: boolean): Verdict {
  return agree ? 'ok' : 'inconsistent';
}
