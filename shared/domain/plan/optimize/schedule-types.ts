/**
 * Auto-plan's shapes: the options the lead chooses, the model built from a plan (schedule-model.ts), a phase's demand
 * (schedule-demands.ts) and the order between phases (schedule-timing-rows.ts). Their own module, so the model and the
 * files that add its rows do not import each other.
 */
import type { ResolvedPrice } from '../pricing';
import type { Allocation, CapacityPool, Milestone, MilestonePhase, OfferingFacts } from '../types';
import type { LinearModel } from './lp-model';

export interface PhaseDemand {
  phase: MilestonePhase;
  milestone: Milestone;
  label: string;
  /** GPU-hours needed on the phase's own offering (after pinned bookings). */
  neededHours: number;
  basis: string;
  windowStart: string;
  windowEnd: string;
  candidates: Array<{ offering: OfferingFacts; price: ResolvedPrice | null; gpuHours: number }>;
}

/**
 * Which phase waits for which: a milestone's phases in their order (always); each milestone after the one before it
 * in its track (unless the lead frees the order); each milestone after every milestone it depends on (always).
 * The later phase may work from the week the earlier one is done (the week is shared), except across milestones when
 * the lead frees the dates: the dates then follow the work, so the later milestone's work starts the week after the
 * earlier one's ends and its dates start after the earlier one's end (schedule-timing-rows.ts, schedule-result.ts).
 */
export interface DependencyPair {
  before: number;
  after: number;
  /** The two phases belong to different milestones (track order or a declared dependency). */
  acrossMilestones: boolean;
}

export type OptimizeObjective = 'cost' | 'finish' | 'mix' | 'change';

/** How an objective is named in sentences and notes. */
export const OBJECTIVE_NAMES: Record<OptimizeObjective, string> = {
  cost: 'least cost',
  finish: 'earliest finish within budget',
  mix: 'cost and finish',
  change: 'least change',
};

export interface OptimizeOptions {
  objective: OptimizeObjective;
  /** For `mix`: what one week earlier is worth, in the project's currency (as every cost of the model; the name is historical). */
  usdPerWeekEarlier?: number;
  /** Runs each phase needs: the middle of its range (as the plan's checks count) or its high end. */
  runCount?: 'mid' | 'high';
  /**
   * Where a phase may run: within its own dates (the default), or any time in its track's dates up to its end date
   * (`deadline`, the same as `allowDates`).
   */
  window?: 'phase' | 'deadline';
  /** The lead frees the milestones' dates: work may move earlier than a phase's start (never past its end date). */
  allowDates?: boolean;
  /**
   * The lead frees the order of a track's milestones (by default each milestone's work follows the one before it in
   * its track). Declared dependencies (`Milestone.dependsOn`) and the order of a milestone's own phases always hold.
   */
  allowReorder?: boolean;
  /**
   * Other offerings a phase may use, with the GPU-hours it needs there (from the estimator on that GPU).
   * Without an entry a phase stays on its own offering (and any offering of the same GPU listed here).
   */
  alternatives?: Record<string, Array<{ offeringId: string; gpuHours: number }>>;
  /** Bookings that stay as they are (they still count toward their phase, the pools and the budget). */
  pinnedAllocationIds?: string[];
  /** Extra GPU-hours a spot-priced run needs for interruptions (0.1 = 10 % rework). */
  spotRework?: number;
  /**
   * Bookings of a pool take turns within a week (the default, as the plan's checks count a pool: pool-capacity.ts);
   * false keeps the strict rule: no more GPUs booked in a week than the pool has at once.
   */
  allowTurns?: boolean;
  /** Extra budget limits in the project's currency (as the model's costs): per ISO month (`2026-01`) and per track. */
  budgets?: Array<{ month?: string; trackId?: string; amount: number }>;
}

export interface ScheduleModel {
  model: LinearModel;
  weeks: string[];
  demands: PhaseDemand[];
  /** Bookings kept as they are. */
  fixed: Allocation[];
  /** Phases left out (no estimate, no hardware) and why. */
  skipped: Array<{ label: string; reason: string }>;
  x: Array<{ variable: number; demand: number; candidate: number; week: string; cap: number }>;
  shortfall: Map<number, number>;
  budgetSlack: number | null;
  budgetRow: number;
  poolRows: Array<{
    row: number;
    pool: CapacityPool;
    week: string;
    capacity: number;
    fixedUse: number;
    kind: 'hours' | 'at-once' | 'vcpus';
  }>;
  choice: Map<string, number>;
  /**
   * A binary per subscription-month the schedule may use (`colab-pro|2026-01`), whose cost is the monthly fee (in the
   * project's currency, as every cost of the model).
   */
  subscriptions: Array<{ variable: number; key: string; cost: number }>;
  /** Reserved offerings the schedule may use: a binary per offering whose cost is the whole commitment. */
  reservations: Array<{ variable: number; offeringId: string; cost: number }>;
  finishVariable: number | null;
  /** The pools' concurrency rule the model was built with (pool-capacity.ts). */
  allowTurns: boolean;
  /** The milestones' dates are free (work may move before a phase's start): the suggestion re-dates them. */
  datesFreed: boolean;
  /** Which phase (demand index) waits for which. */
  order: DependencyPair[];
  /** What the schedule cannot change (kept bookings, storage and transfer), in the project's currency. */
  fixedCost: number;
  /** The project's budget, in the project's currency (the budget row's costs are converted into it week by week). */
  budget: number;
  penalties: { shortfallPerHour: number; budgetPerUnit: number };
}
