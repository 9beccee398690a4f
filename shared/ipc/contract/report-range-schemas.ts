/** The report's ranges (issue 29 item 5): a phase's P10–P90 and the plan's totals, as report-model-types.ts shapes them. */
import { z } from 'zod';

const hours = z.object({ p10: z.number(), p50: z.number(), p90: z.number() });
const amounts = z.object({ p10: z.string(), p50: z.string(), p90: z.string() });

export const reportPhaseRangeSchema = z.object({ hours, cost: amounts, basis: z.string() });

export const reportRangesSchema = z.object({
  sentence: z.string(),
  total: amounts,
  plannedTotal: z.string(),
  finish: z.object({ planned: z.string(), p10: z.string(), p50: z.string(), p90: z.string() }).nullable(),
  budgetHolds: z.number(),
  rules: z.string(),
});
