import { z } from 'zod';
import type { PlanCommand } from '../../domain/plan/commands';
import {
  allocationSchema,
  dataCostItemSchema,
  milestoneSchema,
  planSchema,
  poolSchema,
  projectSchema,
  rangeSchema,
  scenarioAuthorSchema,
  trackSchema,
} from '../../domain/plan/schema';
import { runRateSchema } from '../../domain/plan/run-rate';
import { amountText, plausibleDay } from '../../domain/field-bounds';
import type { ChannelMap, EventMap } from '../channel';
import { dataCostTotalsSchema } from '../../domain/data-costs/schema';
import { dataRateSchema } from '../../domain/data-costs/rate-schema';

const projectId = z.string().min(1).max(120);

export const planCommandSchema: z.ZodType<PlanCommand> = z.lazy(() =>
  z.union([
    z.object({ type: z.literal('upsert'), entity: z.literal('track'), value: trackSchema }),
    z.object({ type: z.literal('upsert'), entity: z.literal('milestone'), value: milestoneSchema }),
    z.object({ type: z.literal('upsert'), entity: z.literal('allocation'), value: allocationSchema }),
    z.object({ type: z.literal('upsert'), entity: z.literal('pool'), value: poolSchema }),
    z.object({ type: z.literal('upsert'), entity: z.literal('project'), value: projectSchema }),
    z.object({ type: z.literal('upsert'), entity: z.literal('dataCost'), value: dataCostItemSchema }),
    z.object({
      type: z.literal('remove'),
      entity: z.enum(['track', 'milestone', 'allocation', 'pool', 'dataCost']),
      id: z.string().min(1),
    }),
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
  storageUsd: z.string(),
  transferUsd: z.string(),
  allCostsUsd: z.string(),
  storageExact: z.string(),
  transferExact: z.string(),
  allCostsExact: z.string(),
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
    storageUsd: z.string(),
    transferUsd: z.string(),
    allCostsUsd: z.string(),
    remainingAllCostsUsd: z.string(),
    dataCosts: dataCostTotalsSchema,
  }),
  pools: z.array(
    z.object({
      poolId: z.string(),
      weeks: z.record(
        z.string(),
        z.object({
          gpuHours: z.number(),
          concurrentGpus: z.number(),
          vcpus: z.number(),
          capacityHours: z.number(),
          over: z.boolean(),
          turns: z.boolean(),
        }),
      ),
    }),
  ),
  phases: z.array(
    z.object({
      milestoneId: z.string(),
      phaseId: z.string(),
      neededHours: z.number().nullable(),
      neededBasis: z.string(),
      allocatedHours: z.number(),
      bookedHours: z.number(),
    }),
  ),
});

export const offeringFactsSchema = z.object({
  id: z.string(),
  gpuId: z.string(),
  gpuCount: z.number(),
  vcpus: z.number().nullable(),
  label: z.string(),
  gpuName: z.string().optional(),
  deleted: z.boolean(),
  prices: z.array(
    z.object({
      kind: z.string(),
      usd: z.union([z.number(), z.string()]),
      per: z.enum(['hour', 'month', 'once']),
      asOf: z.string(),
      source: z.string(),
    }),
  ),
});

export const scenarioInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  variation: z.string(),
  author: scenarioAuthorSchema.nullable(),
  createdAt: z.string(),
});

export const planViewSchema = z.object({
  plan: planSchema,
  revision: z.number().int(),
  weeks: z.array(z.string()),
  analysis: analysisSchema,
  catalog: z.object({ offerings: z.array(offeringFactsSchema), dataRates: z.array(dataRateSchema).optional() }),
  history: z.object({ undoLabel: z.string().nullable(), redoLabel: z.string().nullable() }),
  /** How long the checks and totals took on this edit, ms (main process). */
  analysisMs: z.number(),
  /** Set when this view is a scenario's plan (edits, undo and redo then go to the scenario). */
  scenario: scenarioInfoSchema.nullable().optional(),
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

const scenarioId = z.string().min(1).max(200);
const day = plausibleDay;

export const projectListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  start: z.string(),
  end: z.string(),
  currency: z.string(),
  budget: z.string(),
  isExample: z.boolean(),
  revision: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  openedAt: z.string().nullable(),
  archivedAt: z.string().nullable(),
  deletedAt: z.string().nullable(),
  tracks: z.number(),
  scenarios: z.number(),
});
export type ProjectListItem = z.output<typeof projectListItemSchema>;

