/** The shapes and the rules in words of the plan's ranges (plan-ranges.ts, issue 29 item 5). */

export const RANGE_SAMPLES = 1000;
export const RANGE_SEED = 29;

export const RANGE_RULES = {
  distribution:
    "Each phase's GPU-hours: a two-piece lognormal with its median at the estimate the plan uses and its ends at the estimate's range taken as P10–P90 (the app's estimate: the estimator's range over its calibration rows, narrowed by your recorded runs; a figure from a source document: its low–high). The app's estimate is for the middle run count: the runs are drawn evenly between the phase's low and high.",
  combination: `Milestones and the plan add the phases draw by draw (${RANGE_SAMPLES.toLocaleString('en-US')} draws from a fixed starting point, the same figures every time). Phases training the same model on the same GPU share one estimator error; others err independently.`,
  cost: "A phase costs its hours at its estimate's own cost per GPU-hour, in the project's currency at its start week's rate. The plan's total = the plan's all-costs total + each phase's hours beyond what the plan books for it at that cost − the hours it needs less, on hourly prices only (a subscription or a reservation is paid whatever is used).",
  finish:
    "Hours beyond a phase's booked hours push its end: at its bookings' pace (booked GPU-hours ÷ its days), or one run's GPUs around the clock when nothing is booked; a milestone's later phases and the milestones after it move with it. The finish never comes earlier than planned.",
  budget: "How likely the budget holds: the share of the draws whose total is within the project's budget.",
} as const;

export interface HoursPercentiles {
  p10: number;
  p50: number;
  p90: number;
}
export interface MoneyPercentiles {
  p10: string;
  p50: string;
  p90: string;
}
export interface DatePercentiles {
  p10: string;
  p50: string;
  p90: string;
}

export interface PhaseRange {
  milestoneId: string;
  phaseId: string;
  hours: HoursPercentiles;
  cost: MoneyPercentiles;
  /** Where the range comes from: the app's estimate, the author's figures, or none (a point figure). */
  source: 'app' | 'author' | 'none';
  basis: string;
}

export interface MilestoneRange {
  milestoneId: string;
  code: string;
  hours: HoursPercentiles;
  cost: MoneyPercentiles;
  /** The milestone's last day as planned, and its P10–P90 when hours beyond its bookings push it. */
  plannedEnd: string | null;
  end: DatePercentiles | null;
  phases: PhaseRange[];
}

export interface PlanRanges {
  currency: string;
  milestones: MilestoneRange[];
  /** All costs (GPU + storage + transfer): the plan's total, P10–P90. */
  total: MoneyPercentiles;
  plannedTotal: string;
  /** The last milestone's end as planned, and P10–P90. */
  finish: (DatePercentiles & { planned: string }) | null;
  budget: string;
  /** P(total ≤ budget), 0…1. */
  budgetHolds: number;
  samples: number;
  seed: number;
  rules: { [K in keyof typeof RANGE_RULES]: string };
}
