/**
 * The project's one budget record (issue 25 item 2): a total (the `budgets` row with no track and no month) and its
 * optional splits — per track, per month, per track and month. The splits of one kind add up to the total or leave a
 * remainder (the part of the total not split that way) or pass it (over-split); a track's months against that track's
 * budget likewise. Exact decimals (big.js), in the budget's currency; shown on the Budget screen and in `project show`.
 */
import Big from 'big.js';
import type { Budget } from './types';

/** One way of splitting a whole: how many parts, their sum, and what is left of the whole or what passes it. */
export interface SplitPart {
  parts: number;
  /** The sum of the parts (exact decimal string). */
  allocated: string;
  /** The whole the parts split (null: there is no whole to split). */
  of: string | null;
  /** whole − parts, when the parts do not reach the whole (else '0'); null without a whole. */
  remainder: string | null;
  /** parts − whole, when the parts pass the whole (else '0'); null without a whole. */
  over: string | null;
}

export interface BudgetSplits {
  /** The total's amount, or null when the project has no budget. */
  total: string | null;
  currency: string | null;
  thresholds: number[] | null;
  /** Track budgets (whole period) against the total. */
  byTrack: SplitPart;
  /** Month budgets of the whole project against the total. */
  byMonth: SplitPart;
  /** Per track with month budgets: its months against its own budget. */
  trackMonths: Array<{ trackId: string } & SplitPart>;
}

function part(amounts: string[], whole: string | null): SplitPart {
  const allocated = amounts.reduce((s, a) => s.plus(a), new Big(0));
  if (whole === null) return { parts: amounts.length, allocated: allocated.toFixed(), of: null, remainder: null, over: null };
  const left = new Big(whole).minus(allocated);
  return {
    parts: amounts.length,
    allocated: allocated.toFixed(),
    of: new Big(whole).toFixed(),
    remainder: left.gt(0) ? left.toFixed() : '0',
    over: left.lt(0) ? left.abs().toFixed() : '0',
  };
}

/** The total and how each kind of split adds up against it, from a project's budget rows. */
export function budgetSplits(
  budgets: ReadonlyArray<Pick<Budget, 'trackId' | 'month' | 'amount' | 'currency' | 'thresholds'>>,
): BudgetSplits {
  const total = budgets.find((b) => b.trackId === null && b.month === null) ?? null;
  const whole = total ? total.amount : null;
  const trackTotals = budgets.filter((b) => b.trackId !== null && b.month === null);
  const trackIds = [...new Set(budgets.filter((b) => b.trackId !== null && b.month !== null).map((b) => b.trackId!))].sort();
  return {
    total: whole,
    currency: total ? total.currency : null,
    thresholds: total ? [...total.thresholds] : null,
    byTrack: part(
      trackTotals.map((b) => b.amount),
      whole,
    ),
    byMonth: part(
      budgets.filter((b) => b.trackId === null && b.month !== null).map((b) => b.amount),
      whole,
    ),
    trackMonths: trackIds.map((trackId) => ({
      trackId,
      ...part(
        budgets.filter((b) => b.trackId === trackId && b.month !== null).map((b) => b.amount),
        trackTotals.find((b) => b.trackId === trackId)?.amount ?? null,
      ),
    })),
  };
}