export const projectContentsSchema = z.object({
  projectId: z.string(),
  name: z.string(),
  isExample: z.boolean(),
  tracks: z.number(),
  milestones: z.number(),
  allocations: z.number(),
  scenarios: z.number(),
  budgets: z.number(),
  rules: z.number(),
  spendLines: z.number(),
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

export const planChannels = {
  /** Recent first (last opened or changed); archived ones flagged; deleted ones left out. */
  'plan:list-projects': { request: z.object({}).strict(), response: z.object({ projects: z.array(projectListItemSchema) }) },
  /** With `scenarioId`: that scenario's plan, checked and totalled the same way (its edits go to the scenario). */
  'plan:get-run-rates': {
    request: z.object({ projectId: projectId.optional() }).strict(),
    response: z.object({ projectId: z.string(), runRates: z.array(runRateSchema) }),
  },
  'plan:get-plan': {
    request: z.object({ projectId: projectId.optional(), scenarioId: scenarioId.optional() }).strict(),
    response: planViewSchema,
  },
  'plan:edit': {
    request: z
      .object({ projectId, scenarioId: scenarioId.optional(), revision: z.number().int().nonnegative(), command: planCommandSchema })
      .strict(),
    response: planViewSchema,
  },
  'plan:undo': {
    request: z.object({ projectId, scenarioId: scenarioId.optional(), revision: z.number().int().nonnegative().optional() }).strict(),
    response: planViewSchema,
  },
  'plan:redo': {
    request: z.object({ projectId, scenarioId: scenarioId.optional(), revision: z.number().int().nonnegative().optional() }).strict(),
    response: planViewSchema,
  },
  'plan:refresh-estimates': { request: z.object({ projectId }).strict(), response: planViewSchema },
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

  'plan:create-project': {
    request: z
      .object({
        name: z.string().trim().min(1, 'a name for the project').max(200),
        start: day,
        end: day,
        currency: z
          .string()
          .trim()
          .regex(/^[A-Za-z]{3}$/, 'a three-letter currency code such as USD, EUR or INR'),
        budget: amountText,
        description: z.string().max(2000).optional(),
        track: z
          .object({
            name: z.string().trim().min(1, 'a name for the first track').max(200),
            owner: z.string().trim().min(1, 'who owns the first track').max(200),
          })
          .strict(),
      })
      .strict(),
    response: z.object({ projectId: z.string() }),
  },
  'plan:open-project': { request: z.object({ projectId }).strict(), response: z.object({ projectId: z.string() }) },
  'plan:duplicate-project': {
    request: z.object({ projectId, name: z.string().trim().max(200).optional() }).strict(),
    response: z.object({ projectId: z.string() }),
  },
  'plan:rename-project': {
    request: z.object({ projectId, name: z.string().trim().min(1, 'a name for the project').max(200) }).strict(),
    response: z.object({ projectId: z.string(), name: z.string() }),
  },
  'plan:archive-project': {
    request: z.object({ projectId, archived: z.boolean() }).strict(),
    response: z.object({ projectId: z.string(), archived: z.boolean() }),
  },
  /** What a delete would take away, for the confirmation. */
  'plan:project-contents': { request: z.object({ projectId }).strict(), response: projectContentsSchema },
  'plan:delete-project': { request: z.object({ projectId }).strict(), response: z.object({ deleted: projectContentsSchema }) },
  'plan:restore-project': { request: z.object({ projectId }).strict(), response: z.object({ projectId: z.string() }) },
  /** Save dialog in main; the renderer never passes a path. */
  'plan:export-file': {
    request: z.object({ projectId, includeSpend: z.boolean().optional() }).strict(),
    response: z.object({ file: z.string().nullable(), bytes: z.number(), scenarios: z.number(), spendLines: z.number() }),
  },
  /** Open dialog in main. Without `intoProjectId`: a new project; with it: a scenario of that project. All or nothing. */
  'plan:import-file': {
    request: z.object({ intoProjectId: projectId.optional() }).strict(),
    response: z.object({
      file: z.string().nullable(),
      projectId: z.string().nullable(),
      scenarioId: z.string().nullable(),
      scenarios: z.number(),
      spendLines: z.number(),
    }),
  },
} satisfies ChannelMap;

export const planEvents = {} satisfies EventMap;
