/**
 * zod schemas of the plan aggregate (IPC responses, the bundled example file) and of the example file itself.
 */
import { z } from 'zod';
import { checksSaySchema, claimCheckSchema, claimSourceSchema, VERDICTS } from '../claims/claim-check';

export const rangeSchema = z.object({ low: z.number(), high: z.number() });
import { amountText, plausibleDay as day, plausibleWeek as week } from '../field-bounds';

export const projectSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  start: day,
  end: day,
  currency: z.string(),
  budget: amountText,
  budgetSource: z.string(),
  description: z.string(),
  source: z.string().nullable(),
});

export const trackSchema = z.object({
  id: z.string().min(1),
  projectId: z.string(),
  name: z.string(),
  owner: z.string(),
  focus: z.string(),
  colour: z.string(),
  start: day,
  end: day,
  position: z.number().int(),
  notes: z.string().nullable(),
});

export const authorEstimateSchema = z.object({
  hours: rangeSchema,
  usd: rangeSchema,
  hoursPerRun: rangeSchema.nullable(),
  usdPerRun: rangeSchema.nullable(),
  text: z.string(),
});

export const appEstimateSchema = z.object({
  hours: z.number(),
  hoursPerRun: z.number(),
  gpus: z.number().int().positive().optional(),
  usd: z.string(),
  computedAt: z.string(),
  priceAsOf: z.string().nullable(),
  basis: z.string(),
  hoursRange: z.object({ low: z.number(), high: z.number(), basis: z.string() }).optional(),
});

export const phaseSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  start: day,
  end: day,
  offeringId: z.string().nullable(),
  gpuId: z.string().nullable(),
  runs: rangeSchema,
  workload: z.record(z.string(), z.unknown()).nullable(),
  authorEstimate: authorEstimateSchema.nullable(),
  appEstimate: appEstimateSchema.nullable(),
});

export const milestoneSchema = z.object({
  id: z.string().min(1),
  trackId: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  facts: z.array(z.object({ label: z.string(), value: z.string() })),
  phases: z.array(phaseSchema),
  position: z.number().int(),
  dependsOn: z.array(z.string().min(1)).max(500).optional(),
});

export const allocationSchema = z.object({
  id: z.string().min(1),
  trackId: z.string(),
  week,
  offeringId: z.string().nullable(),
  gpuId: z.string(),
  gpuCount: z.number(),
  hours: z.number(),
  phaseId: z.string().nullable(),
  note: z.string().nullable(),
});

export const poolSchema = z.object({
  id: z.string().min(1),
  projectId: z.string(),
  name: z.string(),
  capacity: z.number(),
  unit: z.enum(['gpus', 'vcpus']),
  offeringIds: z.array(z.string()),
  gpuIds: z.array(z.string()),
  notes: z.string().nullable(),
});

export const plannedPriceSchema = z.object({
  offeringId: z.string(),
  kind: z.string(),
  usd: z.string(),
  per: z.enum(['hour', 'month', 'once']),
  asOf: day,
  source: z.string(),
});

export const claimSchema = z.object({
  id: z.string(),
  quote: z.string(),
  where: z.string(),
  verdict: z.enum(VERDICTS),
  explanation: z.string(),
  /** how the app re-derives the verdict (the app's figure is computed, never stored): shared/domain/claims. */
  check: claimCheckSchema.optional(),
  /** what the explanation says about the plan's checks, verified against them. */
  checksSay: checksSaySchema.optional(),
  /** the seed and lines the claim quotes (docs/seed-coverage.md). */
  source: claimSourceSchema.optional(),
});

export const dataCostItemSchema = z.object({
  id: z.string().min(1),
  trackId: z.string().nullable(),
  kind: z.enum(['dataset', 'checkpoints', 'downloads']),
  label: z.string(),
  gb: z.number(),
  per: z.enum(['held', 'run', 'month']),
  runs: z.number().nullable(),
  rateId: z.string().min(1),
  start: day,
  end: day,
  source: z.string(),
});

export const planSchema = z.object({
  project: projectSchema,
  tracks: z.array(trackSchema),
  milestones: z.array(milestoneSchema),
  allocations: z.array(allocationSchema),
  pools: z.array(poolSchema),
  plannedPrices: z.array(plannedPriceSchema),
  notes: z.array(z.string()),
  claims: z.array(claimSchema),
  dataCosts: z.array(dataCostItemSchema).optional(),
});

export const scenarioAuthorSchema = z.object({
  usd: rangeSchema.nullable(),
  days: rangeSchema.nullable(),
  risk: z.string(),
  text: z.string(),
});

export const variationSpecSchema = z.object({
  offeringMap: z.record(z.string(), z.string()),
  hoursFactor: z.record(z.string(), z.number()),
  targetGpu: z.record(z.string(), z.string()),
  scaleOnlyMilestoneWork: z.boolean(),
  spill: z.boolean(),
});

export const scenarioSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  name: z.string(),
  description: z.string(),
  variation: z.string(),
  author: scenarioAuthorSchema.nullable(),
  plan: planSchema,
  createdAt: z.string(),
});

/** The bundled example file: the plan and its scenarios as variations of it. */
/** A budget the source document sets (a bundled example's), with the thresholds its alerts fire at. */
export const exampleBudgetSchema = z.object({
  /** null: the whole project. */
  trackId: z.string().min(1).nullable(),
  /** `YYYY-MM`; null: the whole project's span. */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .nullable(),
  amount: amountText,
  thresholds: z.array(z.number().positive().max(1000)).min(1),
  source: z.string().min(1),
});

export const exampleFileSchema = z.object({
  format: z.literal('gpu-planner-project/1'),
  plan: planSchema,
  /** budgets the document sets beside the project's total (a month's budget and its alert thresholds). */
  budgets: z.array(exampleBudgetSchema).optional(),
  scenarios: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      variation: z.string(),
      spec: variationSpecSchema,
      author: scenarioAuthorSchema.nullable(),
    }),
  ),
});
export type ExampleFile = z.infer<typeof exampleFileSchema>;
