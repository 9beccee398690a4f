import { z } from 'zod';
import type { ChannelMap, EventMap } from '../channel';
import { presetFamilySchema, workloadEstimateSchema } from './estimate-schemas';

export { workloadEstimateSchema };

/** A workload as the user typed it: checked by the estimate service (parseWorkload) so errors name the workload's own fields. */
const rawWorkload = z.record(z.string(), z.unknown());
const gpuIds = z.array(z.string().min(1).max(120)).max(200).optional();

export const presetSummarySchema = z.object({
  id: z.string(),
  aliases: z.array(z.string()),
  name: z.string(),
  family: presetFamilySchema,
  params: z.number(),
  defaultInput: z.object({ windowSamples: z.number().optional(), imageSize: z.number().optional(), seqLen: z.number().optional() }),
  maxSeqLen: z.number().nullable(),
  source: z.string(),
});

export const savedWorkloadSchema = z.object({
  id: z.string(),
  name: z.string(),
  workload: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** A bundled example: saved as a copy, never overwritten from the Estimate screen. */
  example: z.boolean(),
});

export const sweepSummarySchema = z.object({
  index: z.number().int(),
  ok: z.boolean(),
  error: z.string().nullable(),
  cheapest: z.object({ offeringId: z.string(), priceKind: z.string(), usd: z.number(), hours: z.number() }).nullable(),
  fastest: z.object({ gpuId: z.string(), hours: z.number().nullable(), samplesPerSecond: z.number() }).nullable(),
});

export const estimateChannels = {
  'estimate:list-presets': { request: z.object({}).strict(), response: z.object({ presets: z.array(presetSummarySchema) }) },
  'estimate:run': {
    /** includeFlagged: price the prices the app flags as inconsistent too (left out by default, each with its reason). */
    request: z.object({ workload: rawWorkload, gpuIds, includeFlagged: z.boolean().optional() }).strict(),
    response: workloadEstimateSchema,
  },
  'estimate:sweep': {
    request: z.object({ sweepId: z.string().min(1).max(100), workloads: z.array(rawWorkload).min(1).max(100_000), gpuIds }).strict(),
    response: z.object({ sweepId: z.string(), cancelled: z.boolean(), done: z.number().int(), summaries: z.array(sweepSummarySchema) }),
  },
  'estimate:cancel-sweep': { request: z.object({ sweepId: z.string() }).strict(), response: z.object({ cancelled: z.boolean() }) },
  'estimate:save-workload': {
    request: z
      .object({
        id: z.string().max(100).optional(),
        name: z.string().trim().min(1, 'a name for the workload').max(200),
        workload: rawWorkload,
      })
      .strict(),
    response: z.object({ workload: savedWorkloadSchema }),
  },
  'estimate:list-workloads': { request: z.object({}).strict(), response: z.object({ workloads: z.array(savedWorkloadSchema) }) },
  'estimate:delete-workload': { request: z.object({ id: z.string() }).strict(), response: z.object({ deleted: z.boolean() }) },
} satisfies ChannelMap;

export const estimateEvents = {
  'estimate:sweep-progress': z.object({ sweepId: z.string(), done: z.number().int(), total: z.number().int() }),
} satisfies EventMap;
