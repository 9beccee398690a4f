/** The plan file's `budget` section (docs/plan-file.md): the project's one budget beyond its total. Pure. */
import { z } from 'zod';
import type { Budget } from '../budget/types';

const currencyCode = z.string().regex(/^[A-Z]{3}$/, 'a three-letter currency code');
const budgetThresholds = z.array(z.number().int().min(1).max(1000)).min(1).max(10);

/**
 * The project's budget record beyond its total (the total is `plan.project.budget`, one place in the file): the
 * total's thresholds and currency (null when the project has no budget), and its splits per track, per month, or per
 * track and month. Absent in files written before it: the imported project then has its total with the default thresholds.
 */
export const planFileBudgetSchema = z.object({
  total: z.object({ currency: currencyCode, thresholds: budgetThresholds }).nullable(),
  splits: z
    .array(
      z.object({
        trackId: z.string().min(1).nullable(),
        month: z
          .string()
          .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'a month YYYY-MM')
          .nullable(),
        amount: z.string().regex(/^\d+(\.\d+)?$/, 'an amount of 0 or more such as 450.50'),
        currency: currencyCode,
        thresholds: budgetThresholds,
      }),
    )
    .max(10_000),
});
export type PlanFileBudget = z.infer<typeof planFileBudgetSchema>;

/** The file's budget section of a project's budget rows (the total row and its splits). */
export function planFileBudget(budgets: ReadonlyArray<Omit<Budget, 'id' | 'projectId'>>): PlanFileBudget {
  const total = budgets.find((b) => b.trackId === null && b.month === null);
  return {
    total: total ? { currency: total.currency, thresholds: [...total.thresholds] } : null,
    splits: budgets
      .filter((b) => b !== total && !(b.trackId === null && b.month === null))
      .map((b) => ({ trackId: b.trackId, month: b.month, amount: b.amount, currency: b.currency, thresholds: [...b.thresholds] })),
  };
}

/** The budget splits' references: a track the plan has, one split per scope, none that is the total itself. */
export function planFileBudgetProblems(
  budget: PlanFileBudget | undefined,
  trackIds: ReadonlySet<string>,
): Array<{ field: string; message: string; value?: string }> {
  const out: Array<{ field: string; message: string; value?: string }> = [];
  const scopes = new Set<string>();
  (budget?.splits ?? []).forEach((b, i) => {
    const field = `budget.splits[${i}]`;
    if (b.trackId !== null && !trackIds.has(b.trackId))
      out.push({
        field: `${field}.trackId`,
        message: `A budget is on track "${b.trackId}", which the file does not have.`,
        value: b.trackId,
      });
    if (b.trackId === null && b.month === null)
      out.push({ field, message: 'A split names a track, a month or both (the total is plan.project.budget).' });
    const scope = `${b.trackId ?? ''}|${b.month ?? ''}`;
    if (scopes.has(scope))
      out.push({ field, message: `Two budgets for the same track and month (${b.trackId ?? 'project'}, ${b.month ?? 'total'}).` });
    scopes.add(scope);
  });
  return out;
}
