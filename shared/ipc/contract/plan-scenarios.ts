/**
 * Plan scenarios: copies of the plan to try a variation on, compared with the plan (cost, GPU-hours, finish, problems)
 * and side by side week by week; one can be promoted to be the plan.
 */
import { z } from 'zod';
import { scenarioInfoSchema } from '../../domain/plan/plan-view';
import { rangeSchema } from '../../domain/plan/schema';
import type { ChannelMap } from '../channel';

export { scenarioInfoSchema } from '../../domain/plan/plan-view';

const projectId = z.string().min(1).max(120);
const scenarioId = z.string().min(1).max(200);

export const scenarioSummarySchema = z.object({
  scenarioId: z.string().nullable(),
  name: z.string(),
  usd: z.string(),
  gpuHours: z.number(),
  firstWeek: z.string().nullable(),
  lastWeek: z.string().nullable(),
  durationDays: z.number().nullable(),
  computeDays: z.number(),
  errors: z.number(),
  warnings: z.number(),
  problemKinds: z.record(z.string(), z.number()),
  authorUsd: rangeSchema.nullable(),
  authorDays: rangeSchema.nullable(),
  authorRisk: z.string().nullable(),
});

const bookingChangeSchema = z.object({
  trackId: z.string(),
  trackName: z.string(),
  what: z.string(),
  before: z.number(),
  after: z.number(),
});
export const planComparisonSchema = z.object({
  summaries: z.array(scenarioSummarySchema),
  finish: z.array(z.string().nullable()),
  weeks: z.array(
    z.object({
      week: z.string(),
      start: z.string(),
      plans: z.array(
        z.object({
          gpuHours: z.number(),
          usd: z.string(),
          deltaGpuHours: z.number(),
          deltaUsd: z.string(),
          changes: z.array(bookingChangeSchema),
        }),
      ),
    }),
  ),
  changedWeeks: z.number(),
});
export type PlanComparisonView = z.output<typeof planComparisonSchema>;

export const planScenarioChannels = {
  'plan:duplicate-scenario': {
    request: z
      .object({
        projectId,
        name: z.string().trim().min(1, 'a name for the scenario').max(200),
        description: z.string().max(2000).default(''),
        fromScenarioId: scenarioId.optional(),
      })
      .strict(),
    response: z.object({ scenario: scenarioInfoSchema }),
  },
  'plan:compare-scenarios': {
    request: z.object({ projectId: projectId.optional() }).strict(),
    response: z.object({ scenarios: z.array(scenarioInfoSchema), rows: z.array(scenarioSummarySchema) }),
  },
  'plan:delete-scenario': { request: z.object({ id: z.string().min(1) }).strict(), response: z.object({ deleted: z.boolean() }) },
  'plan:rename-scenario': {
    request: z
      .object({
        projectId,
        scenarioId,
        name: z.string().trim().min(1, 'a name for the scenario').max(200),
        description: z.string().max(2000).optional(),
      })
      .strict(),
    response: z.object({ scenarioId: z.string(), name: z.string() }),
  },
  /** The scenario becomes the plan; the plan it replaces is kept as a scenario. */
  'plan:promote-scenario': {
    request: z.object({ projectId, scenarioId }).strict(),
    response: z.object({ projectId: z.string(), revision: z.number(), previousPlanScenarioId: z.string(), undoLabel: z.string() }),
  },
  'plan:undo-promote': { request: z.object({ projectId }).strict(), response: z.object({ projectId: z.string(), scenarioId: z.string() }) },
  /** Two or three plans side by side; `null` is the current plan. The per-week difference is against the first. */
  'plan:compare-plans': {
    request: z
      .object({
        projectId: projectId.optional(),
        ids: z.array(scenarioId.nullable()).min(2, 'two or three plans').max(3, 'two or three plans'),
      })
      .strict(),
    response: planComparisonSchema,
  },
} satisfies ChannelMap;
