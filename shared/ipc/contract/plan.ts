/**
 * The plan contract: the plan view (the plan, its checks and weekly totals, the catalog facts it is costed with) and
 * its edits with undo and redo; scenarios (contract/plan-scenarios.ts) and projects (contract/plan-projects.ts) are
 * declared beside it, and `planChannels` puts the three together.
 */
import { z } from 'zod';
import type { PlanCommand } from '../../domain/plan/commands';
import { allocationSchema, dataCostItemSchema, milestoneSchema, poolSchema, projectSchema, trackSchema } from '../../domain/plan/schema';
import { runRateSchema } from '../../domain/plan/run-rate';
import type { ChannelMap, EventMap } from '../channel';
import { planProjectChannels } from './plan-projects';
import { planScenarioChannels } from './plan-scenarios';
import { planViewSchema } from '../../domain/plan/plan-view';

export {
  analysisSchema,
  cellRefSchema,
  offeringFactsSchema,
  planConversionSchema,
  planViewSchema,
  problemSchema,
  subscriptionMonthSchema,
  weekTotalSchema,
  type PlanView,
} from '../../domain/plan/plan-view';

const projectId = z.string().min(1).max(120);
const scenarioId = z.string().min(1).max(200);

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

/** The plan view and its edits: what the timeline shows and changes. */
const planTimelineChannels = {
  'plan:get-run-rates': {
    request: z.object({ projectId: projectId.optional() }).strict(),
    response: z.object({ projectId: z.string(), runRates: z.array(runRateSchema) }),
  },
  /** With `scenarioId`: that scenario's plan, checked and totalled the same way (its edits go to the scenario). */
  'plan:get-plan': {
    request: z.object({ projectId: projectId.optional(), scenarioId: scenarioId.optional() }).strict(),
    response: planViewSchema,
  },
  'plan:edit': {
    request: z
      .object({
        projectId,
        scenarioId: scenarioId.optional(),
        revision: z.number().int().nonnegative(),
        command: planCommandSchema,
        // Where the spend and allocation rules of a track the command removes go: another track, or unassigned (null).
        removedTrackSpend: z
          .object({ moveTo: z.string().min(1).max(120).nullable() })
          .strict()
          .optional(),
      })
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
} satisfies ChannelMap;

export const planChannels = {
  ...planTimelineChannels,
  // Scenarios: duplicate, compare, rename, promote (contract/plan-scenarios.ts).
  ...planScenarioChannels,
  // Projects: list, create, open, archive, delete, restore, export and import a plan file (contract/plan-projects.ts).
  ...planProjectChannels,
} satisfies ChannelMap;

export const planEvents = {} satisfies EventMap;
