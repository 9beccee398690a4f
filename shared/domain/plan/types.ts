/**
 * Planning domain types: a project, its tracks (swimlanes), milestones, weekly GPU allocations,
 * capacity pools (what the team can actually get) and scenarios (plan copies with variations).
 * Pure types only — no Node, DOM, React or Electron.
 *
 * Units: dates are ISO `YYYY-MM-DD`; weeks are ISO week keys `2025-W51` (Monday start);
 * money is a decimal string in the project's currency (USD for catalog prices); hours are wall-clock
 * hours of the allocated GPUs (GPU-hours = hours × gpuCount).
 */
import type { ChecksSay, ClaimCheck, Verdict } from '../claims/claim-check';
import type { DataRate } from '../data-costs/rate-schema';
import type { ExchangeRate } from '../budget/types';
import type { Subscription } from '../subscriptions';

/** `{low, high}` range, as the seed documents give most figures (3-5 runs, $80-120). */
export interface Range {
  low: number;
  high: number;
}

export interface Project {
  id: string;
  name: string;
  /** First and last day of the project (inclusive). */
  start: string;
  end: string;
  currency: string;
  /** Total budget as a decimal string in `currency`. */
  budget: string;
  /** Where the budget figure comes from. */
  budgetSource: string;
  description: string;
  /** Document the plan was transcribed from (e.g. seed 001), null for plans made in the app. */
  source: string | null;
}

export interface Track {
  id: string;
  projectId: string;
  name: string;
  owner: string;
  focus: string;
  /** CSS colour `#rrggbb` of the swimlane and the chart series. */
  colour: string;
  start: string;
  end: string;
  /** Order of the swimlane. */
  position: number;
  notes: string | null;
}

/** The author's own figures, kept as written. */
export interface AuthorEstimate {
  /** Total GPU-hours over all runs of the phase. */
  hours: Range;
  /** Total cost in USD over all runs of the phase. */
  usd: Range;
  /** Per-run figures where the document gives them. */
  hoursPerRun: Range | null;
  usdPerRun: Range | null;
  /** The author's words, quoted. */
  text: string;
}

/** The app's estimate, computed by the estimation engine from the saved workload and the catalog price. */
export interface AppEstimate {
  /** GPU-hours over all runs (runs.high × hours per run, the figure the plan must hold). */
  hours: number;
  /** GPU-hours of one run: wall-clock hours × `gpus`. */
  hoursPerRun: number;
  /** GPUs one run uses (the workload's gpuCount over all its nodes); absent in plans saved before issue 17 = 1. */
  gpus?: number;
  usd: string;
  computedAt: string;
  /** asOf of the price used. */
  priceAsOf: string | null;
  /** Where the estimate comes from (engine version, bound, notes). */
  basis: string;
  /**
   * P10–P90 of `hours` from the estimator's range, narrowed by recorded runs (estimate-range.ts, issue 29 item 5);
   * absent in estimates saved before it (recomputed on the next write or launch) and when the engine gives no range.
   */
  hoursRange?: { low: number; high: number; basis: string };
}

/**
 * A piece of a milestone with its own dates and hardware (the seed's M2 is "experimentation on L4" then "final run on A100").
 * Single-hardware milestones have one phase.
 */
export interface MilestonePhase {
  id: string;
  name: string;
  start: string;
  end: string;
  /** Chosen offering from the catalog; null = no hardware chosen yet (a check flags it). */
  offeringId: string | null;
  /** GPU type (catalog gpu id), kept so a deleted offering still says what it was. */
  gpuId: string | null;
  runs: Range;
  /** Estimation workload JSON (docs/cli.md `estimate --workload`), saved as given. */
  workload: Record<string, unknown> | null;
  authorEstimate: AuthorEstimate | null;
  appEstimate: AppEstimate | null;
}

export interface Milestone {
  id: string;
  trackId: string;
  /** Short code as the document names it (M1). */
  code: string;
  name: string;
  description: string;
  /** Facts of the milestone as the document states them (cases, windows, epochs…), label → value. */
  facts: Array<{ label: string; value: string }>;
  phases: MilestonePhase[];
  position: number;
  /**
   * Milestones (ids, any track) this one comes after: it starts only once each of them has ended (M3 after M2).
   * The plan checks it (milestone-dependency-order) and the optimizer keeps it. Absent = none.
   */
  dependsOn?: string[];
}

/** Track × ISO week × (offering or GPU type) × GPU count × hours. */
export interface Allocation {
  id: string;
  trackId: string;
  week: string;
  /** Offering from the catalog, or null when only a GPU type is booked (no price yet). */
  offeringId: string | null;
  gpuId: string;
  gpuCount: number;
  /** Wall-clock hours of the booked GPUs in that week (0–168). GPU-hours = hours × gpuCount. */
  hours: number;
  /** Milestone phase this booking serves, if any (informative; the checks match by GPU and dates). */
  phaseId: string | null;
  note: string | null;
}

