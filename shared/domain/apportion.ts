/**
 * The one rounding rule for parts of a total (issue 25 item 4): the cents of a total are apportioned over its parts by
 * largest remainder, from the parts' exact values, so the parts as shown add up to the total as shown. Every table,
 * chart and CSV that splits a total (weeks, tracks, providers, storage and transfer lines) calls these, never its own
 * rounding; months are their weeks as shown, added up (shownMonthCosts in plan/totals.ts).
 */
import Big from 'big.js';

type Amount = Big | string | number;

/** Half-up to the cent, as every total is shown. */
export const shownCents = (v: Amount): string => new Big(v).round(2, Big.roundHalfUp).toFixed(2);

/**
 * Cents for non-negative `exacts` that add up to `total` (default: their exact sum, to the cent): each part gets its
 * whole cents, then the cents still missing go to the largest remainders (ties: first part first); cents over the
 * total (a total rounded by parts, a cent under the exact sum) come off the smallest remainders among parts that have
 * a cent to give, so no part goes below zero.
 */
export function apportionCents(exacts: readonly Amount[], total?: Amount): string[] {
  if (exacts.length === 0) return [];
  const hundredths = exacts.map((x) => new Big(x).times(100));
  const floors = hundredths.map((x) => Number(x.round(0, Big.roundDown).toFixed(0)));
  const rests = hundredths.map((x, i) => x.minus(floors[i]!));
  const target = Number(
    new Big(total ?? hundredths.reduce((s, x) => s.plus(x), new Big(0)).div(100)).times(100).round(0, Big.roundHalfUp).toFixed(0),
  );
  let left = target - floors.reduce((s, f) => s + f, 0);
  const byRest = floors.map((_, i) => i).sort((a, b) => rests[b]!.cmp(rests[a]!) || a - b);
  for (let k = 0; left > 0; k += 1, left -= 1) floors[byRest[k % byRest.length]!]! += 1;
  while (left < 0) {
    const giving = [...byRest].reverse().filter((i) => floors[i]! > 0);
    if (giving.length === 0) break;
    for (const i of giving) {
      if (left === 0) break;
      floors[i]! -= 1;
      left += 1;
    }
  }
  return floors.map((f) => new Big(f).div(100).toFixed(2));
}

/** Running totals of shown parts (the last is their total), exact in cents. */
export function runningCents(parts: readonly Amount[]): string[] {
  let sum = new Big(0);
  return parts.map((p) => (sum = sum.plus(p)).toFixed(2));
}

/** A cost split into its own lines: GPU, storage and transfer (exact). */
export interface CostParts {
  gpu: Amount;
  storage: Amount;
  transfer: Amount;
}

/** The same split as shown: each line apportioned on its own, all costs their sum (so never below the GPU cost). */
export interface ShownCostParts {
  gpu: string;
  storage: string;
  transfer: string;
  allCosts: string;
}

/**
 * Rows of GPU, storage and transfer as shown: each column's cents apportioned from its exact total rounded to the cent
 * (the plan's GPU, storage and transfer totals), and each row's all costs the sum of its three shown parts — the rows
 * add up to the plan's all-costs total (GPU + storage + transfer, each rounded), and no row's all costs is below its
 * GPU cost.
 */
export function apportionCostParts(rows: readonly CostParts[]): ShownCostParts[] {
  const gpu = apportionCents(rows.map((r) => r.gpu));
  const storage = apportionCents(rows.map((r) => r.storage));
  const transfer = apportionCents(rows.map((r) => r.transfer));
  return rows.map((_, i) => ({
    gpu: gpu[i]!,
    storage: storage[i]!,
    transfer: transfer[i]!,
    allCosts: new Big(gpu[i]!).plus(storage[i]!).plus(transfer[i]!).toFixed(2),
  }));
}
