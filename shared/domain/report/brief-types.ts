/**
 * The brief's shapes (what buildBrief takes and what it returns), in their own module so brief.ts and its helpers
 * (brief-months.ts, better-scenario.ts) do not import each other.
 */
export interface BriefBar {
  from: string;
  to: string;
  label: string;
}
export interface BriefTrack {
  id: string;
  name: string;
  colour: string;
  bars: BriefBar[];
  milestones: Array<{ week: string; code: string; label: string }>;
}
export interface BriefMonth {
  month: string;
  plannedUsd: string;
  budgetUsd: string | null;
  cumulativePlannedUsd: string;
  cumulativeBudgetUsd: string | null;
  over: boolean;
  /** The planned bar's length and the month budget's mark, in % of the budget's scale (the larger of the budget — the
   * month budgets, or the project's total without them — and the largest month planned). */
  barPercent: number;
  budgetMarkPercent: number | null;
}
export interface BriefScenario {
  name: string;
  chosen: boolean;
  usd: string;
  gpuHours: number;
  days: number | null;
  errors: number;
  warnings: number;
  overBudget: boolean;
}

/** One row of the scenario comparison as the brief reads it (the report's rows add the author's figures). */
export interface ScenarioSummary {
  scenarioId: string | null;
  name: string;
  usd: string;
  gpuHours: number;
  durationDays: number | null;
  errors: number;
  warnings: number;
}

export interface Brief {
  title: string;
  decision: string;
  recommendation: { verdict: 'approve' | 'approve-with-changes' | 'do-not-approve-yet'; headline: string; reasons: string[] };
  status: { label: string; tone: 'good' | 'warn' | 'bad' };
  keyFigures: Array<{ label: string; value: string; note: string }>;
  gantt: { weeks: Array<{ week: string; start: string }>; tracks: BriefTrack[] };
  months: BriefMonth[];
  risks: string[];
  scenarios: BriefScenario[];
}

export interface BriefInput {
  projectName: string;
  /** The currency of every amount of the brief (the project's). */
  currency: string;
  scenarioName: string;
  start: string;
  end: string;
  /** All costs: GPU + storage + transfer. */
  plannedUsd: string;
  /** The storage and transfer part of plannedUsd ('0.00' when the plan states none). */
  dataCostsUsd?: string;
  budgetUsd: string;
  budgetByMonth: Record<string, string>;
  gpuHours: number;
  bookedFrom: string | null;
  bookedTo: string | null;
  durationDays: number | null;
  errors: number;
  warnings: number;
  weeks: Array<{ week: string; start: string; usd: string }>;
  /** The plan's months as shown everywhere (apportioned from its totals); without them the weeks' exact costs are. */
  months?: Array<{ month: string; usd: string }>;
  tracks: Array<{ id: string; name: string; colour: string }>;
  /** allocations with the hardware already in words */
  allocations: Array<{ week: string; trackId: string; hardware: string; hours: number }>;
  milestones: Array<{ trackId: string; code: string; name: string; start: string; end: string }>;
  /** problems already in words, most severe first */
  problems: Array<{ severity: string; kind: string; message: string }>;
  cheaper: string[];
  scenarios: ScenarioSummary[];
  scenarioId: string | null;
  /** The plan's ranges in words (plan-ranges.ts): the key figures show them instead of single figures. */
  ranges?: { total: string; plannedTotal: string; finish: string | null; budgetHolds: string };
}