export type PoolUnit = 'gpus' | 'vcpus';

/** What the team can actually get: a quota, an account, a machine. */
export interface CapacityPool {
  id: string;
  projectId: string;
  name: string;
  /** Concurrent GPUs (unit `gpus`) or vCPUs of quota (unit `vcpus`). */
  capacity: number;
  unit: PoolUnit;
  /** Offerings this pool admits. */
  offeringIds: string[];
  /** GPU types this pool admits (any offering with that GPU, and GPU-type-only bookings). */
  gpuIds: string[];
  notes: string | null;
}

/** The price the plan was made with, to notice when the catalog price changes. */
export interface PlannedPrice {
  offeringId: string;
  kind: string;
  usd: string;
  per: 'hour' | 'month' | 'once';
  asOf: string;
  source: string;
}

/** A claim of the source document the app checks (or that the reader must check). */
export interface SourceClaim {
  id: string;
  quote: string;
  where: string;
  verdict: Verdict;
  explanation: string;
  /** how the app re-derives the verdict from the estimator, catalog and plan checks (shared/domain/claims). */
  check?: ClaimCheck;
  /** what the explanation says about the plan's checks, verified against them. */
  checksSay?: ChecksSay;
  /** the seed and lines the claim quotes. */
  source?: { seed: string; lines: number[] };
}

/**
 * A storage or transfer need the lead states: a dataset kept on a storage tier, checkpoints written per run, model
 * downloads (egress to the internet) per run or per month. Priced from the dated rows of storage-transfer.json.
 */
export type DataCostKind = 'dataset' | 'checkpoints' | 'downloads';

export interface DataCostItem {
  id: string;
  /** Track it serves; null = the whole project. */
  trackId: string | null;
  kind: DataCostKind;
  label: string;
  /** dataset: GB held; checkpoints: GB kept per run; downloads: GB sent per run or per month. */
  gb: number;
  /** held (dataset), run (checkpoints, downloads per run) or month (downloads per month). */
  per: 'held' | 'run' | 'month';
  /** Runs, for `per: run` (checkpoints kept from every run; downloads spread over the dates). */
  runs: number | null;
  /** Storage or transfer rate row id (storage for dataset/checkpoints, transfer for downloads). */
  rateId: string;
  /** Days the data is held or sent (inclusive), within the project's dates. */
  start: string;
  end: string;
  /** Where the figure comes from (the lead's words or a document line). */
  source: string;
}

/** The plan aggregate: everything the timeline, the checks and the totals need. */
export interface Plan {
  project: Project;
  tracks: Track[];
  milestones: Milestone[];
  allocations: Allocation[];
  pools: CapacityPool[];
  plannedPrices: PlannedPrice[];
  /** How the document's words became numbers here. */
  notes: string[];
  claims: SourceClaim[];
  /** Storage and data transfer the lead states (issue 19 item 15); absent = none stated. */
  dataCosts?: DataCostItem[];
}

export interface ScenarioAuthorFigures {
  usd: Range | null;
  days: Range | null;
  risk: string;
  text: string;
}

/** A plan copy with variations (the seed's cost-optimised / balanced / performance options). */
export interface Scenario {
  id: string;
  projectId: string;
  name: string;
  description: string;
  /** The variation applied to the base plan, in words. */
  variation: string;
  author: ScenarioAuthorFigures | null;
  plan: Plan;
  createdAt: string;
}

/** Catalog facts the pure planning code needs (a subset of catalog offerings with their current prices). */
export interface OfferingFacts {
  id: string;
  gpuId: string;
  gpuCount: number;
  vcpus: number | null;
  label: string;
  /** The GPU's name from the catalog ("NVIDIA L4 24GB"), for text a person reads. */
  gpuName?: string;
  deleted: boolean;
  prices: Array<{ kind: string; usd: number | string; per: 'hour' | 'month' | 'once'; asOf: string; source: string }>;
}

export interface PlanCatalog {
  offerings: OfferingFacts[];
  /** The catalog's storage and data-transfer prices (issue 19 item 15); absent: the bundled rows. */
  dataRates?: DataRate[];
  /** Dated exchange rates (the bundled ECB ones and the user's): the catalog's USD into the project's currency. */
  rates?: ExchangeRate[];
  /** Subscriptions' allowances, usage rates and top-ups (issue 25 item 5); absent: the bundled rows. */
  subscriptions?: Subscription[];
}
