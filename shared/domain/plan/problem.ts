/**
 * What a plan check reports (a problem, where it is, how bad) and the per-pool and per-phase loads the checks compute:
 * the types every check file shares, in their own module so the checks and `checks.ts` do not import each other.
 */
import type { RunRuleKind } from '../../estimate/run-rules';

/** A GPU-count check of one run (run-gpu-checks.ts). */
export type RunGpuKind = 'run-over-offering-gpus' | 'run-nodes-without-network';

export type ProblemKind =
  | 'pool-over-capacity'
  | 'pool-concurrency'
  | 'milestone-short-hours'
  | 'milestone-no-hardware'
  | 'week-over-budget-share'
  | 'cumulative-over-budget'
  | 'offering-missing'
  | 'price-changed'
  | 'allocation-outside-track'
  | 'exchange-rate-missing'
  | 'exchange-rate-stale'
  | 'subscription-over-allowance'
  | 'milestone-dependency-order'
  | RunRuleKind
  | RunGpuKind;

export type Severity = 'error' | 'warning' | 'info';

/** Where the timeline jumps to: a swimlane cell, a pool row cell, a totals cell, or a milestone marker. */
export interface CellRef {
  row: 'track' | 'pool' | 'totals' | 'milestone';
  trackId?: string;
  poolId?: string;
  week?: string;
  allocationId?: string;
  milestoneId?: string;
  phaseId?: string;
}

export interface Problem {
  id: string;
  kind: ProblemKind;
  severity: Severity;
  week?: string;
  trackId?: string;
  milestoneId?: string;
  message: string;
  cell: CellRef;
}

export interface PoolLoad {
  poolId: string;
  weeks: Record<string, { gpuHours: number; concurrentGpus: number; vcpus: number; capacityHours: number; over: boolean; turns: boolean }>;
}

export interface PhaseCoverage {
  milestoneId: string;
  phaseId: string;
  neededHours: number | null;
  neededBasis: string;
  /** GPU-hours booked toward this phase, up to what it needs (what the shortfall check counts). */
  allocatedHours: number;
  /** Every GPU-hour of the phase's track and hardware booked in its weeks, even beyond what it needs (no cap). */
  bookedHours: number;
}
