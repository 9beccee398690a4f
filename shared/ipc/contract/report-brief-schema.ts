/** The review's two-page brief as it crosses IPC (checked against the domain's `Brief` type). */
import { z } from 'zod';
import type { Brief } from '../../domain/report/brief';
import type { Assert, Equals } from '../type-check';

const tone = z.enum(['good', 'warn', 'bad']);

export const briefSchema = z.object({
  title: z.string(),
  decision: z.string(),
  recommendation: z.object({
    verdict: z.enum(['approve', 'approve-with-changes', 'do-not-approve-yet']),
    headline: z.string(),
    reasons: z.array(z.string()),
  }),
  status: z.object({ label: z.string(), tone }),
  keyFigures: z.array(z.object({ label: z.string(), value: z.string(), note: z.string() })),
  gantt: z.object({
    weeks: z.array(z.object({ week: z.string(), start: z.string() })),
    tracks: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        colour: z.string(),
        bars: z.array(z.object({ from: z.string(), to: z.string(), label: z.string() })),
        milestones: z.array(z.object({ week: z.string(), code: z.string(), label: z.string() })),
      }),
    ),
  }),
  months: z.array(
    z.object({
      month: z.string(),
      plannedUsd: z.string(),
      budgetUsd: z.string().nullable(),
      cumulativePlannedUsd: z.string(),
      cumulativeBudgetUsd: z.string().nullable(),
      over: z.boolean(),
      barPercent: z.number(),
      budgetMarkPercent: z.number().nullable(),
    }),
  ),
  risks: z.array(z.string()),
  scenarios: z.array(
    z.object({
      name: z.string(),
      chosen: z.boolean(),
      usd: z.string(),
      gpuHours: z.number(),
      days: z.number().nullable(),
      errors: z.number(),
      warnings: z.number(),
      overBudget: z.boolean(),
    }),
  ),
});

export type _BriefChecked = Assert<Equals<z.output<typeof briefSchema>, Brief>>;
