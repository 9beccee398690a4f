import { z } from 'zod';
import type { PlanCommand } from '../../domain/plan/commands';
import { allocationSchema, milestoneSchema, planSchema, poolSchema, projectSchema, rangeSchema, scenarioAuthorSchema, trackSchema } from '../../domain/plan/schema';
import type { ChannelMap, EventMap } from '../channel';

const projectId = z.string().min(1).max(120);

export const planCommandSchema: z.ZodType<PlanCommand> = z.lazy(() =>
  z.union([
    z.object({ type: z.literal('upsert'), entity: z.literal('track'), value: trackSchema }),
    z.object({ type: z.literal('upsert'), entity: z.literal('milestone'), value: milestoneSchema }),
    z.object({ type: z.literal('upsert'), entity: z.literal('allocation'), value: allocationSchema }),
    z.object({ type: z.literal('upsert'), entity: z.literal('pool'), value: poolSchema }),
    z.object({ type: z.literal('upsert'), entity: z.literal('project'), value: projectSchema }),
    z.object({ type: z.literal('remove'), entity: z.enum(['track', 'milestone', 'allocation', 'pool']), id: z.string().min(1) }),
    z.object({ type: z.literal('batch'), label: z.string().max(200), commands: z.array(planCommandSchema).max(5000) }),
  ]),
) as z.ZodType<PlanCommand>;

export const cellRefSchema = z.object({
  row: z.enum(['track', 'pool', 'totals', 'milestone']),
  trackId: z.string().optional(),
  poolId: z.string().optional(),
  week: z.string().optional(),
  allocationId: z.string().optional(),
  milestoneId: z.string().optional(),
  phaseId: z.string().optional(),
});

export const problemSchema = z.object({
  id: z.string(),
  kind: z.string(),
  severity: z.enum(['error', 'warning', 'info']),
  week: z.string().optional(),
  trackId: z.string().optional(),
  milestoneId: z.string().optional(),
  message: z.string(),
  cell: cellRefSchema,
});

export const weekTotalSchema = z.object({
  week: z.string(),
  start: z.string(),
  gpuHours: z.number(),
  usd: z.string(),
  usdExact: z.string(),
  byTrack: z.record(z.string(), z.object({ gpuHours: z.number(), usd: z.string() })),
  cumulativeUsd: z.string(),
  budgetShareUsd: z.string(),
  cumulativeBudgetUsd: z.string(),
  unpricedAllocationIds: z.array(z.string()),
});

export const analysisSchema = z.object({
  problems: z.array(problemSchema),
  totals: z.object({
    weeks: z.array(weekTotalSchema),
    gpuHours: z.number(),
    usd: z.string(),
    budget: z.string(),
    remainingUsd: z.string(),
    allocationUsd: z.record(z.string(), z.string()),
  }),
  pools: z.array(z.object({
    poolId: z.string(),
    weeks: z.record(z.string(), z.object({ gpuHours: z.number(), concurrentGpus: z.number(), vcpus: z.number(), capacityHours: z.number(), over: z.boolean(), turns: z.boolean() })),
  })),
  phases: z.array(z.object({ milestoneId: z.string(), phaseId: z.string(), neededHours: z.number().nullable(), neededBasis: z.string(), allocatedHours: z.number(), bookedHours: z.number() })),
});

export const offeringFactsSchema = z.object({
  id: z.string(),
  gpuId: z.string(),
  gpuCount: z.number(),
  vcpus: z.number().nullable(),
  label: z.string(),
  deleted: z.boolean(),
  prices: z.array(z.object({ kind: z.string(), usd: z.union([z.number(), z.string()]), per: z.enum(['hour', 'month', 'once']), asOf: z.string(), source: z.string() })),
});

export const planViewSchema = z.object({
  plan: planSchema,
  revision: z.number().int(),
  weeks: z.array(z.string()),
  analysis: analysisSchema,
  catalog: z.object({ offerings: z.array(offeringFactsSchema) }),
  history: z.object({ undoLabel: z.string().nullable(), redoLabel: z.string().nullable() }),
  /** How long the checks and totals took on this edit, ms (main process). */
  analysisMs: z.number(),
});
export type PlanView = z.output<typeof planViewSchema>;

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

export const scenarioInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  variation: z.string(),
  author: scenarioAuthorSchema.nullable(),
  createdAt: z.string(),
});

export const planChannels = {
  'plan:list-projects': {
    request: z.object({}).strict(),
    response: z.object({ projects: z.array(z.object({ id: z.string(), name: z.string(), start: z.string(), end: z.string(), isExample: z.boolean(), revision: z.number() })) }),
  },
  'plan:get-plan': { request: z.object({ projectId: projectId.optional() }).strict(), response: planViewSchema },
  'plan:edit': {
    request: z.object({ projectId, revision: z.number().int().nonnegative(), command: planCommandSchema }).strict(),
    response: planViewSchema,
  },
  'plan:undo': { request: z.object({ projectId, revision: z.number().int().nonnegative().optional() }).strict(), response: planViewSchema },
  'plan:redo': { request: z.object({ projectId, revision: z.number().int().nonnegative().optional() }).strict(), response: planViewSchema },
  'plan:refresh-estimates': { request: z.object({ projectId }).strict(), response: planViewSchema },
  'plan:duplicate-scenario': {
    request: z.object({ projectId, name: z.string().trim().min(1, 'a name for the scenario').max(200), description: z.string().max(2000).default('') }).strict(),
    response: z.object({ scenario: scenarioInfoSchema }),
  },
  'plan:compare-scenarios': {
    request: z.object({ projectId: projectId.optional() }).strict(),
    response: z.object({ scenarios: z.array(scenarioInfoSchema), rows: z.array(scenarioSummarySchema) }),
  },
  'plan:delete-scenario': { request: z.object({ id: z.string().min(1) }).strict(), response: z.object({ deleted: z.boolean() }) },
} satisfies ChannelMap;

export const planEvents = {} satisfies EventMap;
