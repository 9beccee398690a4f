/**
 * Auto-plan channels: suggest the cheapest (or earliest) weekly schedule meeting every milestone, stop a long solve,
 * and accept a suggestion (all of it, or some weeks) into the plan as one undoable edit.
 */
import { z } from 'zod';
import { allocationSchema } from '../../domain/plan/schema';
import type { ChannelMap, EventMap } from '../channel';
import { planViewSchema } from './plan';
import { scenarioSummarySchema } from './plan-scenarios';

const projectId = z.string().min(1).max(120);
const week = z.string().regex(/^\d{4}-W\d{2}$/, 'an ISO week such as 2026-W02');

export const optimizeRequestSchema = z
  .object({
    projectId: projectId.optional(),
    scenarioId: z.string().min(1).max(200).optional(),
    objective: z.enum(['cost', 'finish', 'mix', 'change']).default('cost'),
    usdPerWeekEarlier: z.number().finite().min(0).max(1e9).optional(),
    runCount: z.enum(['mid', 'high']).default('mid'),
    /** `deadline` is the older name of `allowDates`. */
    window: z.enum(['phase', 'deadline']).default('phase'),
    /** Deadlines, order and hardware hold unless the lead frees them (issue 27 item 2): each off by default. */
    allowDates: z.boolean().default(false),
    allowHardware: z.boolean().default(false),
    allowReorder: z.boolean().default(false),
    /** The older name of `allowHardware`. */
    allowOtherOfferings: z.boolean().default(false),
    /** Bookings of a pool take turns within its week's hours (as the checks count a pool); false: the strict rule. */
    allowTurns: z.boolean().default(true),
    pinnedAllocationIds: z.array(z.string().min(1).max(200)).max(10000).optional(),
    timeLimitSeconds: z.number().finite().min(1).max(600).default(30),
    saveAs: z.string().trim().min(1).max(200).optional(),
  })
  .strict();

export const bindingSchema = z.object({
  kind: z.enum(['milestone-window', 'pool-capacity', 'budget', 'kept-bookings', 'not-scheduled', 'current-plan']),
  message: z.string(),
  amount: z.number().nullable(),
  unit: z.enum(['gpu-hours', 'usd']).nullable(),
  weeks: z.array(z.string()),
});

const milestoneSideSchema = z.object({
  start: z.string().nullable(),
  end: z.string().nullable(),
  offeringIds: z.array(z.string()),
  gpuIds: z.array(z.string()),
  gpuHours: z.number(),
  cost: z.string(),
});
const planSideSchema = z.object({
  cost: z.string(),
  finish: z.string().nullable(),
  finishWeek: z.string().nullable(),
  gpuHours: z.number(),
});

/** What the suggestion changes against the current plan (shared/domain/plan/optimize/suggestion-diff.ts). */
export const suggestionDiffSchema = z.object({
  currency: z.string(),
  milestones: z.array(
    z.object({
      milestoneId: z.string(),
      code: z.string(),
      name: z.string(),
      trackId: z.string(),
      before: milestoneSideSchema,
      after: milestoneSideSchema,
      changes: z.array(z.enum(['dates', 'offering', 'gpu', 'gpu-hours', 'cost'])),
    }),
  ),
  before: planSideSchema,
  after: planSideSchema,
  removedGpuHours: z.number(),
  addedGpuHours: z.number(),
});

export const optimizeResultSchema = z.object({
  status: z.enum(['optimal', 'feasible', 'infeasible']),
  objective: z.object({ kind: z.enum(['cost', 'finish', 'mix', 'change']), usd: z.string(), finishWeek: z.string().nullable() }),
  binding: z.array(bindingSchema),
  /** Problems of the suggestion no schedule can fix, each with what would fix it. */
  notFixableByScheduling: z.array(
    z.object({ kind: z.string(), severity: z.string(), message: z.string(), fix: z.string(), milestoneId: z.string().nullable() }),
  ),
  /** When infeasible: the smallest single changes that make a schedule exist. */
  relaxations: z.array(
    z.object({
      kind: z.enum(['move-end-date', 'raise-pool-capacity', 'allow-turns', 'other-offering', 'raise-budget']),
      message: z.string(),
      milestoneId: z.string().nullable(),
      poolId: z.string().nullable(),
      amount: z.number().nullable(),
      unit: z.enum(['weeks', 'gpu-hours-per-week', 'usd']).nullable(),
    }),
  ),
  scenarioId: z.string().nullable(),
  solver: z.object({ seconds: z.number(), gap: z.number().nullable() }),
  replacedAllocationIds: z.array(z.string()),
  addedAllocations: z.array(allocationSchema),
  /** The plan and the suggestion side by side: cost, finish, GPU-hours, problems. */
  comparison: z.array(scenarioSummarySchema),
  /** Weeks whose bookings differ between the plan and the suggestion. */
  changedWeeks: z.array(z.string()),
  /** Per milestone, what the suggestion changes; the plan's cost and finish beside the current ones. */
  diff: suggestionDiffSchema,
  conflicts: z.array(z.object({ kind: z.string(), week: z.string().nullable(), message: z.string(), severity: z.string() })),
  totals: z.object({ currency: z.string(), gpuHours: z.number(), usd: z.string(), budget: z.string(), remainingUsd: z.string() }),
});
export type OptimizeResult = z.output<typeof optimizeResultSchema>;

export const planOptimizeChannels = {
  'plan:optimize': { request: optimizeRequestSchema, response: optimizeResultSchema },
  'plan:stop-optimize': { request: z.object({}).strict(), response: z.object({ stopped: z.boolean() }) },
  'plan:accept-suggestion': {
    request: z
      .object({
        projectId,
        revision: z.number().int().nonnegative(),
        scenarioId: z.string().min(1).max(200),
        weeks: z.array(week).max(1000).optional(),
      })
      .strict(),
    response: planViewSchema,
  },
} satisfies ChannelMap;

export const planOptimizeEvents = {
  'plan:optimize-progress': z.object({ seconds: z.number(), gap: z.number().nullable() }),
} satisfies EventMap;
